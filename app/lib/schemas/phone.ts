import { PHONE_PATTERN } from "~/lib/auth/fields";

/** An Indian number: ten digits (not starting with 0) after an optional +91, 91 or 0, with any separators. */
export function isIndianPhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, "");
  return /^(?:91|0)?[1-9]\d{9}$/.test(digits) && !(value.includes("+") && !digits.startsWith("91"));
}
