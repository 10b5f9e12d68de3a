// What the trail editor's 'Optimise order' says it did (issue 34): what moved, or that nothing did, and which stops
// are not open when the walker can get there, by name. At 04:00 every stop is closed and nothing moves; it used to
// say "This order is already the best walk" and that the closed stops were "now last", which was neither.
import { type MessageValues, msg } from "~/lib/i18n/translate";

export interface OptimiseOutcome {
  /** The stops' ids in the order before and after. */
  before: readonly string[];
  after: readonly string[];
  /** The stops no order reaches while open, in their order after, by id and name. */
  closed: readonly { id: string; name: string }[];
  /** How much shorter the whole walk is, stops included. */
  minutesSaved: number;
}

export interface OptimiseMessage {
  /** A msg()-marked text; pages show t(message, values). */
  message: string;
  values?: MessageValues;
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The sentences of the message, in order; `list` joins the closed stops' names in the page's language. */
export function optimiseMessages(
  outcome: OptimiseOutcome,
  list: (names: string[]) => string,
): OptimiseMessage[] {
  const closedIds = new Set(outcome.closed.map((stop) => stop.id));
  const open = (order: readonly string[]) => order.filter((id) => !closedIds.has(id));
  const messages: OptimiseMessage[] = [];
  if (sameOrder(outcome.before, outcome.after)) {
    messages.push({
      message: closedIds.size === 0 ? msg("This order is already the best walk.") : msg("Nothing moved."),
    });
  } else if (!sameOrder(open(outcome.before), open(outcome.after))) {
    messages.push(
      outcome.minutesSaved > 0
        ? { message: msg("Optimised: {minutes} min shorter."), values: { minutes: outcome.minutesSaved } }
        : { message: msg("Reordered so that each stop is open when you get there.") },
    );
  }
  if (closedIds.size > 0) {
    const names = list(outcome.closed.map((stop) => stop.name));
    // The closed stops go last: whether that moved them is whether they were last already.
    const closedBefore = outcome.before.slice(outcome.before.length - closedIds.size);
    const movedLast = !sameOrder(
      closedBefore,
      outcome.closed.map((stop) => stop.id),
    );
    messages.push({
      message: movedLast
        ? msg("Moved to the end, not open when you can get there: {names}.")
        : msg("Not open when you can get there: {names}."),
      values: { names },
    });
  }
  return messages;
}
