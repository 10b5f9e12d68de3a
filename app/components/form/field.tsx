import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

/** Field messages sit right under their field and are announced when they appear. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-closed text-sm">
      {errors[0]}
    </p>
  );
}

type InputType = "text" | "email" | "tel" | "url" | "password";

export function TextField({
  label,
  meta,
  type,
  required,
  ...rest
}: {
  label: string;
  // Any field's metadata: the schema's output type does not matter to a text input.
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  type: InputType;
  required?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "required">) {
  return (
    <div>
      <label htmlFor={meta.id} className="block font-medium text-sm">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-closed">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input
        {...getInputProps(meta, { type })}
        key={meta.key}
        {...rest}
        className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
