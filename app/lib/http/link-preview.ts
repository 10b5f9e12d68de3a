import type { MetaDescriptor } from "@remix-run/react";

/** What a shareable page (a post, a profile, a trail, a reel) tells link previews about itself. */
export interface LinkPreview {
  /** The document's title (pageTitle's "... | Nukkad"). */
  title: string;
  /** What the preview shows as its title. */
  heading: string;
  description: string;
  /** og:type: "article", "profile", "video.other"... */
  type: string;
  /** The page's absolute address. */
  url: string;
  /** An absolute image address, or null for none. */
  image: string | null;
  /** The type's own tags (profile:username, og:video...), placed after og:url. */
  extra?: MetaDescriptor[];
  /** Twitter's card, where the page has one: only a large card shows the image. */
  twitter?: "summary" | "summary_large_image";
}

/** The title, description and Open Graph (and Twitter card) tags of a page that people share. */
export function linkPreviewMeta(page: LinkPreview): MetaDescriptor[] {
  const { heading, description, image, twitter } = page;
  return [
    { title: page.title },
    { name: "description", content: description },
    { property: "og:type", content: page.type },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:url", content: page.url },
    ...(page.extra ?? []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(twitter
      ? [
          { name: "twitter:card", content: twitter },
          { name: "twitter:title", content: heading },
          { name: "twitter:description", content: description },
          ...(twitter === "summary_large_image" && image ? [{ name: "twitter:image", content: image }] : []),
        ]
      : []),
  ];
}
