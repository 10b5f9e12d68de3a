// `npm run i18n:compile`: the string catalogues as TypeScript modules (vite-i18n-catalogues.ts says why), for
// what reads the app without Vite: run after `npm install` (so the seed, the benchmarks and tsx scripts find
// them) and before the typecheck.
import { compileCatalogues } from "../vite-i18n-catalogues";

await compileCatalogues();
