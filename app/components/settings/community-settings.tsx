import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import {
  MENTION_POLICIES,
  type MentionPolicy,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
} from "~/lib/rules/options";
import { ChoiceButtons } from "./preferences-choice";

const VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: msg("Public"),
  followers: msg("Followers only"),
};
const MENTION_LABELS: Record<MentionPolicy, string> = {
  everyone: msg("Everyone"),
  following: msg("People I follow"),
  nobody: msg("Nobody"),
};

/** Settings > Community: kept on the profile, so only for someone signed in. */
export function CommunitySettings({
  profileVisibility,
  mentionPolicy,
}: {
  profileVisibility: ProfileVisibility;
  mentionPolicy: MentionPolicy;
}) {
  const t = useT();
  return (
    <>
      <ChoiceButtons
        action="/settings?index"
        label={t("Profile visibility")}
        name="profile_visibility"
        options={PROFILE_VISIBILITIES.map((value) => ({ value, label: t(VISIBILITY_LABELS[value]) }))}
        current={profileVisibility}
      />
      <ChoiceButtons
        action="/settings?index"
        label={t("Who can mention me")}
        name="mention_policy"
        options={MENTION_POLICIES.map((value) => ({ value, label: t(MENTION_LABELS[value]) }))}
        current={mentionPolicy}
      />
    </>
  );
}
