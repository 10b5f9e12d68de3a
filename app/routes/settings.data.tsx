import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { PageShell } from "~/components/layout/page-shell";
import { DataBackup } from "~/components/settings/data-backup";
import { DataDelete } from "~/components/settings/data-delete";
import { DataImport } from "~/components/settings/data-import";
import { useT } from "~/components/use-t";
import { clearedSessionCookie } from "~/lib/auth/session-cookie";
import { CLEAR_SITE_DATA } from "~/lib/http/clear-site-data";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { deleteAccountSchema, importConfirmSchema } from "~/lib/schemas/account-data";
import {
  confirmImport,
  deleteAccount,
  deletionConfirmation,
  type ImportPreview,
  previewImport,
  readImportUpload,
} from "~/models/account-data/account-data.server";
import { ModelError } from "~/models/model-error";
import { done, keepActionHeaders, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Your data")) }));

export const headers = keepActionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const confirmation = await deletionConfirmation(context.db, viewer.id);
  if (!confirmation) throw new Response("Profile not found", { status: 404 });
  return { confirmation: { kind: confirmation.kind, value: confirmation.value } };
}

/**
 * The import's preview (the page's one multipart form: the file), the chosen matches' confirmation and the
 * account's deletion. Each only for the signed-in person's own data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db } = context;
  const multipart = request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data");
  try {
    if (multipart) {
      const bytes = await readImportUpload(request);
      const preview: ImportPreview = await previewImport(db, viewer.id, bytes);
      return { ...done(null), preview };
    }
    const form = await readFormData(request);
    const intent = form.get("intent");
    if (intent === "confirm-import") {
      const input = importConfirmSchema.safeParse({ stallIds: form.getAll("stallId") });
      if (!input.success) throw new ModelError(400, firstIssue(input.error));
      const result = await confirmImport(db, viewer.id, input.data.stallIds);
      return done(
        msg("{count, plural, one {# stall saved} other {# stalls saved}} to My Food Trail.", {
          count: result.added + result.already_saved,
        }),
      );
    }
    if (intent === "delete-account") {
      const input = deleteAccountSchema.safeParse({ confirm: form.get("confirm") });
      if (!input.success) throw new ModelError(400, firstIssue(input.error));
      await deleteAccount(context, viewer.id, input.data.confirm);
      // Signed out, the person lands where they are told it worked (this page would now send them to sign in).
      return redirect("/account-deleted", {
        headers: {
          "Set-Cookie": clearedSessionCookie(context.config.isProduction),
          "Clear-Site-Data": CLEAR_SITE_DATA,
        },
      });
    }
    throw new ModelError(400, UNKNOWN_ACTION);
  } catch (error) {
    return refusal(error);
  }
}

const UNKNOWN_ACTION = msg("This request must be sent as a form.");
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? UNKNOWN_ACTION;

export default function SettingsDataPage() {
  const { confirmation } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell
      title={t("Your data")}
      subtitle={t(
        "Download everything you keep on Nukkad, bring in places saved elsewhere, or delete your account.",
      )}
    >
      <div className="grid gap-6">
        <DataBackup />
        <DataImport />
        <DataDelete confirmation={confirmation} />
      </div>
    </PageShell>
  );
}
