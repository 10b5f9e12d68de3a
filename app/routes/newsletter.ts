import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readFormData } from "~/lib/http/form-data.server";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { answerResponse, done, invalid } from "~/request/answers.server";

// A resource route: the footer's box posts here with a fetcher and shows the answer beside the address.
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: newsletterSchema });
  if (submission.status !== "success") return answerResponse(invalid(submission));
  await subscribeToNewsletter(context.db, submission.value.email);
  return answerResponse(done("Subscribed! Watch your inbox for new stalls."));
}
