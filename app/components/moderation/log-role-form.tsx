import { getFormProps } from "@conform-to/react";
import { FieldError, TextAreaField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { ACCOUNT_ACTION_REASON_MAX } from "~/lib/schemas/account-action-fields";

const roleChangeForm = formSchema(() => import("~/lib/schemas/moderation-log"), "roleChangeSchema");

/** What the person page's action reads to tell this form from the account actions' form. */
export const ROLE_INTENT = "role";

/**
 * An admin's form on a person page: grant the moderator role, or take it back, with a reason for the moderation log
 * (ADR 047). Posted with its own fetcher, so its answer never lands in the account actions' form beside it.
 */
export function RoleForm({ name, moderator }: { name: string; moderator: boolean }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const [form, fields] = useFetcherForm(roleChangeForm, fetcher, { id: "role-form" });
  const sending = fetcher.state !== "idle";
  return (
    <TitledSection id="person-role" title={t("Moderator role")} look="card">
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <input type="hidden" name="intent" value={ROLE_INTENT} />
        <input type="hidden" name="role" value={moderator ? "user" : "moderator"} />
        <p>{moderator ? t("{name} is a moderator.", { name }) : t("{name} is not a moderator.", { name })}</p>
        <TextAreaField
          label={t("Reason (kept in the moderation log)")}
          meta={fields.reason}
          rows={2}
          maxLength={ACCOUNT_ACTION_REASON_MAX}
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton pending={sending} pendingLabel={t("Saving...")}>
          {moderator ? t("Take the moderator role") : t("Make a moderator")}
        </SubmitButton>
      </fetcher.Form>
    </TitledSection>
  );
}
