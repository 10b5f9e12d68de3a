import { useT } from "~/components/use-t";

type Tone = "info" | "success" | "warning" | "error";
/** `label` prefixes the text ("Address: ..."). */
export type Message = { tone: Tone; text: string; label?: string } | null;

/**
 * A polite live region that always exists (so screen readers announce what appears in it) and an assertive one
 * for errors, shown in the "closed" red.
 */
export function StatusLine({ message }: { message: Message }) {
  const t = useT();
  const error = message?.tone === "error";
  const colour =
    message?.tone === "success"
      ? "text-open"
      : message?.tone === "warning"
        ? "text-primary-strong"
        : "text-ink-muted";
  const text = message
    ? message.label
      ? t("{label}: {text}", { label: t(message.label), text: t(message.text) })
      : t(message.text)
    : null;
  return (
    <>
      <div role="status" className={`text-sm ${colour} ${text && !error ? "mt-1" : ""}`}>
        {text && !error ? <p>{text}</p> : null}
      </div>
      <div role="alert" className={`text-closed text-sm ${text && error ? "mt-1" : ""}`}>
        {text && error ? <p>{text}</p> : null}
      </div>
    </>
  );
}
