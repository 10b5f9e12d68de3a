// Writes app/lib/auth/common-passwords.txt, the common passwords refused for new passwords, from
// @zxcvbn-ts/language-common's list: only those long enough to be chosen, one a line. Run
// `npx tsx scripts/make-common-passwords.ts` after upgrading that package; a test fails until the file matches it.
// A text file rather than the package's JSON, so that the Worker carries it as a module of its own, loaded only
// when a password is set (ADR 038).
import { writeFileSync } from "node:fs";
import list from "@zxcvbn-ts/language-common/src/passwords.json";
import { PASSWORD_MIN_LENGTH } from "~/lib/auth/fields";

const chosen = list.filter((password) => password.length >= PASSWORD_MIN_LENGTH);
writeFileSync("app/lib/auth/common-passwords.txt", `${chosen.join("\n")}\n`);
console.log(`app/lib/auth/common-passwords.txt: ${chosen.length} passwords`);
