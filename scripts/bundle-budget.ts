// The bundle budget (ADR 016): for every route in the Remix manifest, the JavaScript a first visit downloads (the
// entry, then root and each route down to this one, with all their imports) must stay within 110 KB gzip, and
// Leaflet must be in none of it: map code loads after mount, in a chunk of its own. Routes not there yet are held
// at the ceiling they were measured under, so none grows while it waits to be brought down.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 110 * 1024;
// KB gzip, measured 2026-11-25 (each figure rounded up): lower one when its route gets lighter, delete it once the
// route is within BUDGET_BYTES. React DOM and the Remix runtime alone are 102.9 KB, root with the site's layout
// 111.9 KB, and 114.7 KB since every page speaks two languages (Lingui's runtime and the translated layout, +2.8 KB,
// ADR 019), 116.8 KB since translated page titles, the System theme, units and the header's picture (+2.1 KB): a
// page with a form pays ~44 KB for conform and zod, the others their own few KB (ADR 016).
// Issue 35 §6 set the budget at 110 KB (112 before), where root is held.
const CEILINGS_KB: Record<string, number> = {
  // ADR 063 (measured 2026-11-30, night): "hydrated" switching in a transition, and a read-once hook for what the
  // server drew, in place of useSyncExternalStore's one line: 38-81 bytes more on every page (root 109.8 -> 109.9 KB,
  // within the budget); the 28 routes that crossed their ceilings had them raised to their measured size.
  // Issue 35 §6 (measured 2026-11-30, ADR 060): the icons every page draws written once into each document as a
  // sprite, their shapes out of the layout's code (-0.9 KB): root 110.8 -> 109.9 KB, within the budget again (the
  // desktop nav had come back into the first load, ADR 059), so its ceiling and those of the nine routes at its size
  // were deleted; every other route 0.8-0.9 KB lighter and its ceiling lowered to its measured size. Then +0.1 KB on
  // the feed, notifications and the moderation log, whose post times keep the server's words while hydrating (ADR
  // 061), and the ceilings of the routes measured 0.1 KB lighter lowered. Then, with the sprite's icons drawn by
  // svgIcon itself (a <use> as their one shape), Home and a profile +0.1 KB, the feed back down: each set as measured.
  // Issue 35 §6 (measured 2026-11-30, ADR 059): Lingui's catalogues read by our own 30 lines instead of its runtime,
  // the desktop nav and root's error page hydrated once their code comes, the bell's refresh mounted later: root
  // 113.4 -> 109.8 KB, within the budget, and every route 2-3.6 KB lighter (the desktop nav came back, +0.9 KB, and
  // left with the sprite, above). Every ceiling below was lowered to its measured size, and those of the routes now
  // within the budget deleted. Then +0.1 KB on some with the translator's NumberFormat made on first use and its
  // own-entries lookup (root 109.9 KB).
  // Issue 35 §6, root (measured 2026-11-30): lucide's icons drawn from their shapes without lucide-react's runtime;
  // the toaster, installable-app shell, theme and language sync mounted after hydration (ADR 057); route-only code
  // out of root's modules; a lazy import's preload list without the chunks every page has: root 115.6 ->
  // 113.3 KB and every route 3-4 KB lighter.
  // Each ceiling below was lowered to its measured size.
  // Issue 35 §6 (measured 2026-11-30): a form's checks (zod, its schema, parseWithZod) load when someone starts on
  // the form, its constraints written in at build time, and what pages show of a schema (limits, labels) read from
  // zod-free modules beside it (ADR 056): the 21 pages over 150 KB down by 29-34 KB, none over 150 KB now
  // (/moderation 182.5 -> 149.4, with the check of fields left before the checks came). Every ceiling below was
  // then lowered to its measured size.
  // Issue 32, feature components (measured 2026-11-29): one FormDialog on the shared Modal, ToggleButton, AuthorName,
  // DiscoveryTag and sign-in-gate as shared modules instead of copies (their chunks' imports): +0.2 to +1.1 KB, raised.
  // Issue 32 (measured 2026-11-29): one component where pages had copies (MessagePage, SignInLink, IntentButton,
  // ShareButton, the photo queue, pageMeta): a route that now imports the shared one with its few props pays 0.1-0.7
  // KB, and the ceilings of the 19 routes that crossed theirs were raised to their new size. Then the components'
  // shared TitledSection, EmptyState and like/save hook (a chunk of their own, ~0.4 KB): five ceilings +0.1 to +0.3;
  // Home, a trail, the feed's actions and a reel +0.1 to +0.2 once Home's and a trail's sections were TitledSection
  // too (a second section component had been written beside it) and the routes' and components' changes met.
  // Issue 35 (measured 2026-11-29): what every page runs in two chunks, framework and layout, instead of root's ~20
  // small files, the phone's Menu sheet loaded on intent, sonner on the first toast (ADR 041): root 121.1 -> 115.6 KB,
  // every route 5-7 KB lighter, and every ceiling below lowered to its new size.
  // Issue 34 (measured 2026-11-29): every section one click or two taps away (the header's links, the phone's Menu
  // sheet and their icons: root +2.1 KB, so every route), Home's community and trail strips and Feeling Hungry's walk
  // for later (146.3 KB: its open-now rules had brought zod along through schedule.ts until parseClock moved to
  // clock.ts, 173.5 KB before), labels by their Hindi names on cards and stall pages, the moderators' labels page
  // (164.7 KB, as the aliases page), the API reference (/developers) and the page an account deletion ends on.
  "routes/moderation.labels": 124.2,
  // Issue 33 §2 (measured 2026-11-29, load ~18): the person page and the appeal page, forms with conform and zod like
  // the contact page; the aliases page +0.1 KB as its form components' chunk is now shared with them.
  // Then (measured 2026-11-29, afternoon) the post menu's and profile's Block and Mute (feed routes +1.5 KB, a profile
  // +1.6 KB) and issue 32's last shared primitives (pill buttons, FormDialog, ToggleButton, AuthorName: +0.1 to +0.8 KB
  // on the routes that load them): 19 ceilings raised to their measured size.
  // Then the moderation log (issue 33 §2, measured 2026-11-29): /moderation/log, a list with the moderation tabs and
  // search (their queue titles bring the moderation schemas' module, zod with it, as on every moderation page); the
  // person page's role form (+0.5 KB) and the queues' tabs and search as a shared chunk (moderation._index +0.5 KB).
  "routes/moderation.log": 119.9,
  "routes/moderation.people.$username": 127.6,
  "routes/appeal": 126.2,
  // Issue 16, Discover's markers before its map (measured 2026-11-28): the map's placeholder shows the markers the
  // server drew, which tipped moderation.support (a map in each pending stall) over by the placeholder's few bytes;
  // Discover itself (the preview, the map's deferred markers: 161.0 KB). The first card's picture fetched at once
  // (StallImage's firstOnScreen, ItemList's index: tens of bytes) tipped the routes measured at their ceiling
  // over it: search 132.0, stall.$id 144.0, reviews.$stallId 119.0 KB.
  // Then +0.2 to +0.9 KB on six of them from the reels review's fixes (one `near` schema, Load more's error answer)
  // and the offline queue's skip-reload rule, measured 2026-11-28.
  // Issue 21: the reels feed with its overlay and player (measured 135.7 KB; one reel's page 133.8 KB), the upload
  // page's shell (121.1 KB; the form, the upload client and mediabunny load after it), and the reels' resource routes.
  // Issue 23: the offline page reads IndexedDB through idb (122.2 KB); the manifest is a resource route. The worker
  // and the offline set's code load after mount on every page (DeferredPwaShell), which still costs root +0.4 KB.
  // Issue 23, offline writes (measured 2026-11-28): root's rule that a write queued offline reloads nothing (+0.1 KB
  // on every route, which tipped help and confirm-email over); the routes whose posts can be queued carry the queue's
  // lazy hand-off (+0.3 KB: bookmarks 163.0, the stall's resource routes, reels.actions 119.1, add-stall.photo 183.2);
  // the stall page's note loads lazily, its 'Still here?' sends an idempotency key (stall.$id 143.6 KB).
  // Then (measured 2026-11-28): the trail editor's offline save and its no-network message (edit 177.8, new 177.6
  // KB); the tabs and 'Enable location' of the feed, reels and notifications shared as components, a chunk of
  // their own (+0.3 to +0.7 KB: feed 144.4, reels 136.7, notifications 129.3 KB). The lists' next-page routes answer
  // a 'Load more' with no network from the browser (a clientLoader: profile 131.0, profile.posts 131.3,
  // u.$username_.posts 119.1 KB).
  // +0.1 KB: the feed reads ahead and the playback policy after hydration in a transition (ADR 061).
  "routes/reels._index": 131.1,
  "routes/reels.$id": 130.5,
  "routes/offline": 114.3,
  "routes/reels.new": 113.3,
  // Issue 20: the header's bell with its unread count on every page (+0.9 KB on root and so on every route) and the
  // notifications page itself (126.3 KB, a placeholder before). Issue 18: the trail page's report dialog (+2.7 KB),
  // the Trails tab of /moderation (+1.5 KB) and the editor's pointer reorder (+1.3 KB). Measured 2026-11-25.
  // Issue 19: Add a Stall +1.6 KB (the 'trending now' label is no longer choosable, a post prefills the form), the
  // moderation page +2.4 KB (the reported posts queue).
  "routes/add-stall": 141.6,
  // +0.1 KB (measured 2026-11-29, evening): a few bytes over 181.0 once the post list's heading and the caption
  // button changed shared chunks, whose hashed names this page's imports carry.
  "routes/add-stall.photo": 142.3,
  // Issue 32/33 merges of 2026-11-29 evening (measured on one build): the shared form pieces (ComposerTextArea,
  // FormOpener, CancelButton sizes, StripSection, TrailByline) and the Held, log and block changes add 0.1 to 0.3 KB
  // to sixteen routes; their ceilings below are that build's figures plus 0.1 KB.
  // 182.2 KB with the shared moderation tabs (the log's) and the Held tab's card (issue 33 §2 and §4).
  "routes/moderation._index": 144.7,
  "routes/complete-profile": 136.3,
  "routes/food-trails.$id_.edit": 141.3,
  "routes/food-trails.new": 140.6,
  "routes/settings_.account": 128.4,
  "routes/contact": 126.3,
  "routes/moderation.support": 126.9,
  "routes/auth": 124.9,
  "routes/forgot-password": 123.3,
  "routes/reset-password": 123.7,
  "routes/bookmarks": 128.2,
  "routes/moderation.aliases": 124.1,
  "routes/food-trails.$id": 132.3,
  // +0.2 KB (ADR 065, measured 2026-12-01): a located visitor's position and stalls asked for as the page loads.
  // +0.1 KB (ADR 066, measured 2026-12-02): the map's code started after the module task, not for the list, and
  // reports of an area the page moved the map away from dropped.
  "routes/discover": 126.7,
  // The reported reviews are a tab of the one moderation queue since issue 32 (ADR 046): the page draws the same queue
  // as /moderation, so its ceiling is that page's (moderators only; 156 before).
  "routes/moderation.reviews": 134.9,
  "routes/confirm-email-change": 113.0,
  // The feed (issue 19) carries its cards, list and composer's shell (+21.7 KB over root, measured 138.4 KB); the post
  // form, comments and report form (conform and zod) load when first opened. Its resource routes share its parent.
  // +0.1 KB on the pages with post cards: a toggle hears newer page data while rendering (ADR 061).
  "routes/feed": 134.9,
  "routes/feed.actions": 135.7,
  "routes/feed.comments": 134.9,
  "routes/feed.page": 135.2,
  // Issue 19: the stall page's 'Still here?' and composer shell (+4.1 KB, measured 140.1 KB); /u/:username carries the
  // post cards of its default Posts tab (138.1 KB); /profile loads them when a posts tab opens (128.7 KB). Then the
  // reviews' like buttons (measured 141.3 KB with its resource route) and the profile's Trails tab with the trail
  // card (140.4 KB).
  "routes/stall.$id": 138.3,
  "routes/stall.$id.community": 139.0,
  "routes/stall.$id.review-like": 139.1,
  "routes/stall.$id.still-here": 139,
  "routes/u.$username": 137.6,
  // Settings > Community (issue 33 §1): the blocked and muted lists and the muted-words editor.
  "routes/settings.community": 115.8,
  "routes/search": 124.1,
  "routes/_index": 135.7,
  "routes/profile": 123.8,
  "routes/profile.posts": 124.1,
  // After issue 35's merges (2026-11-29, measured on one build): the reels' first reel from the server (+0.9 KB),
  // Discover's preview for a located visitor (+0.4 KB), the stall page's map on sight (+0.5 KB), and the lists' one
  // way to page (useKeysetPages and LoadMore) on the feed, people, notifications, reels and trails (+0.1 to 0.9 KB).
  // Then (measured 2026-11-29, night) a post's menu loads on intent and the push offer with a follow (ADR 054): the
  // feed 144.7 -> 140.6 KB and 52 -> 48 files, /u/:username 146.1 -> 143.5; Rollup regroups the small chunks the menu
  // shared (the form opener, its Flag, LoadingForm, ShareButton were one 0.5 KB file, now four), +0.3 to 0.4 KB and
  // three files on the stall page, a trail and the reels. Ceilings above are this build's figures.
  "routes/food-trails._index": 119,
  "routes/food-trails.page": 117.9,
  "routes/settings._index": 117.7,
  "routes/u.$username_.$list": 116.6,
  "routes/help": 114.9,
  "routes/privacy": 114.5,
  "routes/terms": 112.7,
  "routes/settings.data": 115.1,
  "routes/dev.mail": 112.1,
  "routes/map": 112.2,
  "routes/newsletter.confirm": 112.9,
  "routes/newsletter.unsubscribe": 112.7,
  "routes/auth_.oauth.$provider_.callback": 112.1,
  "routes/confirm-email": 112.4,
  "routes/confirm-email.resend": 112.5,
  "routes/notifications": 122.1,
  "routes/reviews.$stallId": 112.2,
  "routes/developers": 111.4,
  "routes/$": 111.1,
  "routes/account-deleted": 110.8,
  "routes/reels.actions": 110.7,
  "routes/u.$username_.posts": 110.6,
  "routes/reels.page": 110.2,
  "routes/newsletter": 110.1,
  // Root with the layout, as issue 35 §6 left it: 3.3 KB over its goal of 110 KB (ADR 057).
};
const CLIENT = "build/client";

interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

function readManifest(): RemixManifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No Remix manifest in build/client/assets: run `npm run build` first.");
  const sandbox: { window: { __remixManifest?: RemixManifest } } = { window: {} };
  runInNewContext(readFileSync(join(CLIENT, "assets", file), "utf8"), sandbox);
  if (!sandbox.window.__remixManifest) throw new Error(`${file} did not define the Remix manifest`);
  return sandbox.window.__remixManifest;
}

/** The files of a first visit to `routeId`: the entry, and root and each route down to it, with their imports. */
export function firstLoadFiles(manifest: RemixManifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const measured = new Map<string, { gzip: number; leaflet: boolean }>();
function measure(file: string) {
  let size = measured.get(file);
  if (!size) {
    const source = readFileSync(join(CLIENT, file));
    size = {
      gzip: gzipSync(source).length,
      leaflet: /leafletjs\.com|Leaflet 1\.\d/.test(source.toString("utf8")),
    };
    measured.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const manifest = readManifest();
const rows = Object.keys(manifest.routes)
  .map((id) => {
    const files = firstLoadFiles(manifest, id);
    return {
      id,
      files: files.length,
      gzip: files.reduce((sum, file) => sum + measure(file).gzip, 0),
      limit: (CEILINGS_KB[id] ?? BUDGET_BYTES / 1024) * 1024,
      leaflet: files.filter((file) => measure(file).leaflet),
    };
  })
  .sort((a, b) => b.gzip - a.gzip);

const width = Math.max(...rows.map((row) => row.id.length));
// Files: each is a request of the first load (the page's module preloads), ADR 041.
console.log(`${"route".padEnd(width)}  first-load JS gzip   limit (budget ${kb(BUDGET_BYTES)})  files`);
for (const row of rows) {
  const mark =
    row.gzip > row.limit || row.leaflet.length > 0 ? "✗" : row.gzip > BUDGET_BYTES ? "over budget" : "✓";
  console.log(
    `${row.id.padEnd(width)}  ${kb(row.gzip).padStart(9)}  ${kb(row.limit).padStart(9)}  ${mark.padEnd(11)}  ${String(row.files).padStart(5)}`,
  );
}

const problems = [
  ...rows.flatMap((row) => [
    ...(row.gzip > row.limit ? [`${row.id}: ${kb(row.gzip)} gzip, over its limit of ${kb(row.limit)}`] : []),
    ...(row.leaflet.length > 0 ? [`${row.id}: Leaflet in the first load (${row.leaflet.join(", ")})`] : []),
  ]),
  ...Object.keys(CEILINGS_KB)
    .filter((id) => !manifest.routes[id])
    .map((id) => `${id} has a ceiling but is no route: delete it`),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
const over = rows.filter((row) => row.gzip > BUDGET_BYTES).length;
console.log(
  `✓ no route over its limit, none with Leaflet; ${over} of ${rows.length} still over ${kb(BUDGET_BYTES)}`,
);
