import { Link, type LinkProps, useLocation } from "@remix-run/react";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";

/** A link to sign in that brings the person back to `back`: by default this page as it is, its query too. */
export function SignInLink({ back, ...link }: { back?: string } & Omit<LinkProps, "to">) {
  const location = useLocation();
  return (
    <Link
      to={`/auth?redirectTo=${encodeURIComponent(back ?? location.pathname + location.search)}`}
      {...link}
    />
  );
}

/**
 * "Sign in to ...": `sentence` is a translated sentence with a `{signIn}` slot (signInSlot), where the link goes.
 */
export function SignInSentence({ sentence, className }: { sentence: string; className: string }) {
  const t = useT();
  return (
    <p className={className}>
      <Sentence
        text={sentence}
        parts={{
          signIn: (
            <SignInLink className="font-semibold text-primary-strong underline">{t("Sign in")}</SignInLink>
          ),
        }}
      />
    </p>
  );
}

/** The value of a sentence's `{signIn}` for SignInSentence. */
export const signInSlot = { signIn: slot("signIn") };
