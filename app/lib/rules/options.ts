import { msg } from "~/lib/i18n/translate";

// The fixed option lists: popular tags, discovery tags, food preferences, genders, filter chips. Stored tags are
// free text, so custom tags stay possible; these lists drive the pickers, the filter chips and the seed data.

/** The popular tags in the picker's order, each with its other roles: `filter`, a chip of the Home filter bar;
 * `category`, a kind of food, so a stall's category is the first of these among its tags. */
const POPULAR_TAGS: { tag: string; filter?: true; category?: true }[] = [
  { tag: msg("Cheap"), filter: true },
  { tag: msg("Spicy"), filter: true },
  { tag: msg("Open Late"), filter: true },
  { tag: msg("Dessert"), filter: true, category: true },
  { tag: msg("Vegetarian"), filter: true },
  { tag: msg("Street Food"), filter: true },
  { tag: msg("Indian"), category: true },
  { tag: msg("Chinese"), category: true },
  { tag: msg("Mexican"), category: true },
  { tag: msg("Italian"), category: true },
  { tag: msg("Thai"), category: true },
  { tag: msg("Japanese"), category: true },
  { tag: msg("Breakfast") },
  { tag: msg("Lunch") },
  { tag: msg("Dinner") },
  { tag: msg("Snacks"), category: true },
  { tag: msg("Drinks"), filter: true, category: true },
  { tag: msg("Coffee"), category: true },
];

export const CUISINE_TAGS = POPULAR_TAGS.map((popular) => popular.tag);

export const CATEGORY_TAGS = POPULAR_TAGS.filter((popular) => popular.category).map((popular) => popular.tag);

/** The Home filter bar: "All" plus the filter tags; a stall matches when its tags include the chip. */
export const HOME_FILTERS = [
  msg("All"),
  ...POPULAR_TAGS.filter((popular) => popular.filter).map((popular) => popular.tag),
];

export const DISCOVERY_TAGS = [
  { value: "hidden gem", label: msg("Hidden Gem") },
  { value: "popular spot", label: msg("Popular Spot") },
  { value: "budget friendly", label: msg("Budget Friendly") },
  { value: "late night eats", label: msg("Late Night Eats") },
  { value: "student favourite", label: msg("Student Favourite") },
  { value: "family friendly", label: msg("Family Friendly") },
  { value: "trending now", label: msg("Trending Now") },
] as const;

export type DiscoveryTag = (typeof DISCOVERY_TAGS)[number]["value"];

export const DISCOVERY_TAG_VALUES = DISCOVERY_TAGS.map((t) => t.value);

/** The one discovery label nobody chooses: the hourly job gives it to stalls with engagement this week (ADR 022). */
export const TRENDING_TAG = "trending now" satisfies DiscoveryTag;

/** The labels a person may give a stall (Add a Stall): all but the earned one. */
export const CHOOSABLE_DISCOVERY_TAGS = DISCOVERY_TAGS.filter((tag) => tag.value !== TRENDING_TAG);

/** A stall's labels as shown: the ones it was given, with 'trending now' when (and only when) its week's score is
 * above 0, whatever an older submission stored. */
export function shownDiscoveryTags(stored: readonly string[], trendingScore: number): string[] {
  const given = stored.filter((tag) => tag !== TRENDING_TAG);
  return trendingScore > 0 ? [...given, TRENDING_TAG] : given;
}

/** A stored discovery tag's label ("hidden gem" is shown as "Hidden Gem"), to translate where it is shown. */
export function discoveryTagLabel(value: string): string {
  return DISCOVERY_TAGS.find((tag) => tag.value === value)?.label ?? value;
}

/** Stored as the English text; shown with t(preference). */
export const FOOD_PREFERENCES = [
  msg("Vegetarian"),
  msg("Vegan"),
  msg("Spicy"),
  msg("Street Food"),
  msg("South Indian"),
  msg("North Indian"),
  msg("Chaat"),
  msg("Healthy"),
] as const;

export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

// Settings (issue 22): the stored values; their labels are in the settings components.
export const DISTANCE_UNITS = ["km", "mi"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** Where Discover and the trail generator start when the person has not shared a location. */
export const HOME_CITIES = ["bangalore", "delhi", "location"] as const;
export type HomeCity = (typeof HOME_CITIES)[number];

export const PROFILE_VISIBILITIES = ["public", "followers"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const MENTION_POLICIES = ["everyone", "following", "nobody"] as const;
export type MentionPolicy = (typeof MENTION_POLICIES)[number];

export const CONTACT_TOPICS = ["question", "stall", "account", "problem", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const SUPPORT_STATUSES = ["open", "answered"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
