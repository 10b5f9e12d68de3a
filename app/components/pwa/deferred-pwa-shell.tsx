import { lazy, Suspense, useEffect, useState } from "react";

// The worker, IndexedDB and the prompts are nothing a first paint needs: their code loads after mount, so no page
// pays for it in its first-load JavaScript (ADR 016).
const PwaShell = lazy(() => import("./pwa-shell").then((module) => ({ default: module.PwaShell })));

/** The installable app around every page (pwa-shell.tsx), loaded once the page is interactive. */
export function DeferredPwaShell() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <PwaShell />
    </Suspense>
  );
}
