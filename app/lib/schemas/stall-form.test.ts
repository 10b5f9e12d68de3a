import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  deriveCategory,
  PHONE_MESSAGE,
  PIN_HERE_REQUIRED,
  PIN_REQUIRED,
  prepareStall,
  stallCreateSchema,
  stallFormSchema,
} from "~/lib/schemas/stall-form";
import { addCustomTag, closesAfterMidnight, MAX_TAGS } from "~/lib/schemas/stall-form-fields";

const PHOTO = "/photos/abcdefghijklmnopqrstuvwx.jpg";

const valid = {
  name: "Raju Momos",
  contact_number: "+91 98765 43210",
  description: "Steamed and fried momos with a fiery red chutney.",
  location: "Near Gate 2, Koramangala 5th Block, Bangalore",
  gps_coordinates: "(12.935200,77.624500)",
};

function issues(input: unknown) {
  const result = stallCreateSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("stallCreateSchema", () => {
  it("accepts the spec's payload and fills the optional lists", () => {
    const result = stallCreateSchema.parse({ ...valid, images: [PHOTO], is_verified: false });
    expect(result).toMatchObject({ ...valid, images: [PHOTO], tags: [], discovery_tags: [], menu: [] });
  });

  it("names every missing required field", () => {
    expect(issues({})).toEqual({
      name: "Stall name is required",
      contact_number: "Contact number is required",
      description: "Description is required",
      location: "Address is required",
      gps_coordinates: PIN_REQUIRED,
    });
    expect(issues({ ...valid, name: "   " })).toEqual({ name: "Stall name is required" });
  });

  it("refuses wrong types, overlong text and bad coordinates", () => {
    expect(issues({ ...valid, name: 42 })).toHaveProperty("name");
    expect(issues({ ...valid, description: "x".repeat(1001) })).toEqual({
      description: "Description must be at most 1000 characters",
    });
    expect(issues({ ...valid, gps_coordinates: "(95,77)" })).toHaveProperty("gps_coordinates");
    expect(issues({ ...valid, gps_coordinates: "somewhere" })).toHaveProperty("gps_coordinates");
    expect(issues({ ...valid, contact_number: "12345" })).toEqual({ contact_number: PHONE_MESSAGE });
  });

  it("takes only our own photo URLs, and a thumbnail among them", () => {
    expect(issues({ ...valid, images: ["https://evil.example/x.jpg"] })).toEqual({
      "images.0": OUR_PHOTOS_ONLY,
    });
    expect(issues({ ...valid, images: ["/stalls/dosa.svg"] })).toEqual({ "images.0": OUR_PHOTOS_ONLY });
    expect(
      issues({ ...valid, images: [PHOTO], thumbnail_image: "/photos/other0000000000000000.jpg" }),
    ).toEqual({
      thumbnail_image: "The thumbnail must be one of the images",
    });
  });

  it("refuses a stall that claims to be verified", () => {
    expect(issues({ ...valid, is_verified: true })).toHaveProperty("is_verified");
  });

  it("limits tags: not empty, at most 30 characters, 15 of them, each once", () => {
    expect(issues({ ...valid, tags: ["  "] })).toEqual({ "tags.0": "Tags cannot be empty" });
    expect(issues({ ...valid, tags: ["x".repeat(31)] })).toEqual({
      "tags.0": "Tags are at most 30 characters",
    });
    expect(issues({ ...valid, tags: Array.from({ length: 16 }, (_, i) => `tag ${i}`) })).toEqual({
      tags: "At most 15 tags",
    });
    expect(issues({ ...valid, tags: ["Spicy", "spicy"] })).toEqual({ tags: "Each tag only once" });
    expect(issues({ ...valid, discovery_tags: ["most loved"] })).toHaveProperty(["discovery_tags.0"]);
  });

  it("checks the schedule's days and times; a day without a status is left out", () => {
    const schedule = {
      monday: { status: "open", open: "18:00", close: "01:30" },
      tuesday: { status: "closed" },
      wednesday: {},
    };
    expect(stallCreateSchema.parse({ ...valid, weekly_schedule: schedule }).weekly_schedule).toEqual({
      monday: { status: "open", open: "18:00", close: "01:30" },
      tuesday: { status: "closed" },
    });
    expect(
      issues({ ...valid, weekly_schedule: { monday: { status: "open", open: "25:00", close: "10:00" } } }),
    ).toHaveProperty(["weekly_schedule.monday.open"]);
    expect(issues({ ...valid, weekly_schedule: { someday: { status: "closed" } } })).toEqual({
      weekly_schedule: 'Unrecognized key: "someday"',
    });
  });
});

describe("stallFormSchema (through conform, as the page submits it)", () => {
  function form(entries: [string, string][]) {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return parseWithZod(data, { schema: stallFormSchema });
  }
  const base = Object.entries(valid);

  it("reads nested menu rows, one tag, prices and the schedule from form fields", () => {
    const submission = form([
      ...base,
      ["tags", "Spicy"],
      ["discovery_tags", "hidden gem"],
      ["menu[0].item", "Veg momos"],
      ["menu[0].price", "60"],
      ["menu[1].item", "Chai"],
      ["weekly_schedule.monday.status", "maybe"],
      ["weekly_schedule.monday.open", "17:00"],
      ["weekly_schedule.monday.close", "23:00"],
      ["weekly_schedule.tuesday.status", ""],
      ["pin_source", "search"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.tags).toEqual(["Spicy"]);
    expect(submission.value.discovery_tags).toEqual(["hidden gem"]);
    expect(submission.value.menu).toEqual([
      { item: "Veg momos", price: 60, description: "" },
      { item: "Chai", price: null, description: "" },
    ]);
    expect(submission.value.weekly_schedule).toEqual({
      monday: { status: "maybe", open: "17:00", close: "23:00" },
    });
  });

  it("asks about a pin left at the contributor's own GPS position", () => {
    const unconfirmed = form([...base, ["pin_source", "current"]]);
    expect(unconfirmed.reply().error?.pin_here).toEqual([PIN_HERE_REQUIRED]);
    expect(form([...base, ["pin_source", "current"], ["pin_here", "on"]]).status).toBe("success");
    // Asked together with the other missing fields, not only once they are fixed.
    const alone = form([
      ["pin_source", "current"],
      ["menu[0].item", ""],
    ]).reply().error;
    expect(alone?.pin_here).toEqual([PIN_HERE_REQUIRED]);
    expect(alone?.["menu[0].item"]).toEqual(["Item name is required"]);
    expect(alone?.name).toEqual(["Stall name is required"]);
  });

  it("keeps the typed values when something is missing", () => {
    const submission = form([["name", "Raju Momos"]]);
    expect(submission.status).toBe("error");
    expect(submission.payload).toMatchObject({ name: "Raju Momos" });
    expect(submission.reply().error?.gps_coordinates).toEqual([PIN_REQUIRED]);
  });
});

describe("small stall rules", () => {
  it("derives the category from the first cuisine-like tag", () => {
    expect(deriveCategory(["Spicy", "chinese", "Indian"])).toBe("Chinese");
    expect(deriveCategory(["Cheap", "Open Late"])).toBe("Street Food");
    expect(deriveCategory([])).toBe("Street Food");
  });

  it("prepares the pin, category and thumbnail", () => {
    const input = stallCreateSchema.parse({ ...valid, images: [PHOTO], tags: ["Thai"] });
    expect(prepareStall(input)).toEqual({
      position: { lat: 12.9352, lng: 77.6245 },
      category: "Thai",
      thumbnailImage: PHOTO,
    });
  });

  it("adds custom tags trimmed, once, within the limits", () => {
    expect(addCustomTag(["Spicy"], "  Rooftop   view ")).toEqual({
      ok: true,
      tags: ["Spicy", "Rooftop view"],
    });
    expect(addCustomTag(["Spicy"], "   ")).toEqual({ ok: false, error: "Type a tag first" });
    expect(addCustomTag(["Spicy"], "SPICY")).toEqual({ ok: false, error: "That tag is already selected" });
    expect(addCustomTag([], "x".repeat(31))).toEqual({ ok: false, error: "Tags are at most 30 characters" });
    const full = Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`);
    expect(addCustomTag(full, "one more")).toEqual({ ok: false, error: "At most 15 tags" });
  });

  it("tells when a close time is after midnight", () => {
    expect(closesAfterMidnight("18:00", "01:00")).toBe(true);
    expect(closesAfterMidnight("09:00", "21:00")).toBe(false);
    expect(closesAfterMidnight("09:00", "")).toBe(false);
  });
});

import { OUR_PHOTOS_ONLY } from "./photo-reference";
