// The most common passwords, refused for new passwords (NIST SP 800-63B 3.1.1.2). The list is the 49,233
// passwords ranked from real breaches in @zxcvbn-ts/language-common (MIT); only the 17,950 that pass the length
// rule can reach this check. Server-only: the 480 KB list stays out of the client JS (scripts/bundle-budget.ts).
import { PASSWORD_MIN_LENGTH } from "~/lib/auth/schemas";

let common: Promise<Set<string>> | undefined;

/** Built on first use, once per isolate: the list is parsed only when someone chooses a password. */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common/src/passwords.json").then(
    ({ default: list }) => new Set(list.filter((password) => password.length >= PASSWORD_MIN_LENGTH)),
  );
  return common;
}

/** The list is lower-case, so "Password1" counts as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
