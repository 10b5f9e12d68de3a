import { Hono } from "hono";
import type { SignedInEnv } from "./viewer";

/** /api/reels: the feed, one reel, likes, saves, reports and deletion (issue 21). */
export const reelsApi = new Hono<SignedInEnv>();
