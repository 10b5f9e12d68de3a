import { useI18n } from "./i18n-provider";

export const MESSAGES_ELEMENT_ID = "nukkad-messages";

/**
 * The page's messages, written into the HTML as JSON (not run, so the CSP does not concern it): the browser
 * hydrates with them at once instead of fetching its language's chunk first, which would leave the server's HTML
 * without its scripts for another round trip (ADR 019).
 */
export function MessagesScript({ nonce }: { nonce?: string }) {
  const [i18n] = useI18n();
  // "<" escaped, so no message can close the script element. The browser reads the server's JSON once, before it
  // hydrates (entry.client.tsx), and keeps it: writing the catalogue out again would cost a phone a stringify of it
  // in the middle of hydration, and React leaves what the server wrote inside an element as it is.
  const json = import.meta.env.SSR ? JSON.stringify(i18n.messages).replace(/</g, "\\u003c") : "";
  return (
    <script
      id={MESSAGES_ELEMENT_ID}
      type="application/json"
      // Data, not run; it carries the nonce anyway, so every inline script of the page does.
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own catalogue, "<" escaped above.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
