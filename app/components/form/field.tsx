import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useT } from "~/components/use-t";

/** Field messages sit right under their field and are announced when they appear. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-closed text-sm">
      {/* Schemas write their messages in English, the catalogue's keys (ADR 019). */}
      {t(errors[0] ?? "")}
    </p>
  );
}

/** What the editor of a list field (photos, tags) needs: the name its inputs post under, and the messages of the
 * list and of its items. */
export interface ListField {
  name: string;
  errorId: string;
  errors: string[] | undefined;
}

/** How much of a text's room is used, under its box: "120/1000". */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <p className="text-ink-muted text-xs">
      {length}/{max}
    </p>
  );
}

// Any field's metadata: the schema's output type does not matter to a control.
export type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The box of a text input or textarea, which turns red while its field is refused. */
const CONTROL_CLASS =
  "mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed";

interface FieldProps {
  label: string;
  meta: Meta;
  /** Marks the label with a star, and the control as required. */
  required?: boolean;
  /** What the control says of itself, between it and the field's message (a character count, a check). */
  note?: ReactNode;
}

/** A form field: its label, the control (`children`), the control's note, then the field's message. */
export function Field({ label, meta, required, note, children }: FieldProps & { children: ReactNode }) {
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
      {children}
      {note}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * conform's props for a control, with what the caller adds. A control whose value the caller holds (`value`) drops
 * conform's defaultValue, and `required` adds to what the schema's constraint says.
 */
function controlProps<
  Props extends { defaultValue?: string; required?: boolean },
  Rest extends { value?: unknown },
>(conform: Props, required: boolean | undefined, rest: Rest) {
  const { defaultValue, ...props } = conform;
  return {
    ...props,
    ...(rest.value === undefined ? { defaultValue } : {}),
    required: required || props.required,
    ...rest,
  };
}

type InputType = "text" | "email" | "tel" | "url" | "password";

export function TextField({
  label,
  meta,
  type,
  required,
  note,
  ...rest
}: FieldProps & { type: InputType } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "required"
  >) {
  return (
    <Field label={label} meta={meta} required={required} note={note}>
      <input
        {...controlProps(getInputProps(meta, { type }), required, rest)}
        key={meta.key}
        className={CONTROL_CLASS}
      />
    </Field>
  );
}

export function TextAreaField({
  label,
  meta,
  required,
  note,
  ...rest
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "required">) {
  return (
    <Field label={label} meta={meta} required={required} note={note}>
      <textarea
        {...controlProps(getTextareaProps(meta), required, rest)}
        key={meta.key}
        className={CONTROL_CLASS}
      />
    </Field>
  );
}

/** The account's password, asked before a change to how it signs in. */
export function CurrentPasswordField({ meta }: { meta: Meta }) {
  const t = useT();
  return (
    <TextField
      label={t("Current password")}
      meta={meta}
      type="password"
      autoComplete="current-password"
      required
    />
  );
}

/** A password being chosen (or its confirmation): password managers offer to generate and save it. */
export function NewPasswordField({ label, meta }: { label: string; meta: Meta }) {
  return <TextField label={label} meta={meta} type="password" autoComplete="new-password" required />;
}

/**
 * A composer's text box (a post, a comment): its placeholder says what to write and its label is for screen readers
 * only; it is marked while its field is refused and tells `onLength` how long its text is as it changes.
 */
export function ComposerTextArea({
  label,
  meta,
  describedBy,
  onLength,
  ...rest
}: {
  label: string;
  meta: Meta;
  /** What else describes it (a character count), before the field's message. */
  describedBy?: string;
  onLength: (length: number) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "onChange">) {
  const described = [describedBy, meta.errors ? meta.errorId : undefined].filter(Boolean).join(" ");
  return (
    <>
      <label htmlFor={meta.id} className="sr-only">
        {label}
      </label>
      <textarea
        id={meta.id}
        name={meta.name}
        key={meta.key}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onLength(event.target.value.length)}
        {...rest}
      />
    </>
  );
}
