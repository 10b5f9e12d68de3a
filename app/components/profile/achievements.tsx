import { Award } from "lucide-react";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import type { Achievement } from "~/lib/rules/profile-display";

/** A profile's badges (achievements() decides which), as /profile and /u/:username show them. */
export function Achievements({ badges }: { badges: readonly Achievement[] }) {
  const t = useT();
  return (
    <TitledSection
      id="achievements"
      title={t("Achievements")}
      className="mt-6"
      titleClassName="font-semibold"
    >
      <ul className="mt-2 flex flex-wrap gap-2">
        {badges.map((badge) => (
          <li
            key={badge.name}
            title={t(badge.description)}
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950 text-sm"
          >
            <Award aria-hidden="true" className="size-4" /> {t(badge.name)}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
