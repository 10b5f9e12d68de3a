// Labels in Hindi (ADR 035): a Hindi page names the seeded labels (a menu word among /search's Popular Tags, a
// stall's category) by their Hindi names, and a moderator's new Hindi name at /moderation/labels shows on the
// stall's Hindi page. Which stall to open comes from the JSON API; the test only reads data there.
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { appOrigin, expect, expectAccessible, isMobile, SEEDED_MODERATOR, signIn, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

/** A seeded stall whose category is `category`, found by searching for it (search reads the category). */
async function stallOfCategory(request: APIRequestContext, category: string): Promise<string> {
  const found = await request.get(`/api/search?q=${encodeURIComponent(category)}&limit=50`);
  expect(found.ok()).toBe(true);
  for (const item of ((await found.json()) as { items: { id: string }[] }).items) {
    const shop = await request.get(`/api/shop/by-unique/${item.id}`);
    if (((await shop.json()) as { category: string }).category === category) return item.id;
  }
  throw new Error(`the seed has no approved stall of category ${category}`);
}

const chooseLanguage = (context: BrowserContext, language: "hi" | "en") =>
  context.addCookies([{ name: "nukkad-lang", value: language, url: appOrigin() }]);

test("a Hindi page names labels in Hindi, and a moderator's new Hindi name shows there", async ({
  page,
  context,
}, testInfo) => {
  // Each project renames its own category, so the two widths can run at once on one database.
  const [category, seeded, renamed] = isMobile(page)
    ? ["Late Night", "देर रात", "आधी रात के बाद"]
    : ["Fusion", "फ़्यूज़न", "मिला-जुला खाना"];
  const stallId = await stallOfCategory(page.request, category);

  await chooseLanguage(context, "hi");
  await page.goto("/search");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const popular = page.getByRole("region", { name: "लोकप्रिय टैग" });
  await expect(popular.getByRole("link", { name: /समोसा/ })).toBeVisible();
  await expect(popular.getByText(/samosa/i)).toHaveCount(0);
  await page.goto(`/stall/${stallId}`);
  await expect(page.getByRole("main").getByText(seeded, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("main").getByText(category, { exact: true })).toHaveCount(0);

  await chooseLanguage(context, "en");
  await signIn(page, SEEDED_MODERATOR);
  await page.goto("/moderation/labels");
  await expect(page.getByRole("heading", { level: 1, name: "Hindi names of labels" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Hindi names" }).getByText(seeded)).toBeVisible();
  await expectAccessible(page);
  // The schema refuses an empty label, and a Hindi name not written in Devanagari, beside their fields.
  await page.getByRole("button", { name: "Save Hindi name" }).click();
  await expect(page.getByText("Name the label")).toBeVisible();
  await page.getByRole("textbox", { name: "Label in English" }).fill(category);
  await page.getByRole("textbox", { name: "Hindi name" }).fill("Aadhi raat");
  await page.getByRole("button", { name: "Save Hindi name" }).click();
  await expect(page.getByText("Write the Hindi name in Devanagari")).toBeVisible();
  await page.getByRole("textbox", { name: "Hindi name" }).fill(renamed);
  await page.getByRole("button", { name: "Save Hindi name" }).click();
  await expect(page.getByRole("list", { name: "Hindi names" }).getByText(renamed)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("moderation-labels.png") });

  await chooseLanguage(context, "hi");
  await page.goto(`/stall/${stallId}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("main").getByText(renamed, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("stall-renamed-label-hi.png") });
  await expectAccessible(page);
});
