// A form's checks in the browser (ADR 056), at 390 px (mobile project) and 1280 px (desktop project), on the contact
// page: the first load carries no zod; the checks arrive when someone starts on the form, and check what was left
// before they came; and a form whose checks never arrived still sends, the action answering with the same messages
// beside the same fields.
import { expect, expectAccessible, test } from "./fixtures";

const isChecksCode = (path: string) => /\/validate-with-zod-[\w-]+\.js$/.test(path);

test("the contact form's checks load once someone starts on it, and check as they leave a field", async ({
  page,
}) => {
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  // The checks take half a second to come, as on a slow network.
  await page.route(/\/validate-with-zod-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(isChecksCode)).toEqual([]);
  // The schema's constraints are in the first HTML all the same.
  await expect(page.getByRole("combobox", { name: "Topic" })).toHaveAttribute("required", "");

  const name = page.getByRole("textbox", { name: "Name" });
  await name.focus();
  // Left at once, before its checks can have arrived: it is checked as they arrive.
  await page.getByRole("textbox", { name: "Email" }).focus();
  await expect.poll(() => scripts.some(isChecksCode)).toBe(true);
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  // Typing clears it as it goes; nothing was sent to learn any of this.
  await name.fill("Asha");
  await expect(page.getByText("Please enter your name")).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("a contact form sent before its checks could load is checked by its action, field by field", async ({
  page,
}) => {
  await page.route(/\/validate-with-zod-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Email" }).fill("not an address");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please write your message")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  // What was typed is kept.
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("not an address");
  await expect(page.getByRole("heading", { name: "Message sent" })).toHaveCount(0);
});
