import { describe, expect, it } from "vitest";
import { notificationFor, samePath } from "./push";

const origin = "https://nukkad.example";

describe("notificationFor", () => {
  it("shows the server's title, body and tag, and keeps the path to open", () => {
    expect(
      notificationFor(
        { title: "Asha liked your post", body: "", url: "/feed?post=abc", tag: "like:post:abc" },
        origin,
      ),
    ).toEqual({
      title: "Asha liked your post",
      options: {
        body: "",
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        tag: "like:post:abc",
        data: { url: "/feed?post=abc" },
      },
    });
  });

  it("still shows something for a malformed message, leading to the inbox", () => {
    for (const message of [null, "text", 42, { title: 7, url: ["x"] }]) {
      const { title, options } = notificationFor(message, origin);
      expect(title).toBe("Nukkad");
      expect(options.data.url).toBe("/notifications");
      expect(options).not.toHaveProperty("tag");
    }
  });
});

describe("samePath", () => {
  it("opens paths of this origin only", () => {
    expect(samePath("/u/asha#posts", origin)).toBe("/u/asha#posts");
    expect(samePath(`${origin}/stall/x?tab=menu`, origin)).toBe("/stall/x?tab=menu");
    expect(samePath("https://evil.example/phish", origin)).toBe("/notifications");
    expect(samePath("//evil.example/x", origin)).toBe("/notifications");
    expect(samePath("javascript:alert(1)", origin)).toBe("/notifications");
  });
});
