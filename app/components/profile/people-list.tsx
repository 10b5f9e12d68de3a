import { Link } from "@remix-run/react";
import { FollowButton } from "~/components/community/follow-button";
import { LoadMore } from "~/components/paging/load-more";
import { useKeysetPages } from "~/components/paging/use-keyset-pages";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { authorName } from "~/lib/rules/deleted-user";
import type { PersonPage } from "~/lib/schemas/community";

/**
 * Followers or following: each person links to their profile and has a follow button (none for the reader
 * themself; a visitor's asks them to sign in), and 'Load more' adds the next keyset page below.
 */
export function PeopleList({
  first,
  signedIn,
  empty,
}: {
  first: PersonPage;
  signedIn: boolean;
  empty: string;
}) {
  const t = useT();
  const paging = useKeysetPages(first, { pageOf: (data: { people: PersonPage | null }) => data.people });
  if (paging.items.length === 0) {
    return (
      <p className="mt-6 rounded-xl border border-border border-dashed p-6 text-center text-ink-muted">
        {empty}
      </p>
    );
  }
  return (
    <>
      <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface">
        {paging.items.map((person) => {
          const name = authorName(t, person.name);
          return (
            <li key={person.id} className="flex items-center gap-3 p-3">
              <UserAvatar name={name} url={person.avatar_url} className="size-11 text-sm" />
              <div className="min-w-0 flex-1">
                {person.username ? (
                  <Link to={`/u/${person.username}`} className="block truncate font-semibold hover:underline">
                    {name}
                  </Link>
                ) : (
                  <p className="truncate font-semibold">{name}</p>
                )}
                {person.username ? (
                  <p className="truncate text-ink-muted text-sm">@{person.username}</p>
                ) : null}
              </div>
              {person.username && (person.following !== null || !signedIn) ? (
                <FollowButton username={person.username} name={name} following={person.following ?? false} />
              ) : null}
            </li>
          );
        })}
      </ul>
      <LoadMore paging={paging} />
    </>
  );
}
