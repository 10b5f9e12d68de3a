import { Sentence, slot } from "~/components/sentence";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";

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
