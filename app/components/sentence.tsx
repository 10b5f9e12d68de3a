import { Fragment, type ReactNode } from "react";

/** Marks where an element goes in a translated sentence: `t("Write to {email}.", { email: slot("email") })`. */
export const slot = (name: string) => `\uE000${name}\uE000`;

/**
 * A translated sentence with elements (links) put in its slots, so each language places them where its grammar
 * wants them instead of the sentence being glued together from fragments.
 */
export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return (
    <>
      {text.split(/\uE000(\w+)\uE000/).map((piece, index) =>
        // The pieces of one sentence never reorder between renders, so their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        index % 2 === 1 ? <Fragment key={index}>{parts[piece]}</Fragment> : piece,
      )}
    </>
  );
}
