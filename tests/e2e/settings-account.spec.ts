// Settings > Account (/settings/account, issue 22): sessions with their devices, signing out the others, changing
// the password, and a profile picture cropped in the browser. Each run makes its own account, so both projects
// run side by side.
import { fileURLToPath } from "node:url";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, isMobile, PASSWORD, signIn, test } from "./fixtures";

const NEW_PASSWORD = "chole bhature sunday";
const NAME = "Account Journey";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const PICTURE = fileURLToPath(new URL("./placeholder-tile.png", import.meta.url));

/** Another device: its own cookies and User-Agent, signed in with `password`. */
async function phoneSignedIn(baseURL: string, email: string, password: string) {
  const phone = await playwrightRequest.newContext({ baseURL, userAgent: ANDROID_CHROME });
  const response = await phone.post("/auth", {
    form: { mode: "signin", email, password },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  // Its first signed-in request: the session learns its device.
  expect((await phone.get("/api/profile")).status()).toBe(200);
  return phone;
}

const stillSignedIn = async (phone: APIRequestContext) => (await phone.get("/api/profile")).status();

test.describe("account settings", () => {
  test.describe.configure({ timeout: 240_000 });

  test("sessions, sign out others, change the password, upload a picture", async ({ page }) => {
    const baseURL = test.info().project.use.baseURL as string;
    const email = `e2e-account-${test.info().project.name}-${Date.now()}@example.com`;
    const signUp = await page.request.post("/auth", {
      form: { mode: "signup", email, password: PASSWORD, full_name: NAME },
      headers: { Origin: new URL(baseURL).origin },
    });
    expect(signUp.status()).toBe(200);

    // Visitors are sent to sign in, and come back here afterwards.
    await page.goto("/settings/account");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings%2Faccount$/);
    await signIn(page, { email, password: PASSWORD });
    const phone = await phoneSignedIn(baseURL, email, PASSWORD);

    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    for (const section of ["Profile", "Profile picture", "E-mail", "Password", "Connected accounts"])
      await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
    await expectAccessible(page);

    // The sessions: this one marked, the phone by its device and the day it was last seen.
    const sessions = page.getByRole("region", { name: "Active sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toContainText(
      "Active now",
    );
    const phoneRow = sessions.getByRole("listitem").filter({ hasNotText: "This device" });
    await expect(phoneRow).toContainText("Chrome on Android");
    await expect(phoneRow).toContainText("Last seen");
    await sessions.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(sessions.getByText("You are signed in on this device only.")).toBeVisible();
    expect(await stillSignedIn(phone)).toBe(401);

    // Changing the password signs the phone out again, and keeps this browser in.
    const phoneAgain = await phoneSignedIn(baseURL, email, PASSWORD);
    await page.reload();
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await password.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("Your current password is not correct")).toBeVisible();
    await password.getByLabel("Current password").fill(PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Every other session was signed out.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    expect(await stillSignedIn(phoneAgain)).toBe(401);
    await (await phoneSignedIn(baseURL, email, NEW_PASSWORD)).dispose();

    // A picture, zoomed with the keyboard, saved square, and shown instead of the initials.
    const avatar = page.getByRole("region", { name: "Profile picture" });
    await expect(avatar.getByRole("img", { name: NAME })).toHaveText("AJ");
    await page.locator('input[type="file"]').setInputFiles(PICTURE);
    const zoom = avatar.getByLabel("Zoom");
    await zoom.focus();
    await zoom.press("ArrowRight");
    await zoom.press("ArrowRight");
    await expect(zoom).toHaveValue("1.1");
    await expectAccessible(page);
    await avatar.getByRole("button", { name: "Save picture" }).click();
    await expect(page.getByText("Your picture is saved.")).toBeVisible();
    const picture = avatar.getByRole("img", { name: `Picture of ${NAME}` });
    await expect(picture).toHaveAttribute("src", /^\/photos\/[A-Za-z0-9]{24}\.jpg$/);
    // decode() waits for the download, so a slow server cannot read 0×0 from a picture still arriving.
    expect(
      await picture.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }),
    ).toEqual([512, 512]);

    if (isMobile(page)) {
      // Phones have no profile button in the header: the profile page shows the picture.
      await page.goto("/profile");
      await expect(page.getByRole("img", { name: `Picture of ${NAME}` })).toBeVisible();
    } else {
      const header = page.getByRole("banner");
      await expect(
        header
          .getByRole("link", { name: `Profile of ${NAME}` })
          .getByRole("img", { name: `Picture of ${NAME}` }),
      ).toBeVisible();
    }
    await phone.dispose();
    await phoneAgain.dispose();
  });
});
