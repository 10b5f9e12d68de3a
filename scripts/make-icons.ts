// Renders the app icons of the web app manifest (public/icons/*.png) from the mark in public/favicon.svg: 192 and
// 512 px as drawn, and a maskable 512 px whose glyph sits inside the central 80% safe zone on a full-bleed
// saffron square (launchers cut maskable icons to circles and squircles). Run `npx tsx scripts/make-icons.ts`
// after changing the mark; the PNGs are committed. Drawn by the headless shell the e2e tests use.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { TEST_CHROMIUM_PATH } from "./lib/chromium";

const mark = readFileSync("public/favicon.svg", "utf8");
// The mark's own background colour: the maskable icon's full-bleed square matches it.
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(mark)?.[1] ?? "#c2410c";
// The glyph alone (the mark without its rounded square), for the maskable icon.
const glyph = mark.replace(/<rect[^>]*\/>/, "").replace(/^<svg[^>]*>|<\/svg>$/g, "");

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(6.4 6.4) scale(0.8)">${glyph}</g></svg>`;

const icons: { file: string; svg: string; size: number }[] = [
  { file: "public/icons/icon-192.png", svg: mark, size: 192 },
  { file: "public/icons/icon-512.png", svg: mark, size: 512 },
  { file: "public/icons/icon-maskable-512.png", svg: maskable, size: 512 },
];

const browser = await chromium.launch({
  executablePath: TEST_CHROMIUM_PATH,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const { file, svg, size } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    writeFileSync(
      file,
      await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
    );
    console.log(`${file} (${size} px)`);
  }
} finally {
  await browser.close();
}
