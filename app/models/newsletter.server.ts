import type { Db } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema";

/** Subscribing twice is not an error: the address is simply already on the list. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
