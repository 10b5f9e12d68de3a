import type { Submission, useForm } from "@conform-to/react";
import type { z } from "zod";

export type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
/** What conform derives from a schema for each field's attributes: `required`, `maxLength`, `min`, `pattern`... */
export type Constraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
export type Validate<S extends Schema> = (
  formData: FormData,
) => Submission<z.input<S>, string[], z.output<S>>;

/**
 * A form's schema as the browser gets it (ADR 056): its constraints in the page's code, and its checks, which need
 * zod, loaded when someone starts on the form. The server reads the same module as it is.
 */
export interface FormSchema<S extends Schema> {
  constraint: Constraint;
  loadValidate: () => Promise<Validate<S>>;
}

/**
 * `formSchema(() => import("~/lib/schemas/contact"), "contactSchema")`, written literally: the build
 * (vite-form-schemas.ts) reads the schema and adds its constraints as the third argument.
 */
export function formSchema<M extends Record<K, Schema>, K extends string>(
  load: () => Promise<M>,
  name: K,
  constraint?: Constraint,
): FormSchema<M[K]> {
  if (!constraint)
    throw new Error(`formSchema(${name}) was built without the nukkad:form-schemas Vite plugin`);
  let loading: Promise<Validate<M[K]>> | null = null;
  return {
    constraint,
    loadValidate: () => {
      // A failed download (offline) is tried again at the next start on the form rather than remembered.
      loading ??= Promise.all([load(), import("~/components/form/validate-with-zod")])
        .then(([module, { validateWith }]) => validateWith(module[name]))
        .catch((error: unknown) => {
          loading = null;
          throw error;
        });
      return loading;
    },
  };
}
