import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { follows, profiles } from "~/db/schema";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// The pages of issue 19's profiles and the stall page's 'Still here?', through the whole Worker as a browser asks
// for them: /u/:username, its followers and following, /profile's figures and tabs, POST /stall/:id/still-here.

const db = getDb(env.DB);
const ORIGIN = "http://127.0.0.1";
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
type Member = Awaited<ReturnType<typeof createSignedInUser>> & { username: string };

async function request(
  path: string,
  { token, form }: { token?: string; form?: Record<string, string> } = {},
) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token ? { Cookie: `nukkad_session=${token}` } : {};
  const init: RequestInit = form
    ? { method: "POST", body: new URLSearchParams(form), headers: { ...headers, Origin: ORIGIN } }
    : { headers };
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function page(path: string, token?: string, status = 200) {
  const response = await request(path, { token });
  const html = (await response.text()).replace(/<!-- -->/g, "");
  expect(response.status, html.slice(0, 300)).toBe(status);
  return html;
}

let people = 0;
async function member(details: Partial<typeof profiles.$inferInsert> = {}): Promise<Member> {
  const user = await createSignedInUser(env, { fullName: `Member ${++people}` });
  const username = `member_${people}_${Math.random().toString(36).slice(2, 8)}`;
  await db
    .update(profiles)
    .set({ username, ...details })
    .where(eq(profiles.userId, user.id));
  return { ...user, username };
}

const follow = (follower: Member, followee: Member) =>
  db.insert(follows).values({ followerId: follower.id, followeeId: followee.id });

describe("/u/:username", () => {
  it("shows the header, the real figures and link previews; the Stalls tab lists only stalls that went live", async () => {
    const asha = await member({ bio: "Chai first, questions later.", avatarUrl: "/photos/avatars/a.webp" });
    const fan = await member();
    await follow(fan, asha);
    await createStall(env, { createdBy: asha.id, status: "approved", name: "Live Chaat Corner" });
    await createStall(env, { createdBy: asha.id, status: "pending", name: "Waiting Momo Cart" });

    const html = await page(`/u/${asha.username}`);
    expect(html).toContain(`@${asha.username}`);
    expect(html).toContain("Chai first, questions later.");
    expect(html).toMatch(/Followers[\s\S]{0,300}?>1</);
    expect(html).toMatch(/Stalls added[\s\S]{0,200}?>1</);
    expect(html).toContain(`property="og:title" content="Member`);
    expect(html).toContain(`property="og:description" content="Chai first, questions later."`);
    expect(html).toContain(`property="og:image" content="${ORIGIN}/photos/avatars/a.webp"`);
    expect(html).toContain(`href="/u/${asha.username}/followers"`);

    const stalls = await page(`/u/${asha.username}?tab=stalls`);
    expect(stalls).toContain("Live Chaat Corner");
    expect(stalls).not.toContain("Waiting Momo Cart");
    expect(stalls).toMatch(/aria-current="page"[^>]*>Stalls</);
  });

  it("answers the not-found page for an unknown username and for a username that is not one", async () => {
    expect(await page("/u/nobody_by_this_name", undefined, 404)).toContain("Oops! Page not found");
    expect(await page("/u/%3Cscript%3E", undefined, 404)).toContain("Oops! Page not found");
  });

  it("shows a followers-only profile's header alone, with why, until the reader follows", async () => {
    const quiet = await member({ bio: "Only for friends", profileVisibility: "followers" });
    const reader = await member();
    const visitorView = await page(`/u/${quiet.username}`);
    expect(visitorView).toContain("shares their profile with followers only. Sign in and follow them");
    expect(visitorView).not.toContain("Only for friends");
    expect(visitorView).not.toContain("Profile sections");
    expect(visitorView).not.toContain(`href="/u/${quiet.username}/followers"`);

    const memberView = await page(`/u/${quiet.username}`, reader.token);
    expect(memberView).toContain("Follow them to see their posts, stalls and trails.");
    await follow(reader, quiet);
    const followerView = await page(`/u/${quiet.username}`, reader.token);
    expect(followerView).toContain("Only for friends");
    expect(followerView).toContain("Profile sections");
  });
});

