import { describe, expect, it } from "vitest";
import {
  countVisit,
  DISMISS_DAYS,
  dismissedAt,
  rememberDismissal,
  shouldOfferInstall,
} from "./install-prompt";

const now = Date.UTC(2026, 10, 25);
const day = 24 * 3600 * 1000;

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("shouldOfferInstall", () => {
  it("never offers on a first visit without a bookmark", () => {
    expect(shouldOfferInstall({ visits: 1, firstBookmark: false, dismissedAt: null, now })).toBe(false);
    expect(shouldOfferInstall({ visits: 0, firstBookmark: false, dismissedAt: null, now })).toBe(false);
  });

  it("offers on a second visit or after a first bookmark", () => {
    expect(shouldOfferInstall({ visits: 2, firstBookmark: false, dismissedAt: null, now })).toBe(true);
    expect(shouldOfferInstall({ visits: 1, firstBookmark: true, dismissedAt: null, now })).toBe(true);
  });

  it("stays quiet for 30 days after a dismissal, then offers again", () => {
    const recent = now - (DISMISS_DAYS * day - 1);
    expect(shouldOfferInstall({ visits: 9, firstBookmark: true, dismissedAt: recent, now })).toBe(false);
    const old = now - DISMISS_DAYS * day;
    expect(shouldOfferInstall({ visits: 9, firstBookmark: false, dismissedAt: old, now })).toBe(true);
  });
});

describe("visits and dismissals in storage", () => {
  it("counts a browser session once, however many pages it loads", () => {
    const local = new MemoryStorage();
    const firstSession = new MemoryStorage();
    expect(countVisit(local, firstSession)).toBe(1);
    expect(countVisit(local, firstSession)).toBe(1);
    expect(countVisit(local, new MemoryStorage())).toBe(2);
  });

  it("reads a garbled visit count or dismissal as none", () => {
    const local = new MemoryStorage();
    local.setItem("nukkad:visits", "lots");
    local.setItem("nukkad:install-dismissed-at", "yesterday");
    expect(countVisit(local, new MemoryStorage())).toBe(1);
    expect(dismissedAt(local)).toBeNull();
    rememberDismissal(local, now);
    expect(dismissedAt(local)).toBe(now);
  });
});
