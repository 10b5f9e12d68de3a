import { useRef } from "react";
import { FieldError } from "~/components/form/field";
import { type PinnedStall, StallPinPicker } from "~/components/stall/stall-pin-picker";
import { useT } from "~/components/use-t";

/**
 * The stall a reel is about (required): the one it was opened for, or one found by a search here. `id` names the
 * field's wrapper, where focus finds the control when the field is refused.
 */
export function UploadStallField({
  id,
  pinned,
  error,
  onChange,
}: {
  id: string;
  pinned: PinnedStall | null;
  error: string | undefined;
  onChange: (stall: PinnedStall | null) => void;
}) {
  const t = useT();
  const field = useRef<HTMLDivElement>(null);
  return (
    <div id={id} ref={field}>
      <StallPinPicker
        pinned={pinned}
        onChange={(stall) => {
          onChange(stall);
          // Picking or unpinning removes the button that had focus: it goes to what replaced it (Unpin, or the
          // search box), once React has drawn that.
          const next = stall ? "button" : "input";
          requestAnimationFrame(() => field.current?.querySelector<HTMLElement>(next)?.focus());
        }}
        label={t("Stall this reel is about (required)")}
        heading={t("Stall")}
      />
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
