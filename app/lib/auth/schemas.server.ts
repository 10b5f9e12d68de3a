// The server's versions of the schemas that take a new password: the shared schema (schemas.ts, which the
// browser also runs) plus the common-password rule, whose list is too big for the client JS. Parse them with
// safeParseAsync (conform: parseWithZod(..., { async: true })).
import type { z } from "zod";
import { isCommonPassword } from "~/lib/auth/common-passwords.server";
import { resetPasswordFormSchema, resetPasswordSchema, signUpSchema } from "~/lib/auth/schemas";

export const PASSWORD_IS_COMMON =
  "This password is one of the most common passwords. Please choose a less common one";

function refuseCommonPassword<T extends { password: string }>(schema: z.ZodType<T>) {
  return schema.superRefine(async (value, context) => {
    if (await isCommonPassword(value.password)) {
      context.addIssue({ code: "custom", message: PASSWORD_IS_COMMON, path: ["password"] });
    }
  });
}

export const signUpServerSchema = refuseCommonPassword(signUpSchema);
export const resetPasswordServerSchema = refuseCommonPassword(resetPasswordSchema);
export const resetPasswordFormServerSchema = refuseCommonPassword(resetPasswordFormSchema);
