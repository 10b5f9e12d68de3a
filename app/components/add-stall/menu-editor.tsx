import { Plus, Trash2 } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { FieldError } from "~/components/form/field";
import { useT } from "~/components/use-t";

export type MenuDraft = { id: number; item: string; price: string; description: string };
type MenuPart = Exclude<keyof MenuDraft, "id">;

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
  const t = useT();
  const update = (id: number, change: Partial<MenuDraft>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  return (
    <div>
      {rows.length === 0 ? <p className="text-ink-muted text-sm">{t("No menu items yet.")}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const field = `${name}[${index}]`;
          /** One input of the row, with its label above it and its message below. */
          const input = (part: MenuPart, label: string, props: InputHTMLAttributes<HTMLInputElement>) => {
            const id = `${field}.${part}`;
            const messages = errors[id];
            return (
              <>
                <label htmlFor={id} className="block font-medium text-sm">
                  {label}
                </label>
                <input
                  id={id}
                  name={id}
                  value={row[part]}
                  onChange={(event) => update(row.id, { [part]: event.target.value })}
                  {...props}
                  aria-invalid={messages ? true : undefined}
                  aria-describedby={messages ? `${id}-error` : undefined}
                  className="mt-1 min-h-10 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
                />
                <FieldError id={`${id}-error`} errors={messages} />
              </>
            );
          };
          return (
            <li key={row.id} className="rounded-xl border border-border p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <div>
                  {input("item", t("Item {number}", { number: index + 1 }), {
                    maxLength: 80,
                    placeholder: t("e.g. Masala Dosa"),
                  })}
                </div>
                <div>
                  {input("price", t("Price (₹)"), {
                    type: "number",
                    inputMode: "decimal",
                    min: 0,
                    max: 100000,
                    step: "any",
                  })}
                </div>
              </div>
              <div className="mt-3">
                {input("description", t("Description (optional)"), { maxLength: 200 })}
              </div>
              <button
                type="button"
                onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                className="mt-2 inline-flex min-h-9 items-center gap-1 font-semibold text-closed text-sm"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("Remove item {number}", { number: index + 1 })}
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
          {t("Add menu item")}
        </button>
      ) : null}
      {errors[name] ? <FieldError id={`${name}-error`} errors={errors[name]} /> : null}
    </div>
  );
}
