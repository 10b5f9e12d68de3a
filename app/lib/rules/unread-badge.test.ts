import { describe, expect, it } from "vitest";
import { unreadBadge } from "./unread-badge";

describe("unreadBadge", () => {
  it("shows nothing at zero or below", () => {
    expect(unreadBadge(0, 9)).toBeNull();
    expect(unreadBadge(-1, 9)).toBeNull();
  });
  it("shows the count up to the most, then the most with a plus", () => {
    expect(unreadBadge(1, 9)).toBe("1");
    expect(unreadBadge(9, 9)).toBe("9");
    expect(unreadBadge(10, 9)).toBe("9+");
    expect(unreadBadge(99, 99)).toBe("99");
    expect(unreadBadge(100, 99)).toBe("99+");
  });
});
