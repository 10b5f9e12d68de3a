import type { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A page's form on a card (sign in, forgot and reset password), posting to the page's action: its fields in a
 * fieldset named for screen readers (`legend`), off while the form is sent. `hidden` inputs go before it, `footer`
 * after it; the rest are conform's form props.
 */
export function CardForm({
  legend,
  pending,
  className,
  hidden,
  footer,
  children,
  ...form
}: ReturnType<typeof getFormProps> & {
  legend: string;
  pending: boolean;
  className: string;
  hidden?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      {...form}
      className={`${className} space-y-4 rounded-2xl border border-border bg-surface p-6`}
    >
      {hidden}
      <fieldset disabled={pending} className="space-y-4">
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
      {footer}
    </Form>
  );
}
