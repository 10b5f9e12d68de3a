import type { ComponentPropsWithRef } from "react";

/** The button that opens a lazily loaded form (lazyForm): pointing at it or focusing it starts the form's download,
 * so the click usually finds the form already there. */
export function FormOpener({
  preload,
  ...button
}: { preload: (() => void) | undefined } & Omit<ComponentPropsWithRef<"button">, "type">) {
  return <button type="button" onPointerEnter={preload} onFocus={preload} {...button} />;
}
