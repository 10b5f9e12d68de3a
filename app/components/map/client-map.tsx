import { Component, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

/**
 * Hosts a lazily loaded map (React.lazy of a .client module) in the browser only, after mount, or with
 * `whenVisible` once its place comes near the screen (a map below the fold then costs a phone nothing while the
 * page loads: Leaflet is about 45 KB of script and its start a long task). A placeholder of the map's size shows
 * until then and while it loads, with the `preview` of its markers when the page has one; if Leaflet fails to load
 * or to start, the spec's "Error loading map" card takes its place.
 */
export function ClientMap({
  height,
  preview,
  whenVisible = false,
  children,
}: {
  height: number;
  preview?: ReactNode;
  whenVisible?: boolean;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => {
    const element = place.current;
    if (!whenVisible || !element) {
      setShown(true);
      return;
    }
    // Half a screen's height ahead: a visitor scrolling down finds the map drawn or drawing, and a map further down
    // than that (a trail's, below its stops on a phone) does not start Leaflet while the page is first used.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setShown(true);
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [whenVisible]);
  const placeholder = (
    <div
      ref={place}
      className="relative flex w-full items-center justify-center rounded-xl bg-surface-muted text-ink-muted"
      style={{ height }}
    >
      {preview}
      {/* Above the preview's markers, where the map's own controls go, rather than over its middle. */}
      <span className={preview ? "absolute top-3 rounded-full bg-surface px-3 py-1 shadow" : undefined}>
        {t("Loading map...")}
      </span>
    </div>
  );
  if (!shown) return placeholder;
  return (
    <MapErrorBoundary>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </MapErrorBoundary>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(msg("Failed to initialize map")) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <MapError message={this.state.error.message} />;
  }
}

function MapError({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-closed/40 bg-surface p-6 text-center">
      <p className="font-semibold">{t("Error loading map: {message}", { message: t(message) })}</p>
      <p className="mt-1 text-ink-muted text-sm">
        {t("Check your internet connection and refresh the page.")}
      </p>
    </div>
  );
}
