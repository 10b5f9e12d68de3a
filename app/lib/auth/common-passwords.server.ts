// The most common passwords, refused for new passwords (NIST SP 800-63B 3.1.1.2). The list is the 49,233
// passwords ranked from real breaches in @zxcvbn-ts/language-common (MIT); common-passwords.txt keeps the 17,950
// that pass the length rule and so can reach this check (scripts/make-common-passwords.ts). Server-only: the list
// stays out of the client JS (scripts/bundle-budget.ts), and out of the Worker's main module: wrangler makes the
// text file a module of its own, which workerd loads at the first import() (ADR 038).

let common: Promise<Set<string>> | undefined;

/** Built on first use, once per isolate: the list is loaded and split only when someone chooses a password. */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import("./common-passwords.txt").then(
    ({ default: text }) => new Set(text.trimEnd().split("\n")),
  );
  return common;
}

/** The list is lower-case, so "Password1" counts as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
