import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Lock } from "lucide-react";
import { PeopleList } from "~/components/profile/people-list";
import { ProfileTabs } from "~/components/profile/profile-tabs";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { listPeople } from "~/models/follow.server";
import { getPublicProfile } from "~/models/public-profile.server";
import { notFoundPage } from "~/request/answers.server";

const LISTS = [
  { value: "followers", label: msg("Followers") },
  { value: "following", label: msg("Following") },
] as const;

/** /u/:username/followers and /following: keyset pages of people, each with its follow button. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const list = LISTS.find(({ value }) => value === params.list)?.value;
  if (!list) throw new Response("Not Found", { status: 404 });
  const { db } = context;
  const viewer = await context.viewer();
  const reader = viewer ? { id: viewer.id } : null;
  const profile = await getPublicProfile(db, reader, params.username ?? "").catch(notFoundPage);
  const username = profile.username ?? "";
  if (profile.limited) return { list, profile, signedIn: viewer !== null, people: null };
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const people = await listPeople(db, reader, username, list, cursor);
  return { list, profile, signedIn: viewer !== null, people };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  if (!loaded) return [{ title: pageTitle(t("Oops! Page not found")) }];
  const label = LISTS.find(({ value }) => value === loaded.list)?.label ?? "";
  return [{ title: pageTitle(t(label), loaded.profile.name) }, { name: "robots", content: "noindex" }];
};

export default function PeoplePage() {
  const { list, profile, signedIn, people } = useLoaderData<typeof loader>();
  const t = useT();
  const username = profile.username ?? "";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={`/u/${username}`}
        className="inline-flex items-center gap-1 font-semibold text-primary-strong text-sm underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {profile.name}
      </Link>
      <h1 className="mt-2 font-bold text-2xl">
        {list === "followers"
          ? t("People who follow {name}", { name: profile.name })
          : t("People {name} follows", { name: profile.name })}
      </h1>
      <ProfileTabs tabs={LISTS} current={list} hrefOf={(value) => `/u/${username}/${value}`} />
      {people ? (
        <PeopleList
          key={list}
          first={people}
          signedIn={signedIn}
          empty={
            list === "followers"
              ? t("Nobody follows {name} yet.", { name: profile.name })
              : t("{name} does not follow anyone yet.", { name: profile.name })
          }
        />
      ) : (
        <p className="mt-6 flex items-start gap-2 rounded-lg bg-surface-muted p-3 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("Only their followers can see who they follow and who follows them")}
        </p>
      )}
    </div>
  );
}
