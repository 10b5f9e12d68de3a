import { describe, expect, it } from "vitest";
import { optimiseMessages } from "~/lib/rules/trail-optimise-message";

const list = (names: string[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(names);
const stop = (id: string) => ({ id, name: `Stall ${id.toUpperCase()}` });
const said = (outcome: Parameters<typeof optimiseMessages>[0]) =>
  optimiseMessages(outcome, list)
    .map(({ message, values }) => message.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name])))
    .join(" ");

describe("optimiseMessages", () => {
  it("at 04:00, with every stop closed and nothing moved, says so and names the closed stops", () => {
    const ids = ["a", "b", "c", "d"];
    expect(said({ before: ids, after: ids, closed: ids.map(stop), minutesSaved: 0 })).toBe(
      "Nothing moved. Not open when you can get there: Stall A, Stall B, Stall C, and Stall D.",
    );
  });

  it("says the order is already the best walk only when it is and every stop is open", () => {
    expect(said({ before: ["a", "b"], after: ["a", "b"], closed: [], minutesSaved: 0 })).toBe(
      "This order is already the best walk.",
    );
  });

  it("says a closed stop was moved to the end only when it was not there already", () => {
    expect(
      said({ before: ["a", "b", "c"], after: ["a", "b", "c"], closed: [stop("c")], minutesSaved: 0 }),
    ).toBe("Nothing moved. Not open when you can get there: Stall C.");
    expect(
      said({ before: ["c", "a", "b"], after: ["a", "b", "c"], closed: [stop("c")], minutesSaved: 12 }),
    ).toBe("Moved to the end, not open when you can get there: Stall C.");
  });

  it("says what the open stops' new order gains, and the closed ones too", () => {
    expect(said({ before: ["b", "a", "c"], after: ["a", "b", "c"], closed: [], minutesSaved: 9 })).toBe(
      "Optimised: 9 min shorter.",
    );
    expect(said({ before: ["b", "a", "c"], after: ["a", "b", "c"], closed: [], minutesSaved: 0 })).toBe(
      "Reordered so that each stop is open when you get there.",
    );
    expect(
      said({
        before: ["d", "b", "a", "c"],
        after: ["a", "b", "c", "d"],
        closed: [stop("d")],
        minutesSaved: 5,
      }),
    ).toBe("Optimised: 5 min shorter. Moved to the end, not open when you can get there: Stall D.");
  });
});
