import { ChoiceInputs } from "~/components/form/choice-inputs";
import { FieldError, type Meta } from "~/components/form/field";

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
