import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
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
import { addDishAliasSchema, deleteDishAliasSchema } from "~/lib/schemas/dish-alias";
import { addDishAlias, deleteDishAlias, listDishAliases } from "~/models/dish-alias.server";
import { done, invalid, refusal } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";
import { removeByIntent } from "~/request/remove-intent.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Dish aliases"), t("Moderation")) }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const aliases = await listDishAliases(context.db);
  const dishes = new Map<string, { id: number; alias: string }[]>();
  for (const { dish, ...alias } of aliases) dishes.set(dish, [...(dishes.get(dish) ?? []), alias]);
  return { dishes: [...dishes].map(([dish, names]) => ({ dish, names })), total: aliases.length };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === "delete") {
    return removeByIntent(
      form,
      deleteDishAliasSchema,
      (id) => deleteDishAlias(context.db, id, moderator.id),
      {
        unreadable: msg("That alias could not be read."),
        removed: msg("Alias removed"),
      },
    );
  }
  const submission = parseWithZod(form, { schema: addDishAliasSchema });
  if (submission.status !== "success") return invalid(submission);
  const { dish, alias } = submission.value;
  try {
    await addDishAlias(context.db, { dish, alias }, moderator.id);
  } catch (error) {
    return refusal(error, submission);
  }
  return done(msg('"{alias}" now finds {dish}', { alias, dish }), submission.reply({ resetForm: true }));
}

const addDishAliasForm = formSchema(() => import("~/lib/schemas/dish-alias"), "addDishAliasSchema");

export default function DishAliasesPage() {
  const { dishes, total } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = usePageForm(addDishAliasForm, answer?.result);
  const t = useT();
  useAnswerToast(answer);
  return (
    <PageShell
      title={t("Dish aliases")}
      subtitle={t(
        "Other names of a dish, in either script: a search for any of them finds stalls that use any other.",
      )}
    >
      <CardForm
        {...getFormProps(form)}
        legend={t("Add an alias")}
        pending={adding}
        className="max-w-xl"
        hidden={<input type="hidden" name="intent" value="add" />}
      >
        <TextField label={t("Dish")} meta={fields.dish} type="text" required placeholder={t("pani puri")} />
        <TextField
          label={t("Other name")}
          meta={fields.alias}
          type="text"
          required
          placeholder={t("golgappa or गोलगप्पे")}
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton pending={adding} pendingLabel={t("Adding...")}>
          {t("Add Alias")}
        </SubmitButton>
      </CardForm>
      <h2 className="mt-8 font-semibold text-lg">
        {t(
          "{total, plural, one {# alias} other {# aliases}} of {dishes, plural, one {# dish} other {# dishes}}",
          { total, dishes: dishes.length },
        )}
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {dishes.map(({ dish, names }) => (
          <li key={dish} className="rounded-xl border border-border bg-surface p-4">
            <h3 className="font-semibold">{dish}</h3>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("Other names of {dish}", { dish })}>
              {names.map(({ id, alias }) => (
                <li
                  key={id}
                  className="flex items-center gap-1 rounded-full border border-border py-1 pr-1 pl-3 text-sm"
                >
                  <span lang={/[\u0900-\u097F]/.test(alias) ? "hi" : undefined}>{alias}</span>
                  <RemoveEntryButton id={id} label={t("Remove {alias}", { alias })} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
