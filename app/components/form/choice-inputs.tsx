import { FieldError, type Meta } from "~/components/form/field";

/** One labelled radio button or checkbox per option, all posting under `name`; `checked` holds those chosen at first. */
export function ChoiceInputs({
  type,
  name,
  options,
  checked = [],
  className,
}: {
  type: "radio" | "checkbox";
  name: string;
  options: readonly { value: string; label: string }[];
  checked?: readonly unknown[];
  className: string;
}) {
  return options.map((option) => (
    <label key={option.value} className={className}>
      <input
        type={type}
        name={name}
        value={option.value}
        defaultChecked={checked.includes(option.value)}
        className="accent-primary"
      />
      {option.label}
    </label>
  ));
}

/**
 * A question answered by one choice (what is wrong with it?): the legend, a labelled radio button per option in two
 * columns, then the field's message; the field's first value starts chosen.
 */
export function ChoiceField({
  legend,
  meta,
  options,
  className,
}: {
  legend: string;
  meta: Meta;
  options: readonly { value: string; label: string }[];
  className: string;
}) {
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="font-medium text-sm">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        <ChoiceInputs
          type="radio"
          name={meta.name}
          options={options}
          checked={[meta.initialValue]}
          className={className}
        />
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
