import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { formatMonth } from "~/lib/rules/time-format";

/**
 * The head of a person's page, their own profile or their public one: photo, name, @username, area and when they
 * joined, with the page's buttons beside them (`actions`) and what the page adds below (`children`).
 */
export function ProfileHeader({
  person,
  actions,
  children,
}: {
  person: {
    name: string;
    username: string | null;
    avatarUrl: string | null;
    location: string | null;
    joinedAt: string;
  };
  actions: ReactNode;
  children: ReactNode;
}) {
  const locale = useLocale();
  const t = useT();
  return (
    <header className="rounded-2xl border border-border bg-surface p-6">
      <div className="flex flex-wrap items-start gap-4">
        <UserAvatar name={person.name} url={person.avatarUrl} className="size-20 text-2xl" />
        <div className="min-w-0 flex-1 basis-48">
          <h1 className="break-words font-bold text-2xl">{person.name}</h1>
          {person.username ? <p className="text-ink-muted">@{person.username}</p> : null}
          {person.location ? (
            <p className="mt-1 flex items-center gap-1 text-sm">
              <MapPin aria-hidden="true" className="size-4 text-primary" /> {person.location}
            </p>
          ) : null}
          <p className="text-ink-muted text-sm">
            {t("Joined {date}", { date: formatMonth(person.joinedAt, locale) })}
          </p>
        </div>
        {actions}
      </div>
      {children}
    </header>
  );
}
