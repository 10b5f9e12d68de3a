import zxcvbnList from "@zxcvbn-ts/language-common/src/passwords.json";
import { describe, expect, it } from "vitest";
import { commonPasswords, isCommonPassword } from "~/lib/auth/common-passwords.server";
import {
  PASSWORD_IS_COMMON,
  resetPasswordFormServerSchema,
  signUpServerSchema,
} from "~/lib/auth/schemas.server";

describe("common passwords", () => {
  it("ships at least 10,000 passwords long enough to be chosen", async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    expect([...list].every((password) => password.length >= 8)).toBe(true);
  });

  it("holds every password of @zxcvbn-ts/language-common long enough to be chosen (scripts/make-common-passwords.ts)", async () => {
    const chosen = zxcvbnList.filter((password) => password.length >= 8);
    expect([...(await commonPasswords())].sort()).toEqual([...new Set(chosen)].sort());
  });

  // Audit: "password" and "12345678" were accepted at sign-up.
  it.each(["password", "12345678", "PassWord", "iloveyou", "qwertyuiop", "1qaz2wsx"])(
    "knows %j",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["masala dosa at 7", "correct horse battery", "nukkad-user-2026"])(
    "lets %j through",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );

  it("refuses a common password on sign-up and reset, beside the password field", async () => {
    const signUp = await signUpServerSchema.safeParseAsync({
      email: "asha@example.com",
      password: "12345678",
      full_name: "Asha Rao",
    });
    expect(signUp.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: PASSWORD_IS_COMMON }),
    ]);
    const reset = await resetPasswordFormServerSchema.safeParseAsync({
      token: "t".repeat(43),
      password: "password",
      confirm_password: "password",
    });
    expect(reset.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: PASSWORD_IS_COMMON }),
    ]);
    expect(
      (
        await signUpServerSchema.safeParseAsync({
          email: "a@b.in",
          password: "masala dosa at 7",
          full_name: "Asha",
        })
      ).success,
    ).toBe(true);
  });
});
