import type { Db } from "~/db/client.server";
import type { AppConfig } from "~/lib/http/config.server";

export interface ApiEnv {
  Bindings: Env;
  Variables: { db: Db; config: AppConfig };
}
