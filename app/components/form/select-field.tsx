import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { Field } from "~/components/form/field";
import { useT } from "~/components/use-t";

/**
 * A form field that picks one of `options`, each shown by its msg() in `labels`, with `placeholder` as the choice of
 * none. Its box turns red while the field is refused, like a text field's.
 */
export function SelectField<Option extends string>({
  label,
  meta,
  required,
  placeholder,
  options,
  labels,
}: {
  label: string;
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  required?: boolean;
  placeholder: string;
  options: readonly Option[];
  labels: Record<Option, string>;
}) {
  const t = useT();
  return (
    <Field label={label} meta={meta} required={required}>
      <select
        {...getSelectProps(meta)}
        key={meta.key}
        className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(labels[option])}
          </option>
        ))}
      </select>
    </Field>
  );
}
