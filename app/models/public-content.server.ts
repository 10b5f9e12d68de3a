import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { publicContentVersion } from "~/db/schema";

/** The number migration 0007's triggers move on with every change a visitor could see (ADR 017). */
export async function readPublicContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: publicContentVersion.version })
    .from(publicContentVersion)
    .where(eq(publicContentVersion.id, 1));
  return row?.version ?? 0;
}
