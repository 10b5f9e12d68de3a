import { Plus, Trash2 } from "lucide-react";
import { FieldError } from "~/components/form/field";

export type MenuDraft = { id: number; item: string; price: string; description: string };

let nextRowId = 0;
export const newMenuRow = (): MenuDraft => ({ id: nextRowId++, item: "", price: "", description: "" });

const MAX_MENU_ROWS = 50;

/** The menu (item, price in rupees, description): rows are added and removed freely; empty menus are fine. */
export function MenuEditor({
  name,
  rows,
  onChange,
  errors,
}: {
  name: string;
  rows: MenuDraft[];
  onChange: (rows: MenuDraft[]) => void;
  /** Messages by field name, e.g. "menu[0].item". */
  errors: Record<string, string[] | undefined>;
}) {
  const update = (id: number, change: Partial<MenuDraft>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const inputClass =
    "mt-1 min-h-10 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed";

  return (
    <div>
      {rows.length === 0 ? <p className="text-ink-muted text-sm">No menu items yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const field = `${name}[${index}]`;
          const itemErrors = errors[`${field}.item`];
          const priceErrors = errors[`${field}.price`];
          const descriptionErrors = errors[`${field}.description`];
          return (
            <li key={row.id} className="rounded-xl border border-border p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <div>
                  <label htmlFor={`${field}.item`} className="block font-medium text-sm">
                    Item {index + 1}
                  </label>
                  <input
                    id={`${field}.item`}
                    name={`${field}.item`}
                    value={row.item}
                    onChange={(event) => update(row.id, { item: event.target.value })}
                    maxLength={80}
                    placeholder="e.g. Masala Dosa"
                    aria-invalid={itemErrors ? true : undefined}
                    aria-describedby={itemErrors ? `${field}.item-error` : undefined}
                    className={inputClass}
                  />
                  <FieldError id={`${field}.item-error`} errors={itemErrors} />
                </div>
                <div>
                  <label htmlFor={`${field}.price`} className="block font-medium text-sm">
                    Price (₹)
                  </label>
                  <input
                    id={`${field}.price`}
                    name={`${field}.price`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100000}
                    step="any"
                    value={row.price}
                    onChange={(event) => update(row.id, { price: event.target.value })}
                    aria-invalid={priceErrors ? true : undefined}
                    aria-describedby={priceErrors ? `${field}.price-error` : undefined}
                    className={inputClass}
                  />
                  <FieldError id={`${field}.price-error`} errors={priceErrors} />
                </div>
              </div>
              <label htmlFor={`${field}.description`} className="mt-3 block font-medium text-sm">
                Description (optional)
              </label>
              <input
                id={`${field}.description`}
                name={`${field}.description`}
                value={row.description}
                onChange={(event) => update(row.id, { description: event.target.value })}
                maxLength={200}
                aria-invalid={descriptionErrors ? true : undefined}
                className={inputClass}
              />
              <FieldError id={`${field}.description-error`} errors={descriptionErrors} />
              <button
                type="button"
                onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                className="mt-2 inline-flex min-h-9 items-center gap-1 font-semibold text-closed text-sm"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove item {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length < MAX_MENU_ROWS ? (
        <button
          type="button"
          onClick={() => onChange([...rows, newMenuRow()])}
          className="mt-3 inline-flex min-h-11 items-center gap-1 rounded-lg border border-border bg-surface px-4 font-semibold text-primary-strong"
        >
          <Plus aria-hidden="true" className="size-4" />
          Add menu item
        </button>
      ) : null}
      {errors[name] ? <FieldError id={`${name}-error`} errors={errors[name]} /> : null}
    </div>
  );
}
