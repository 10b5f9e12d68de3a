import { BadgeCheck, Flag, type LucideIcon } from "lucide-react";
import { FormDialog } from "~/components/community/form-dialog";
import { lazyForm } from "~/components/form/lazy-form";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { CommunityFormProps } from "./community-form";

/** Quick Actions on a stall's page: Claim This Stall (the spec's claim modal) and Report Issue. */
const DIALOGS: {
  label: string;
  icon: LucideIcon;
  /** An ICU message filled in with { name }, the stall's name. */
  description: string;
  form: ReturnType<typeof lazyForm<CommunityFormProps>>;
}[] = [
  {
    label: msg("Claim This Stall"),
    icon: BadgeCheck,
    description: msg(
      'Do you run "{name}"? A moderator checks your claim, then the stall shows as a Verified Business.',
    ),
    form: lazyForm(() => import("./claim-form").then((module) => module.ClaimForm)),
  },
  {
    label: msg("Report Issue"),
    icon: Flag,
    description: msg('Tell the moderators what is wrong with "{name}".'),
    form: lazyForm(() => import("./report-form").then((module) => module.ReportForm)),
  },
];

export function CommunityDialogs({ stallId, stallName }: { stallId: string; stallName: string }) {
  const t = useT();
  return (
    <ul className="mt-3 space-y-2">
      {DIALOGS.map(({ label, icon: Icon, description, form: { Form, preload } }) => (
        <li key={label}>
          <FormDialog
            title={t(label)}
            description={t(description, { name: stallName })}
            button={
              <>
                <Icon aria-hidden="true" className="size-4 text-primary" /> {t(label)}
              </>
            }
            className="flex w-full items-center gap-2 rounded-lg border border-border px-3 py-2 text-left hover:border-primary"
            preload={preload}
          >
            {(close) => <Form stallId={stallId} onSent={close} />}
          </FormDialog>
        </li>
      ))}
    </ul>
  );
}
