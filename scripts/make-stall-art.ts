// Draws the seed stalls' pictures (public/stalls/<archetype>.svg): a warm backdrop, a plate and the dish's
// name. Run `npx tsx scripts/make-stall-art.ts` after adding an archetype; the files are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { ARCHETYPES } from "./seed-data";

const PALETTES: Record<string, [string, string, string]> = {
  chaat: ["#fde68a", "#f97316", "#65a30d"],
  dosa: ["#fef3c7", "#d97706", "#15803d"],
  momos: ["#e0f2fe", "#f8fafc", "#dc2626"],
  biryani: ["#fed7aa", "#ea580c", "#7c2d12"],
  rolls: ["#fecaca", "#b45309", "#166534"],
  chai: ["#f5e6d3", "#92400e", "#fbbf24"],
  paratha: ["#fef9c3", "#ca8a04", "#f5f5f4"],
  sweets: ["#fce7f3", "#f59e0b", "#db2777"],
  chole: ["#ffedd5", "#c2410c", "#fde68a"],
  juice: ["#dcfce7", "#84cc16", "#facc15"],
  vadapav: ["#fef3c7", "#b45309", "#16a34a"],
  egg: ["#e0e7ff", "#fbbf24", "#f8fafc"],
  akki: ["#ecfccb", "#a16207", "#15803d"],
  fusion: ["#ede9fe", "#e11d48", "#f59e0b"],
};

function art(key: string, dish: string, category: string): string {
  const [backdrop, food, garnish] = PALETTES[key] ?? ["#fde68a", "#f97316", "#65a30d"];
  const bits = Array.from({ length: 9 }, (_, i) => {
    const angle = (i / 9) * Math.PI * 2;
    const x = (320 + Math.cos(angle) * 70).toFixed(0);
    const y = (200 + Math.sin(angle) * 38).toFixed(0);
    return `<circle cx="${x}" cy="${y}" r="9" fill="${garnish}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" role="img" aria-label="${dish}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop}"/><stop offset="1" stop-color="#fff7ed"/></linearGradient></defs>
<rect width="640" height="400" fill="url(#g)"/>
<ellipse cx="320" cy="220" rx="190" ry="95" fill="#ffffff" stroke="#e7d6c3" stroke-width="6"/>
<ellipse cx="320" cy="205" rx="125" ry="62" fill="${food}"/>
${bits}
<text x="320" y="360" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#431407">${dish}</text>
<text x="320" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" fill="#7c2d12">${category}</text>
</svg>
`;
}

mkdirSync("public/stalls", { recursive: true });
for (const archetype of ARCHETYPES) {
  writeFileSync(
    `public/stalls/${archetype.key}.svg`,
    art(archetype.key, archetype.menu[0]?.item ?? "", archetype.category),
  );
}
writeFileSync(
  "public/stalls/fallback.svg",
  art("fallback", "Photo coming soon", "Nukkad").replace(
    'aria-label="Photo coming soon"',
    'aria-label="No photo yet"',
  ),
);
console.log(`wrote ${ARCHETYPES.length + 1} pictures to public/stalls`);
