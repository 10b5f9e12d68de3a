import { describe, expect, it } from "vitest";
import {
  completeProfileSchema,
  profileUpdateSchema,
  resetPasswordFormSchema,
  signInSchema,
  signUpSchema,
  usernameSchema,
} from "~/lib/auth/schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("username rule", () => {
  it.each(["asha", "chaat_queen", "abc", "a".repeat(30), "Momo_King"])("accepts %j", (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it("lower-cases and trims", () => {
    expect(usernameSchema.parse("  Momo_King ")).toBe("momo_king");
  });

  it.each(["ab", "a".repeat(31), "has space", "dash-ed", "émile", "dot.name", ""])("refuses %j", (name) => {
    expect(firstMessage(usernameSchema.safeParse(name))).toBe(
      "Usernames are 3 to 30 characters: a-z, 0-9 and _",
    );
  });
});

// The phone rule: digits, spaces, hyphens, parentheses and an optional leading plus, or empty.
describe("phone rule", () => {
  const phone = (value: string) => profileUpdateSchema.safeParse({ full_name: "Asha Rao", phone: value });

  it.each(["+91 1234567890", "080-2345 6789", "(080) 23456789", "9876543210", ""])("accepts %j", (value) => {
    expect(phone(value).success).toBe(true);
  });

  it.each(["call me", "+91 98x76", "12345678901234567890123", "++91 123"])("refuses %j", (value) => {
    expect(firstMessage(phone(value))).toBe("Please enter a valid phone number");
  });
});

describe("profile rules", () => {
  it("sends empty optional fields as null, gps as '' and preferences as []", () => {
    expect(
      profileUpdateSchema.parse({
        full_name: " Asha Rao ",
        avatar_url: "",
        bio: "  ",
        gender: "",
        phone: "",
        date_of_birth: "",
        location: "",
      }),
    ).toEqual({
      full_name: "Asha Rao",
      avatar_url: null,
      bio: null,
      gender: null,
      phone: null,
      date_of_birth: null,
      location: null,
      food_preferences: [],
      gps_coordinates: "",
    });
  });

  it.each([
    [{ full_name: "A" }, "Full name must be at least 2 characters"],
    [{ full_name: "Asha", avatar_url: "nope" }, "Please enter a valid URL"],
    [{ full_name: "Asha", bio: "x".repeat(501) }, "Bio must be less than 500 characters"],
    [{ full_name: "Asha", date_of_birth: "1899-12-31" }, "Date of birth cannot be before 1900-01-01"],
    [{ full_name: "Asha", date_of_birth: "2999-01-01" }, "Date of birth cannot be in the future"],
  ])("explains %j", (input, message) => {
    expect(firstMessage(profileUpdateSchema.safeParse(input))).toBe(message);
  });

  it("needs a username on the complete-profile form", () => {
    expect(completeProfileSchema.safeParse({ full_name: "Asha Rao" }).success).toBe(false);
    expect(completeProfileSchema.parse({ full_name: "Asha Rao", username: "Asha" }).username).toBe("asha");
  });
});

describe("auth forms", () => {
  it("normalises the e-mail and needs 8 characters of password on sign-up", () => {
    expect(
      signUpSchema.parse({ email: " Asha@Example.COM ", password: "12345678", full_name: "Asha" }).email,
    ).toBe("asha@example.com");
    expect(
      firstMessage(signUpSchema.safeParse({ email: "a@b.in", password: "1234567", full_name: "Asha" })),
    ).toBe("Password must be at least 8 characters");
  });

  // Audit: a password equal to the e-mail address or the name was accepted.
  it.each([
    ["asha.rao@example.com", "the whole address"],
    ["Asha.Rao", "the address's local part"],
    [" asha rao ", "the name"],
  ])("refuses %j as a password (%s) beside the password field", (password) => {
    const result = signUpSchema.safeParse({ email: "Asha.Rao@example.com", password, full_name: "Asha Rao" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ["password"],
        message: "Password must not be your email address or your name",
      }),
    ]);
  });

  it("lets a password that only contains the name through", () => {
    expect(
      signUpSchema.safeParse({ email: "asha@example.com", password: "asha loves chaat", full_name: "Asha" })
        .success,
    ).toBe(true);
  });

  it("needs any password to sign in (old short passwords still work)", () => {
    expect(signInSchema.safeParse({ email: "a@b.in", password: "x" }).success).toBe(true);
    expect(signInSchema.safeParse({ email: "a@b.in", password: "" }).success).toBe(false);
  });

  it("says 'Passwords do not match.' on the reset form", () => {
    const result = resetPasswordFormSchema.safeParse({
      token: "t".repeat(43),
      password: "new-password",
      confirm_password: "new-passw0rd",
    });
    expect(firstMessage(result)).toBe("Passwords do not match.");
  });
});
