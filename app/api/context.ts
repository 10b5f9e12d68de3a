import type { Db } from "~/db/client.server";
import type { AppConfig } from "~/lib/config.server";

export interface ApiEnv {
  Bindings: Env;
  Variables: { db: Db; config: AppConfig };
}
