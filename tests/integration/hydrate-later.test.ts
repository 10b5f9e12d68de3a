import { describe, expect, it } from "vitest";
import { sendToWorker } from "../worker-fetch";

// A part hydrated later (ADR 059) is drawn by the server in place, as any other: a page never streams it after a
// fallback (React's <!--$?--><template id="B:…"> and a script at the end that swaps it in), which would leave the
// first paint without it. (The one such boundary a page has is Remix's own, at the end, for its data stream.)
const STREAMED = /<!--\$\?--><template id="B:/;

describe("parts hydrated later, as the server draws them", () => {
  it("root's error page is in the page a missing list answers with", async () => {
    const response = await sendToWorker("/u/nobody-here/nothing");
    expect(response.status).toBe(404);
    const html = await response.text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("Oops! Page not found");
    expect(main).not.toMatch(STREAMED);
  });
});
