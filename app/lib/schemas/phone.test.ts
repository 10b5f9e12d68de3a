import { describe, expect, it } from "vitest";
import { isIndianPhone } from "~/lib/schemas/phone";

describe("isIndianPhone", () => {
  it.each([
    "9876543210",
    "+91 98765 43210",
    "+91-98765-43210",
    "919876543210",
    "09876543210",
    "(080) 2345 6789",
    "011 2345 6789",
  ])("accepts %s", (phone) => expect(isIndianPhone(phone)).toBe(true));

  it.each([
    "",
    "12345",
    "0123456789",
    "+1 415 555 0100",
    "+44 20 7946 0958",
    "98765 4321",
    "98765432101",
    "98765abcde",
    "+91 98765 43210 ext 5",
  ])("refuses %j", (phone) => expect(isIndianPhone(phone)).toBe(false));
  it.each(["080-2345 6789", "+91-80-23456789"])("accepts the landline %s", (phone) =>
    expect(isIndianPhone(phone)).toBe(true),
  );
});
