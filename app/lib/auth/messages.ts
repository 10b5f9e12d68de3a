// Account messages shown to people, shared by the server flows and the pages that display them.
export const SIGN_IN_FAILED = "Invalid email or password";
export const SIGN_IN_THROTTLED = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
export const EMAIL_TAKEN = "An account with this email already exists. Try signing in instead.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";
