import { Link } from "@remix-run/react";
import { segmentPostText } from "~/lib/rules/post-text";

/**
 * A post's or comment's text as written, its line breaks kept: links open as safe links (rel nofollow ugc noopener,
 * a new tab), @mentions go to the profile and #tags to search. Every piece is a text node, never HTML.
 */
export function PostText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-line break-words ${className}`}>
      {segmentPostText(text).map((segment, index) => {
        const key = `${index}-${segment.kind}`;
        if (segment.kind === "text" || !segment.href) return <span key={key}>{segment.text}</span>;
        if (segment.kind === "link")
          return (
            <a
              key={key}
              href={segment.href}
              rel="nofollow ugc noopener noreferrer"
              target="_blank"
              className="text-primary-strong underline"
            >
              {segment.text}
            </a>
          );
        return (
          <Link key={key} to={segment.href} className="font-semibold text-primary-strong hover:underline">
            {segment.text}
          </Link>
        );
      })}
    </p>
  );
}
