import { z } from "zod";
import { THEMES } from "~/lib/http/theme";
import { LANGUAGES } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { DISTANCE_UNITS, HOME_CITIES, MENTION_POLICIES, PROFILE_VISIBILITIES } from "~/lib/rules/options";

/**
 * A person's settings as GET and PUT /api/settings speak them (snake_case, like the rest of the API), and what the
 * settings page's forms send. Theme and language are optional: the page sets them through /theme and /language.
 */
export const settingsSchema = z
  .object({
    theme: z.enum(THEMES, { error: msg("Choose light, dark or system") }).optional(),
    language: z.enum(LANGUAGES, { error: msg("Choose English or हिन्दी") }).optional(),
    units: z.enum(DISTANCE_UNITS, { error: msg("Choose km or mi") }),
    home_city: z.enum(HOME_CITIES, { error: msg("Choose Bangalore, Delhi or your location") }).nullable(),
    profile_visibility: z.enum(PROFILE_VISIBILITIES, { error: msg("Choose public or followers only") }),
    mention_policy: z.enum(MENTION_POLICIES, { error: msg("Choose everyone, people you follow or nobody") }),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

/** One of the page's forms: each changes a single setting, and the action saves only what was sent. */
export const settingChangeSchema = settingsSchema.omit({ theme: true, language: true }).partial();
export type SettingChange = z.infer<typeof settingChangeSchema>;

/** The settings that exist only on a profile: changing them needs an account. */
export const COMMUNITY_SETTINGS = ["profile_visibility", "mention_policy"] as const;
