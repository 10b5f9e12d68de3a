import { useRevalidator } from "@remix-run/react";
import { CloudOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import { syncOfflineData } from "~/lib/client/offline-sync";
import { queuedWriteCount, replayWrites, WRITES_CHANNEL, type WritesNews } from "~/lib/client/offline-writes";

/**
 * 'Offline: changes will sync' with the number of writes waiting, while the device is offline or writes wait; the
 * queue is replayed when the network comes back, and a toast says when it is all saved (ADR 029). The worker's
 * Background Sync replay reports here too, through the queue's channel.
 */
export function OfflineWritesBanner() {
  const t = useT();
  const revalidator = useRevalidator();
  const [online, setOnline] = useState(true);
  const [waiting, setWaiting] = useState(0);
  // The latest render's helpers, for listeners added once.
  const latest = useRef({ t, revalidator });
  latest.current = { t, revalidator };

  useEffect(() => {
    const count = () => void queuedWriteCount().then(setWaiting);
    const onNews = (event: MessageEvent<WritesNews>) => {
      count();
      const news = event.data;
      if (news.kind !== "replayed") return;
      const { t, revalidator } = latest.current;
      for (const message of news.refused) notify.error(t(message));
      if (news.saved > 0 && news.left === 0)
        notify.success(t("Your offline changes are saved."), { id: "offline-writes" });
      // The page shows what the server now has, and so do the pages kept for offline use.
      revalidator.revalidate();
      if (news.saved > 0) void syncOfflineData([], { fresh: true });
    };
    const channel = new BroadcastChannel(WRITES_CHANNEL);
    channel.addEventListener("message", onNews);
    const goOnline = () => {
      setOnline(true);
      void replayWrites();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    setOnline(navigator.onLine);
    count();
    return () => {
      channel.close();
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, []);

  if (online && waiting === 0) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-3 top-2 z-50 mx-auto flex w-fit max-w-md items-center gap-2 rounded-full bg-ink px-4 py-1.5 text-sm text-surface shadow-lg"
    >
      <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      <p>
        {t("Offline: changes will sync")}
        {waiting > 0 ? (
          <span className="ml-1 font-semibold">
            ({t("{count, plural, one {# change waiting} other {# changes waiting}}", { count: waiting })})
          </span>
        ) : null}
      </p>
    </div>
  );
}
