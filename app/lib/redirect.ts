/** Only same-site paths may be redirect targets: "/x" yes; "//evil.com", "https://..." and "/\\evil" no. */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.includes("\\")
  ) {
    return fallback;
  }
  return target;
}
