import { PenLine } from "lucide-react";
import { Suspense, useState } from "react";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { FormOpener } from "~/components/form/form-opener";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import type { PostType, PostView } from "~/lib/schemas/community";
import type { PostFormProps } from "./post-form";
import { useSignedIn } from "./sign-in-gate";

// The form (conform, zod, postSchema) downloads when the box is first reached, not with the page.
const postForm = lazyForm<PostFormProps>(() => import("./post-form").then((module) => module.default));

export interface PostComposerProps {
  /** The signed-in reader's address is confirmed (mayContribute in the page's loader); ignored for visitors. */
  emailConfirmed: boolean;
  /** Pin new posts to this stall from the start (a stall's page). */
  stall?: { id: string; name: string } | null;
  /** The type chosen at first; discovery unless given. */
  defaultType?: PostType;
  /** Each post once stored, as the server answered it, so the page can show it first. */
  onPosted?: (post: PostView) => void;
}

/**
 * The 'Share your food discovery...' box. A visitor is asked to sign in; a member whose address is not confirmed is
 * told why they cannot post yet (with 'Send the link again'); others open the form in place.
 */
export function PostComposer({ emailConfirmed, stall = null, defaultType, onPosted }: PostComposerProps) {
  const t = useT();
  const signedIn = useSignedIn();
  const [open, setOpen] = useState(false);
  const box = "rounded-2xl border border-border bg-surface p-4 shadow-sm";
  if (!signedIn)
    return (
      <section aria-label={t("Share your food discovery...")} className={box}>
        <p className="text-ink-muted">{t("Share your food discovery...")}</p>
        <SignInLink className="mt-3 inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-foreground">
          {t("Sign in to share a post")}
        </SignInLink>
      </section>
    );
  if (!emailConfirmed)
    return <ConfirmEmailNotice className={box}>{t(CONFIRM_EMAIL_FIRST)}</ConfirmEmailNotice>;
  return (
    <section aria-label={t("Share your food discovery...")} className={box}>
      {open ? (
        <Suspense fallback={<LoadingForm className="min-h-64" />}>
          <postForm.Form
            stall={stall}
            defaultType={defaultType}
            onSent={(post) => {
              setOpen(false);
              if (post) onPosted?.(post);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <FormOpener
          onClick={() => setOpen(true)}
          preload={postForm.preload}
          className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-border bg-surface-muted px-4 text-left text-ink-muted hover:border-primary"
        >
          <PenLine aria-hidden="true" className="size-5 text-primary-strong" />
          {t("Share your food discovery...")}
        </FormOpener>
      )}
    </section>
  );
}
