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
