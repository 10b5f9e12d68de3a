import { data } from "@remix-run/cloudflare";

export const UNREADABLE_FORM = "This request must be sent as a form.";

/**
 * The posted form of a page action. A body that is not a form (JSON, text/plain, a broken multipart body, no
 * Content-Type) is the client's mistake: it answers 400 instead of request.formData()'s TypeError, a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
}
