import { Link } from "@remix-run/react";
import { UserAvatar } from "~/components/user-avatar";
import type { PersonView } from "~/lib/schemas/community";

type Author = Pick<PersonView, "name" | "username" | "avatar_url">;

function profilePath(username: string) {
  return `/u/${encodeURIComponent(username)}`;
}

/**
 * Who wrote a post or reel, as a picture: it leads to their profile when they have one, out of the tab order and
 * hidden from screen readers, which reach the same profile through the name beside it (`AuthorName`).
 */
export function AuthorAvatar({ author, className }: { author: Author; className: string }) {
  const avatar = <UserAvatar name={author.name} url={author.avatar_url} className={className} />;
  if (!author.username) return avatar;
  return (
    <Link to={profilePath(author.username)} tabIndex={-1} aria-hidden="true">
      {avatar}
    </Link>
  );
}

/** Who wrote a post, comment or reel, by name: a link to their profile when they have a username. */
export function AuthorName({ author }: { author: Author }) {
  if (!author.username) return <span className="font-semibold">{author.name}</span>;
  return (
    <Link to={profilePath(author.username)} className="font-semibold hover:underline">
      {author.name}
    </Link>
  );
}
