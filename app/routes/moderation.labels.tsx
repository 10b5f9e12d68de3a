import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CardForm } from "~/components/form/card-form";
import { FieldError, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useAnswerToast } from "~/components/form/use-answer-toast";
import { usePageForm } from "~/components/form/use-schema-form";
import { PageShell } from "~/components/layout/page-shell";
import { RemoveEntryButton } from "~/components/moderation/remove-entry";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { deleteLabelNameSchema, setLabelNameSchema } from "~/lib/schemas/label-name";
import {
  deleteLabelName,
  labelsWithoutHindi,
  listLabelNames,
  setLabelName,
} from "~/models/label-name.server";
import { done, invalid } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";
import { removeByIntent } from "~/request/remove-intent.server";

// The Hindi names of labels (ADR 035), kept like the dish aliases: one form sets a name, new or changed; the labels
// still without one link back to the form with the label filled in.

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Hindi names of labels"), t("Moderation")) }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const [names, missing] = await Promise.all([listLabelNames(context.db), labelsWithoutHindi(context.db)]);
  const chosen = new URL(request.url).searchParams.get("label")?.slice(0, 60) ?? "";
  return { names, missing, chosen };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === "delete") {
    return removeByIntent(form, deleteLabelNameSchema, (id) => deleteLabelName(context.db, id), {
      unreadable: msg("That Hindi name could not be read."),
      removed: msg("Hindi name removed"),
    });
  }
  const submission = parseWithZod(form, { schema: setLabelNameSchema });
  if (submission.status !== "success") return invalid(submission);
  const { label, hindi } = submission.value;
  await setLabelName(context.db, { label, hindi }, moderator.id);
  return done(
    msg('Hindi pages now show "{label}" as "{hindi}"', { label, hindi }),
    submission.reply({ resetForm: true }),
  );
}

const setLabelNameForm = formSchema(() => import("~/lib/schemas/label-name"), "setLabelNameSchema");

export default function LabelNamesPage() {
  const { names, missing, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "set";
  // A new form for each label chosen from the list, so its field starts with that label.
  const [form, fields] = usePageForm(setLabelNameForm, answer?.result, {
    id: `label-name-${chosen}`,
    defaultValue: { label: chosen },
  });
  const t = useT();
  useAnswerToast(answer);
  return (
    <PageShell
      title={t("Hindi names of labels")}
      subtitle={t(
        "Categories, tags, cuisines and dishes as Hindi pages show them. A label without a Hindi name is shown in English; search finds a stall by either name.",
      )}
    >
      <CardForm
        {...getFormProps(form)}
        legend={t("Set a Hindi name")}
        pending={saving}
        className="max-w-xl"
        hidden={<input type="hidden" name="intent" value="set" />}
      >
        <TextField
          label={t("Label in English")}
          meta={fields.label}
          type="text"
          required
          placeholder={t("e.g. North Indian")}
        />
        <TextField
          label={t("Hindi name")}
          meta={fields.hindi}
          type="text"
          required
          lang="hi"
          placeholder={t("e.g. उत्तर भारतीय")}
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton pending={saving} pendingLabel={t("Saving...")}>
          {t("Save Hindi name")}
        </SubmitButton>
      </CardForm>
      <h2 className="mt-8 font-semibold text-lg">
        {t("{count, plural, one {# label without a Hindi name} other {# labels without a Hindi name}}", {
          count: missing.length,
        })}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("Labels without a Hindi name")}>
        {missing.map((label) => (
          <li key={label}>
            <Link
              to={`?label=${encodeURIComponent(label)}`}
              className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm hover:border-primary"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 font-semibold text-lg">
        {t("{count, plural, one {# Hindi name} other {# Hindi names}}", { count: names.length })}
      </h2>
      <ul className="mt-3 grid gap-2 md:grid-cols-2" aria-label={t("Hindi names")}>
        {names.map(({ id, label, hindi }) => (
          <li
            key={id}
            className="flex items-center gap-2 rounded-xl border border-border bg-surface py-1 pr-1 pl-3"
          >
            <Link to={`?label=${encodeURIComponent(label)}`} className="grow hover:underline">
              {label} · <span lang="hi">{hindi}</span>
            </Link>
            <RemoveEntryButton id={id} label={t("Remove the Hindi name of {label}", { label })} />
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
