import { describe, expect, it } from "vitest";
import { hindiName } from "./label";

describe("hindiName", () => {
  const names = { tibetan: "तिब्बती", samosa: "समोसा" };

  it("finds a label whatever its case and spaces", () => {
    expect(hindiName(names, "Tibetan")).toBe("तिब्बती");
    expect(hindiName(names, " SAMOSA ")).toBe("समोसा");
  });

  it("is null for a label with no Hindi name, and without names (an English page)", () => {
    expect(hindiName(names, "Fusion")).toBeNull();
    expect(hindiName(null, "Tibetan")).toBeNull();
  });

  it("never reads an object's own properties as names", () => {
    expect(hindiName(names, "constructor")).toBeNull();
    expect(hindiName(names, "__proto__")).toBeNull();
  });
});
