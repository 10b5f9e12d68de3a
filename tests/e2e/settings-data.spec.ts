// Settings > Your data (/settings/data, issue 22): download a backup, import saved places with a preview, and delete
// the account with a typed confirmation. Each run makes its own account, so both projects run side by side.
import { readFileSync } from "node:fs";
import { appOrigin, expect, expectAccessible, PASSWORD, signIn, test } from "./fixtures";

interface ListedStall {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

test.describe("your data", () => {
  test.describe.configure({ timeout: 240_000 });

  test("backup, import preview, then delete the account with a typed confirmation", async ({ page }) => {
    const email = `e2e-data-${test.info().project.name}-${Date.now()}@example.com`;
    const signUp = await page.request.post("/auth", {
      form: { mode: "signup", email, password: PASSWORD, full_name: "Data Journey" },
      headers: { Origin: appOrigin() },
    });
    expect(signUp.status()).toBe(200);

    // Visitors are sent to sign in, and come back here afterwards.
    await page.goto("/settings/data");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings%2Fdata$/);
    await signIn(page, { email, password: PASSWORD });
    await page.goto("/settings/data");
    await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
    await expectAccessible(page);

    // Backup Data downloads the ZIP.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download backup" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^nukkad-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = readFileSync((await file.path()) as string);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    // A Takeout file with a seeded stall's place 20 m off, and a place no stall is near.
    const listed = await page.request.get("/api/shop?near=12.9716,77.5946&radius_km=50&limit=1");
    const [stall] = ((await listed.json()) as { items: ListedStall[] }).items;
    if (!stall) throw new Error("the seed has no stall near Bangalore");
    const takeout = {
      type: "FeatureCollection",
      features: [
        {
          geometry: { coordinates: [stall.longitude, stall.latitude + 0.00018], type: "Point" },
          properties: { Title: stall.name, "Google Maps URL": "http://maps.google.com/?cid=1" },
          type: "Feature",
        },
        {
          geometry: { coordinates: [72.8777, 19.076], type: "Point" },
          properties: {
            Title: "A Mumbai Vada Pav Place",
            "Google Maps URL": "http://maps.google.com/?cid=2",
          },
          type: "Feature",
        },
      ],
    };
    await page.getByLabel("File to import (up to 2 MB)").setInputFiles({
      name: "Saved Places.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(takeout)),
    });
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(
      page.getByText("1 matched, 1 not matched. Nothing is saved until you confirm."),
    ).toBeVisible();
    const match = page.getByRole("checkbox", {
      name: new RegExp(stall.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    });
    await expect(match).toBeChecked();
    await expect(page.getByText("A Mumbai Vada Pav Place")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save the ticked stalls" }).click();
    await expect(page.getByText("1 stall saved to My Food Trail.")).toBeVisible();

    // The danger zone says what goes and what stays before anything happens.
    const danger = page.locator("#delete");
    await expect(danger.getByText("your favourites with their notes and personal ratings")).toBeVisible();
    await expect(danger.getByText("Kept for the community, under 'Deleted user':")).toBeVisible();
    await expect(danger.getByText(/Digital Personal Data Protection Act, 2023/)).toBeVisible();
    const remove = page.getByRole("button", { name: "Delete my account" });
    await expect(remove).toBeDisabled();
    const confirm = page.getByLabel(`Type your e-mail address ${email} to confirm`);
    await confirm.fill("someone-else@example.com");
    await expect(remove).toBeDisabled();
    await confirm.fill(email);
    await remove.click();
    // Signed out, they are told it worked (they used to land on the sign-in page with no word).
    await expect(page).toHaveURL("/account-deleted");
    await expect(page.getByRole("heading", { level: 1, name: "Your account was deleted." })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");

    // The account is gone: its password no longer signs in.
    const again = await page.request.post("/auth", {
      form: { mode: "signin", email, password: PASSWORD },
      headers: { Origin: appOrigin() },
    });
    expect(again.status()).toBe(401);
  });
});
