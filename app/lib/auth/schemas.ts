import { z } from "zod";
import { AVATAR_URL_MESSAGE, PASSWORD_MIN_LENGTH, PHONE_PATTERN, USERNAME_PATTERN } from "~/lib/auth/fields";
import { msg } from "~/lib/i18n/translate";
import { MIN_BIRTH_DATE } from "~/lib/rules/calendar";
import { FOOD_PREFERENCES, GENDERS } from "~/lib/rules/options";
import { cleanText } from "~/lib/schemas/clean-text";

// One schema per input, shared by the pages (conform) and the JSON API (@hono/zod-validator).

export const emailSchema = z
  .string({ error: msg("Email is required") })
  .trim()
  .toLowerCase()
  .min(1, msg("Email is required"))
  .max(254, msg("Please enter a valid email address"))
  .pipe(z.email(msg("Please enter a valid email address")));

const newPassword = z
  .string({ error: msg("Password is required") })
  .min(PASSWORD_MIN_LENGTH, msg("Password must be at least 8 characters"))
  .max(200, msg("Password must be at most 200 characters"));

export const fullNameSchema = cleanText({ error: msg("Full name is required") })
  .min(2, msg("Full name must be at least 2 characters"))
  .max(100, msg("Full name must be at most 100 characters"));

export const PASSWORD_IS_PERSONAL = msg("Password must not be your email address or your name");

/** Whether a new password is the account's own e-mail address, the address's local part or the person's name. */
export function isPersonalPassword(password: string, person: { email: string; fullName?: string }): boolean {
  const normalise = (text: string) => text.trim().toLowerCase();
  const email = normalise(person.email);
  const personal = [email, email.split("@")[0] ?? "", normalise(person.fullName ?? "")];
  return personal.some((value) => value !== "" && normalise(password) === value);
}

export const signUpSchema = z
  .object({ email: emailSchema, password: newPassword, full_name: fullNameSchema })
  .refine((value) => !isPersonalPassword(value.password, { email: value.email, fullName: value.full_name }), {
    message: PASSWORD_IS_PERSONAL,
    path: ["password"],
  });

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: msg("Password is required") })
    .min(1, msg("Password is required"))
    .max(200),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: msg("The reset link is missing its token") })
    .min(10)
    .max(200),
  password: newPassword,
});

/** The reset page also asks for the password twice. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirm_password: z.string({ error: msg("Please confirm your password") }) })
  .refine((value) => value.password === value.confirm_password, {
    message: msg("Passwords do not match."),
    path: ["confirm_password"],
  });

export const refreshSchema = z.object({ refresh_token: z.string().min(10).max(200) });

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, msg("Usernames are 3 to 30 characters: a-z, 0-9 and _"));

/** Empty text from a form or null from the API both mean "not given". */
const optionalText = (max: number, message: string, multiline = false) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    cleanText({ multiline }).max(max, message).nullable().default(null),
  );

const today = () => new Date().toISOString().slice(0, 10);

/** PUT /api/profile and the profile form: full name at least 2 characters, avatar an http(s) URL or empty, bio at
 * most 500, a date of birth from 1900-01-01 to today; empty optional fields become null. Username, e-mail, role
 * and created_at are not here: they are not edited through this form. An absent avatar_url keeps the picture (one
 * uploaded in Settings > Account is not a field of the form), an empty one removes it. */
export const profileUpdateSchema = z.object({
  full_name: fullNameSchema,
  avatar_url: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .url({ protocol: /^https?$/, error: AVATAR_URL_MESSAGE })
      .max(500)
      .nullable()
      .optional(),
  ),
  bio: optionalText(500, msg("Bio must be less than 500 characters"), true),
  gender: z.preprocess(
    (value) => (value === "" ? null : value),
    z.enum(GENDERS, msg("Please choose one of the options")).nullable().default(null),
  ),
  phone: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    cleanText()
      .max(20, msg("Please enter a valid phone number"))
      .regex(PHONE_PATTERN, msg("Please enter a valid phone number"))
      .nullable()
      .default(null),
  ),
  date_of_birth: z.preprocess(
    (value) => (value === "" ? null : value),
    z.iso
      .date(msg("Please enter a valid date"))
      .refine((value) => value >= MIN_BIRTH_DATE, msg("Date of birth cannot be before 1900-01-01"))
      .refine((value) => value <= today(), msg("Date of birth cannot be in the future"))
      .nullable()
      .default(null),
  ),
  location: optionalText(200, msg("Location must be at most 200 characters")),
  food_preferences: z
    .array(z.enum(FOOD_PREFERENCES, msg("Unknown food preference")))
    .max(FOOD_PREFERENCES.length)
    .default([]),
  gps_coordinates: cleanText()
    .max(60)
    .refine(
      (value) => value === "" || /^\(?-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?\)?$/.test(value),
      msg("Invalid GPS coordinates"),
    )
    .default(""),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The complete-profile form: the profile plus the username it claims. */
export const completeProfileSchema = profileUpdateSchema.extend({ username: usernameSchema });

/** PUT /api/profile: the profile, and the username the complete-profile form claims when one is sent (an account
 * made through the API has no other way to choose one). */
export const apiProfileUpdateSchema = profileUpdateSchema.extend({ username: usernameSchema.optional() });
