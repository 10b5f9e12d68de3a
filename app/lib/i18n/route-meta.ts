import type { MetaDescriptor, MetaFunction } from "@remix-run/react";
import { metaTranslator } from "./page-meta";
import type { Translate } from "./translate";

/** What a page that says the same to everyone puts in its <head>. */
export interface PageHead {
  title: string;
  description?: string;
  /** Pages about one person's own account stay out of search engines. */
  noindex?: boolean;
}

/**
 * The `meta` of a page whose head does not depend on its data, in the page's language:
 * `export const meta = pageMeta((t) => ({ title: pageTitle(t("Settings")) }))`.
 */
export function pageMeta(head: (t: Translate) => PageHead): MetaFunction {
  return ({ matches }) => headDescriptors(head(metaTranslator(matches)));
}

export function headDescriptors({ title, description, noindex }: PageHead): MetaDescriptor[] {
  return [
    { title },
    ...(description === undefined ? [] : [{ name: "description", content: description }]),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
