import { z } from "zod";
import { emailSchema, resetPasswordSchema } from "~/lib/auth/schemas";
import { msg } from "~/lib/i18n/translate";

// Settings > Account's inputs, shared by the page (conform, in the browser too) and PUT/POST /api/profile/*. The
// new password meets the sign-up rules (at least PASSWORD_MIN_LENGTH characters here; not the person's address or
// name, and not a common password, in the model, which knows the person and holds the list).

const newPassword = resetPasswordSchema.shape.password;

export const CURRENT_PASSWORD_REQUIRED = msg("Please enter your current password");

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(200, CURRENT_PASSWORD_REQUIRED);

export const SAME_PASSWORD = msg("The new password must be different from your current one");

const passwords = z.object({ current_password: currentPassword, new_password: newPassword });

const differsFromCurrent = (value: z.infer<typeof passwords>) =>
  value.current_password !== value.new_password;
const sameAsCurrent = { message: SAME_PASSWORD, path: ["new_password"] };

export const changePasswordSchema = passwords.refine(differsFromCurrent, sameAsCurrent);

/** The page asks for the new password twice. */
export const changePasswordFormSchema = passwords
  .extend({ confirm_password: z.string({ error: msg("Please confirm your password") }) })
  .refine(differsFromCurrent, sameAsCurrent)
  .refine((value) => value.new_password === value.confirm_password, {
    message: msg("Passwords do not match."),
    path: ["confirm_password"],
  });

/** The current password is asked for when the account has one; the model decides whether it must be there. */
export const emailChangeSchema = z.object({
  new_email: emailSchema,
  current_password: currentPassword.optional(),
});
