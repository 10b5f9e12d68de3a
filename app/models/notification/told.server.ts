import type { Db } from "~/db/client.server";

// Who a request may have told something, so the Worker can push to their devices after it answers (ADR 028).
// Every writer of notifications already names them to refreshUnreadCounts after its batch; keeping them here, per
// drizzle handle, spares each writer a second call. A handle is made per request (or per scheduled run) and never
// kept, so the WeakMap forgets them with it.
const told = new WeakMap<Db, Set<string>>();

export function rememberTold(db: Db, userIds: readonly string[]): void {
  if (userIds.length === 0) return;
  const people = told.get(db) ?? new Set<string>();
  for (const id of userIds) people.add(id);
  told.set(db, people);
}

/** The people remembered for this handle, forgotten as they are handed out, so nobody is pushed to twice. */
export function takeTold(db: Db): string[] {
  const people = told.get(db);
  told.delete(db);
  return people ? [...people] : [];
}
