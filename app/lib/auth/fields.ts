import { msg } from "~/lib/i18n/translate";

// The account forms' limits and patterns, without zod (ADR 056): the pages show them, schemas.ts checks them.

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
/** Profile pictures are http(s) addresses: javascript:, data: and the like are refused. */
export const AVATAR_URL_MESSAGE = msg("Please enter a valid URL");
