import { expect, expectAccessible, mailLink, SEEDED_MODERATOR, signIn, test } from "./fixtures";

// Help, contact, the moderators' Support inbox, privacy and the newsletter's double opt-in, at 390 and 1280 px.
const unique = (prefix: string) => `${prefix}-${test.info().project.name}-${Date.now()}`;

test("the Help Center filters its articles as you type, and says when nothing matches", async ({ page }) => {
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 2, name: "How to add a stall" })).toBeVisible();
  await expectAccessible(page);
  const search = page.getByRole("searchbox", { name: "Search help articles" });
  await search.fill("password");
  await expect(page.getByRole("heading", { level: 2, name: "Your account and password" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "How to add a stall" })).toHaveCount(0);
  await search.fill("zzzz");
  await expect(page.getByText('No articles match "zzzz".')).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  // The address of a search (the form without JavaScript) shows the same, and an article's anchor leads to it.
  await page.goto("/help?q=gpx");
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.goto("/help#add-a-stall");
  await expect(page.locator("#add-a-stall")).toBeInViewport();
});

test("a message sent from the contact form is answered by a moderator, by e-mail", async ({ page }) => {
  const name = unique("Contact Tester");
  const email = `${unique("contact").toLowerCase()}@example.com`;
  await page.goto("/contact");
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Topic" }).selectOption({ label: "A question" });
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Is the chai stall near Lalbagh open on Sundays?");
  await expect(page.getByText("47/2000")).toBeVisible();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
  expect(await mailLink(page, email, "We got your message")).toContain("/help");

  await signIn(page, SEEDED_MODERATOR);
  await page.goto("/moderation/support");
  await expectAccessible(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `A question from ${name}` }) });
  await card.getByRole("textbox", { name: `Answer to ${name}` }).fill("Yes, from 7 in the morning.");
  await card.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText(`Answer sent to ${name}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole("link", { name: /Answered/ }).click();
  await expect(page.getByRole("heading", { name: `A question from ${name}` })).toBeVisible();
  await mailLink(page, email, "Nukkad answered your message");
  await expect(page.getByText("Yes, from 7 in the morning.").first()).toBeVisible();
});

test("the privacy policy has its sections as anchors", async ({ page }) => {
  await page.goto("/privacy");
  for (const heading of ["What Nukkad stores", "Where it is kept", "How long it is kept", "Cookies"])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await expect(page.getByText(/Digital Personal Data Protection Act, 2023/)).toBeVisible();
  await expectAccessible(page);
});

test("the newsletter box subscribes by double opt-in, confirmed from the e-mail", async ({ page }) => {
  const email = `${unique("reader").toLowerCase()}@example.com`;
  await page.goto("/privacy");
  const box = page.getByRole("textbox", { name: "Get new stalls in your inbox" });
  await box.fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Almost there! Open the e-mail we just sent you and confirm your subscription."),
  ).toBeVisible();

  await page.goto(await mailLink(page, email, "Confirm your Nukkad newsletter subscription"));
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByText("Subscribed! Watch your inbox for new stalls.")).toBeVisible();

  await page.getByRole("textbox", { name: "Get new stalls in your inbox" }).fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are already subscribed. Thank you for reading!")).toBeVisible();
});