describe("/u/:username/followers and /following", () => {
  it("lists the people with links to their profiles, and keeps a followers-only profile's lists to its followers", async () => {
    const star = await member();
    const fan = await member();
    await follow(fan, star);
    const followers = await page(`/u/${star.username}/followers`);
    expect(followers).toContain(`href="/u/${fan.username}"`);
    expect(await page(`/u/${fan.username}/following`)).toContain(`href="/u/${star.username}"`);
    expect(await page(`/u/${star.username}/following`)).toContain("does not follow anyone yet.");
    await page(`/u/${star.username}/fans`, undefined, 404);
    await page("/u/nobody_by_this_name/followers", undefined, 404);

    const quiet = await member({ profileVisibility: "followers" });
    await follow(fan, quiet);
    const hidden = await page(`/u/${quiet.username}/followers`);
    expect(hidden).toContain("Only their followers can see who they follow and who follows them");
    expect(hidden).not.toContain(`href="/u/${fan.username}"`);
    expect(await page(`/u/${quiet.username}/followers`, fan.token)).toContain(`href="/u/${fan.username}"`);
  });
});

describe("/profile", () => {
  it("shows the real figures, links to the public view, and has Posts and Saved posts tabs", async () => {
    const me = await member();
    const other = await member();
    await follow(other, me);
    await follow(me, other);
    const html = await page("/profile", me.token);
    expect(html).toContain(`href="/u/${me.username}"`);
    expect(html).toContain("View public profile");
    expect(html).toMatch(/Followers[\s\S]{0,300}?>1</);
    expect(html).toMatch(/Following[\s\S]{0,300}?>1</);
    expect(html).toContain('href="/profile?tab=posts"');
    expect(html).toContain('href="/profile?tab=saved-posts"');
    expect(await page("/profile?tab=posts", me.token)).toContain("You have not posted yet.");
    expect(await page("/profile?tab=saved-posts", me.token)).toContain("You have not saved a post yet.");
  });
});

describe("POST /stall/:id/still-here", () => {
  it("sends visitors to sign in, refuses an unknown answer, takes one answer, then refuses a second until the date", async () => {
    const stall = await createStall(env, { status: "approved" });
    const path = `/stall/${stall.shopUniqueId}/still-here`;
    const visitor = await request(path, { form: { answer: "still_here" } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/auth?redirectTo=");

    const me = await member();
    for (const answer of ["maybe", ""]) {
      const refused = await request(path, { token: me.token, form: { answer } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false });
    }
    // As on the API, answering needs a confirmed e-mail address: the page says so instead of showing the buttons.
    const unconfirmed = await createSignedInUser(env, { verified: false });
    const refusedUnconfirmed = await request(path, { token: unconfirmed.token, form: { answer: "closed" } });
    expect(refusedUnconfirmed.status).toBe(403);
    const unconfirmedPage = await page(`/stall/${stall.shopUniqueId}`, unconfirmed.token);
    expect(unconfirmedPage).not.toContain("Is this stall still at this place?");
    const unknown = await request(`/stall/NoSuchStall1/still-here`, {
      token: me.token,
      form: { answer: "moved" },
    });
    expect(unknown.status).toBe(404);

    const first = await request(path, { token: me.token, form: { answer: "still_here" } });
    expect(first.status).toBe(200);
    const answered = (await first.json()) as {
      ok: boolean;
      confirmation: { answer: string; next_answer_at: string };
    };
    expect(answered.ok).toBe(true);
    expect(answered.confirmation.answer).toBe("still_here");

    const again = await request(path, { token: me.token, form: { answer: "closed" } });
    expect(again.status).toBe(429);
    expect(again.headers.get("Retry-After")).toMatch(/^\d+$/);

    const stallPage = await page(`/stall/${stall.shopUniqueId}`, me.token);
    expect(stallPage).toContain("Last confirmed");
    expect(stallPage).toMatch(/<fieldset disabled=""/);
    expect(stallPage).toContain("You answered “Yes”. You can answer again on");
    expect(await page(`/stall/${stall.shopUniqueId}`)).toContain(
      "to tell others whether this stall is still here.",
    );
  });
});
