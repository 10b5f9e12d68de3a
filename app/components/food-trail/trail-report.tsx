import { Flag } from "lucide-react";
import { FormDialog } from "~/components/form/form-dialog";
import { lazyForm } from "~/components/form/lazy-form";
import { useT } from "~/components/use-t";
import type { TrailReportFormProps } from "./trail-report-form";

// The form (conform, zod and its schema) downloads when someone first opens the dialog.
const reportForm = lazyForm<TrailReportFormProps>(() =>
  import("./trail-report-form").then((module) => module.TrailReportForm),
);

/** Report on someone's trail page: a button opening the report form in a dialog (visitors are asked to sign in). */
export function TrailReport({
  trailId,
  title,
  className,
}: {
  trailId: string;
  title: string;
  className: string;
}) {
  const t = useT();
  return (
    <FormDialog
      label={t("Report")}
      icon={<Flag aria-hidden="true" className="size-4" />}
      title={t("Report this trail")}
      description={t('Tell the moderators what is wrong with "{title}".', { title })}
      preload={reportForm.preload}
      className={className}
    >
      {(close) => <reportForm.Form trailId={trailId} onSent={close} />}
    </FormDialog>
  );
}
