import { describe, expect, it } from "vitest";
import { linkPreviewMeta } from "./link-preview";

const page = {
  title: "Chaat walk | Nukkad",
  heading: "Chaat walk",
  description: "3 stops in Jayanagar",
  type: "article",
  url: "https://nukkad.example/food-trails/t1",
};

describe("linkPreviewMeta", () => {
  it("gives the title, description and Open Graph tags, the type's own tags before the image", () => {
    expect(
      linkPreviewMeta({
        ...page,
        image: "https://nukkad.example/photos/a.webp",
        extra: [{ property: "profile:username", content: "asha" }],
      }),
    ).toEqual([
      { title: "Chaat walk | Nukkad" },
      { name: "description", content: "3 stops in Jayanagar" },
      { property: "og:type", content: "article" },
      { property: "og:title", content: "Chaat walk" },
      { property: "og:description", content: "3 stops in Jayanagar" },
      { property: "og:url", content: "https://nukkad.example/food-trails/t1" },
      { property: "profile:username", content: "asha" },
      { property: "og:image", content: "https://nukkad.example/photos/a.webp" },
    ]);
  });

  it("adds Twitter's card where asked, with the image only on a large card", () => {
    const image = "https://nukkad.example/photos/a.webp";
    const twitterTags = (meta: ReturnType<typeof linkPreviewMeta>) =>
      meta.filter((tag) => "name" in tag && String(tag.name).startsWith("twitter:"));
    expect(twitterTags(linkPreviewMeta({ ...page, image, twitter: "summary_large_image" }))).toEqual([
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Chaat walk" },
      { name: "twitter:description", content: "3 stops in Jayanagar" },
      { name: "twitter:image", content: image },
    ]);
    expect(twitterTags(linkPreviewMeta({ ...page, image, twitter: "summary" }))).toEqual([
      { name: "twitter:card", content: "summary" },
      { name: "twitter:title", content: "Chaat walk" },
      { name: "twitter:description", content: "3 stops in Jayanagar" },
    ]);
    expect(twitterTags(linkPreviewMeta({ ...page, image }))).toEqual([]);
    expect(
      linkPreviewMeta({ ...page, image: null }).some(
        (tag) => "property" in tag && tag.property === "og:image",
      ),
    ).toBe(false);
  });
});
