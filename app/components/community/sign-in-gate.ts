import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";

/** Whether someone is signed in, from the root loader (every page has it). */
export function useSignedIn(): boolean {
  return Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
}

/**
 * For a visitor's click on something only members can do (like, save, follow, comment, a stall's heart): the spec's
 * 'Please log in first!' with a way to sign in and come back here. Answers whether the click may go on. `toastId`
 * keeps one such toast per kind of thing clicked.
 */
export function useSignInGate(toastId = "community-sign-in"): () => boolean {
  const signedIn = useSignedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  return () => {
    if (signedIn) return true;
    const redirectTo = `${location.pathname}${location.search}`;
    notify.message(t("Please log in first!"), {
      id: toastId,
      action: {
        label: t("Sign in"),
        onClick: () => navigate(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`),
      },
    });
    return false;
  };
}
