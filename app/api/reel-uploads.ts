import { Hono } from "hono";
import type { SignedInEnv } from "./viewer";

/** /api/reels: uploading a reel's video to R2 in parts, and the form that turns an upload into a pending reel. */
export const reelUploadsApi = new Hono<SignedInEnv>();
