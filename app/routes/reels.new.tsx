import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { Suspense } from "react";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import type { ReelUploadFormProps } from "~/components/reel/upload-form";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { isStallId } from "~/lib/schemas/stall-id";
import { findStallDetail } from "~/models/stall/stall.server";
import { requireUser } from "~/request/guards.server";

// The form (zod, the upload client) arrives after the page; mediabunny only once a video is chosen.
const uploadForm = lazyForm<ReelUploadFormProps>(() =>
  import("~/components/reel/upload-form").then((module) => module.default),
);

export const meta = pageMeta((t) => ({ title: pageTitle(t("Add a reel"), t("Reels")) }));

/** Members only (visitors sign in and come back); ?stall=<id> pins the reel to that stall when it is approved. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const stallId = new URL(request.url).searchParams.get("stall");
  const stall = stallId && isStallId(stallId) ? await findStallDetail(context.db, stallId, viewer) : null;
  return {
    emailConfirmed: mayContribute(viewer),
    stall: stall?.status === "approved" ? { id: stall.id, name: stall.name } : null,
  };
}

export default function NewReelPage() {
  const { emailConfirmed, stall } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-8">
      <Link
        to={stall ? `/stall/${stall.id}` : "/reels"}
        className="inline-flex min-h-10 items-center gap-1.5 font-semibold text-primary-strong text-sm"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {stall ? t("Back to the stall") : t("All reels")}
      </Link>
      <h1 className="mt-2 font-bold text-2xl md:text-3xl">{t("Add a reel")}</h1>
      <p className="mt-1 text-ink-muted">
        {t("A short video of a stall and its food. A moderator checks every reel before others can see it.")}
      </p>
      {emailConfirmed ? (
        <Suspense fallback={<LoadingForm className="mt-6 min-h-96" />}>
          <uploadForm.Form stall={stall} />
        </Suspense>
      ) : (
        <ConfirmEmailNotice>{t(CONFIRM_EMAIL_FIRST)}</ConfirmEmailNotice>
      )}
    </div>
  );
}
