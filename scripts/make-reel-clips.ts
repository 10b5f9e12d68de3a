// Renders the seed reels' clips (scripts/seed-reels.ts) from the stall art: for each, a 6-second vertical MP4 of the
// stall's picture (public/stalls/<clip>.svg) slowly zooming over a blurred copy of itself, the stall's name and
// place on top, a quiet tone as its sound, and a JPEG of its first frame as the poster; plus clips.json with what
// the seed stores of each (bytes, duration, size). Run `npx tsx scripts/make-reel-clips.ts` after changing a seed
// reel; it needs ffmpeg with librsvg and libx264 (Debian's has both), and the files are committed, so neither
// `npm start` nor the tests ever run ffmpeg.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedStalls } from "./seed-data";
import { SEED_REEL_DIR, SEED_REELS } from "./seed-reels";

const WIDTH = 540;
const HEIGHT = 960;
const SECONDS = 6;
const FPS = 30;
const FRAMES = SECONDS * FPS;
/** Each clip must stay under this (issue 21), so the repository stays small. */
const MAX_BYTES = 300 * 1024;
/** Without a font the clips still move; they just carry no title. */
const FONT = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
].find((path) => existsSync(path));

const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });

/** Two lines at the top, white on the blurred art, sized so the longest name fits the width. */
function titles(dir: string, name: string, place: string): string {
  if (!FONT) return "";
  writeFileSync(join(dir, "name.txt"), name);
  writeFileSync(join(dir, "place.txt"), place);
  const nameSize = Math.min(40, Math.floor((WIDTH - 60) / (name.length * 0.62)));
  const line = (file: string, size: number, y: number) =>
    `drawtext=fontfile=${FONT}:textfile=${join(dir, file)}:fontsize=${size}:fontcolor=white:` +
    `shadowcolor=black@0.6:shadowx=2:shadowy=2:x=(w-text_w)/2:y=${y}`;
  return `,${line("name.txt", nameSize, 120)},${line("place.txt", 26, 120 + nameSize + 18)}`;
}

const { approved } = embeddedStalls(Date.now());
const manifest: Record<string, object> = {};
for (const reel of SEED_REELS) {
  const stall = approved.find((s) => s.name === reel.stall);
  if (!stall) throw new Error(`Seed reel "${reel.clip}": no seeded stall is named "${reel.stall}"`);
  const place = stall.location.split(", ").slice(-2).join(", ");
  const dir = mkdtempSync(join(tmpdir(), "nukkad-reel-"));
  const video = join(SEED_REEL_DIR, `${reel.clip}.mp4`);
  const poster = join(SEED_REEL_DIR, `${reel.clip}.jpg`);
  try {
    // librsvg draws the art at three times the card's size, so the zoom never magnifies pixels.
    const art = join(dir, "art.png");
    ffmpeg([
      "-c:v",
      "librsvg",
      "-width",
      "1620",
      "-height",
      "1012",
      "-i",
      `public/stalls/${reel.clip}.svg`,
      art,
    ]);
    // The zoom and the pan go out and back (1 - cos), so the clip loops without a jump.
    const swing = `(1-cos(2*PI*on/${FRAMES}))/2`;
    const cardHeight = Math.round((WIDTH * 400) / 640 / 2) * 2;
    const filter =
      "[0:v]split[a][b];" +
      `[a]scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase,crop=${WIDTH}:${HEIGHT},` +
      "gblur=sigma=24,eq=brightness=-0.3:saturation=1.4[bg];" +
      `[b]zoompan=z='1+0.16*${swing}':x='(iw-iw/zoom)*(0.5+0.3*sin(2*PI*on/${FRAMES}))':` +
      `y='(ih-ih/zoom)/2':d=1:s=${WIDTH}x${cardHeight}:fps=${FPS}[card];` +
      `[bg][card]overlay=x=0:y=(H-h)/2${titles(dir, stall.name, place)},format=yuv420p[v];` +
      // A soft two-note hum that swells and fades with the zoom, quiet enough to pass unnoticed when unmuted.
      `aevalsrc='(0.02*sin(2*PI*196*t)+0.014*sin(2*PI*294*t))*(0.5+0.5*sin(2*PI*t/${SECONDS}-PI/2))':` +
      `s=44100:d=${SECONDS}[sound]`;
    ffmpeg([
      ...["-loop", "1", "-framerate", String(FPS), "-t", String(SECONDS), "-i", art],
      ...["-filter_complex", filter, "-map", "[v]", "-map", "[sound]", "-t", String(SECONDS)],
      ...["-c:v", "libx264", "-profile:v", "main", "-preset", "slow", "-crf", "27", "-threads", "1"],
      ...["-maxrate", "320k", "-bufsize", "640k", "-g", String(FPS * 2), "-r", String(FPS)],
      ...["-c:a", "aac", "-b:a", "32k", "-ac", "1"],
      // No encoder versions or dates in the file, so rendering again with the same ffmpeg changes no bytes.
      ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
      ...["-movflags", "+faststart", video],
    ]);
    ffmpeg([
      "-i",
      video,
      "-frames:v",
      "1",
      // -q:v 8: a poster shows for the moment before the first frame, and on a slow phone it shares the link with
      // the clip and the page's scripts; at 4 it was 24-28 KB, at 8 18-20 KB and no different to the eye (ADR 058).
      "-q:v",
      "8",
      "-fflags",
      "+bitexact",
      "-flags:v",
      "+bitexact",
      poster,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const probe = JSON.parse(
    execFileSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration:stream=width,height", "-of", "json", video],
      { encoding: "utf8" },
    ),
  ) as { format: { duration: string }; streams: { width?: number; height?: number }[] };
  const bytes = statSync(video).size;
  if (bytes >= MAX_BYTES) throw new Error(`${video} is ${bytes} bytes, over ${MAX_BYTES}`);
  manifest[reel.clip] = {
    bytes,
    posterBytes: statSync(poster).size,
    durationMs: Math.round(Number(probe.format.duration) * 1000),
    width: probe.streams.find((s) => s.width)?.width,
    height: probe.streams.find((s) => s.height)?.height,
  };
  console.log(
    `${video}: ${(bytes / 1024).toFixed(1)} KB, poster ${(statSync(poster).size / 1024).toFixed(1)} KB`,
  );
}
writeFileSync(join(SEED_REEL_DIR, "clips.json"), `${JSON.stringify(manifest, null, 2)}\n`);
