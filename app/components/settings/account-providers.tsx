import { Form } from "@remix-run/react";
import { IntentButton } from "~/components/form/intent-button";
import { useT } from "~/components/use-t";
import type { OAuthProvider } from "~/lib/auth/oauth.server";
import { OUTLINE_BUTTON } from "./account-section";

interface ProviderRow {
  provider: OAuthProvider;
  name: string;
  configured: boolean;
  linked: boolean;
}

/**
 * Google and GitHub: linked ones can be unlinked (the server refuses the last way to sign in, and the button says
 * so beforehand), configured ones can be linked through a round trip to the provider.
 */
export function AccountProviders({
  providers,
  hasPassword,
  justLinked,
}: {
  providers: ProviderRow[];
  hasPassword: boolean;
  justLinked: OAuthProvider | null;
}) {
  const t = useT();
  const linkedCount = providers.filter((row) => row.linked).length;
  const shown = providers.filter((row) => row.linked || row.configured);
  const linkedName = providers.find((row) => row.provider === justLinked)?.name;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm empty:hidden">
        {linkedName ? t("{name} is linked: you can sign in with it now.", { name: linkedName }) : null}
      </p>
      {shown.length === 0 ? (
        <p className="text-ink-muted">{t("Signing in with Google or GitHub is not available here.")}</p>
      ) : (
        <ul className="divide-y divide-border">
          {shown.map((row) => (
            <ProviderItem
              key={row.provider}
              row={row}
              lastWay={row.linked && !hasPassword && linkedCount === 1}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ProviderItem({ row, lastWay }: { row: ProviderRow; lastWay: boolean }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{row.name}</p>
        <p className="text-ink-muted text-sm">
          {row.linked
            ? lastWay
              ? t("Linked. It is your only way to sign in, so it cannot be unlinked yet.")
              : t("Linked")
            : t("Not linked")}
        </p>
      </div>
      {row.linked ? (
        <IntentButton
          intent="unlink"
          values={{ provider: row.provider }}
          pendingLabel={t("Unlinking...")}
          aria-label={t("Unlink {name}", { name: row.name })}
          className={OUTLINE_BUTTON}
        >
          {t("Unlink")}
        </IntentButton>
      ) : (
        // A full page post: the answer sends the browser on to the provider.
        <Form method="post" action={`/auth/oauth/${row.provider}`} reloadDocument>
          <button type="submit" aria-label={t("Link {name}", { name: row.name })} className={OUTLINE_BUTTON}>
            {t("Link")}
          </button>
        </Form>
      )}
    </li>
  );
}
