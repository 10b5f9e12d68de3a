import { redirect } from "@remix-run/cloudflare";

// /stall with no id: the prototype showed a built-in sample; Nukkad has real stalls, so it sends people to them.
export function loader() {
  return redirect("/discover");
}
