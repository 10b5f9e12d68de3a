import { Hono } from "hono";
import { clearedSessionCookie } from "~/lib/auth/session-cookie";
import { CLEAR_SITE_DATA } from "~/lib/http/clear-site-data";
import { deleteAccountSchema, importConfirmSchema } from "~/lib/schemas/account-data";
import {
  confirmImport,
  deleteAccount,
  exportAccountData,
  previewImport,
  readImportUpload,
} from "~/models/account-data/account-data.server";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** Your data (issue 22): the backup ZIP, importing saved places (preview, then confirm) and deleting the account. */
export const profileDataApi = new Hono<SignedInEnv>()
  .use(signedInOnly)
  .get("/export", async (c) => {
    const archive = await exportAccountData(c.var.db, c.var.user.id, c.var.origin);
    if (!archive) return jsonError(c, 404, "Profile not found");
    return c.body(archive.zip as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${archive.filename}"`,
    });
  })
  // A multipart form with the file in `file`, or the file itself as the body (JSON, GeoJSON or CSV).
  .post("/import", async (c) => {
    const bytes = await readImportUpload({
      headers: c.req.raw.headers,
      formData: () => c.req.formData(),
      arrayBuffer: () => c.req.arrayBuffer(),
    });
    return c.json(await previewImport(c.var.db, c.var.user.id, bytes));
  })
  .post("/import/confirm", valid("json", importConfirmSchema), async (c) => {
    return c.json(await confirmImport(c.var.db, c.var.user.id, c.req.valid("json").stallIds));
  })
  .delete("/", valid("json", deleteAccountSchema), async (c) => {
    await deleteAccount(c.var, c.var.user.id, c.req.valid("json").confirm);
    // A browser that used the cookie is signed out here and forgets what it kept of the account.
    c.header("Set-Cookie", clearedSessionCookie(c.var.config.isProduction));
    c.header("Clear-Site-Data", CLEAR_SITE_DATA);
    return c.json({ data: { deleted: true } });
  });
