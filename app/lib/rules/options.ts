// The fixed option lists: popular tags, discovery tags, food preferences, genders, filter chips. Stored tags are
// free text, so custom tags stay possible; these lists drive the pickers, the filter chips and the seed data.

export const CUISINE_TAGS = [
  "Cheap",
  "Spicy",
  "Open Late",
  "Dessert",
  "Vegetarian",
  "Street Food",
  "Indian",
  "Chinese",
  "Mexican",
  "Italian",
  "Thai",
  "Japanese",
  "Breakfast",
  "Lunch",
  "Dinner",
  "Snacks",
  "Drinks",
  "Coffee",
] as const;

export const DISCOVERY_TAGS = [
  { value: "hidden gem", label: "Hidden Gem" },
  { value: "popular spot", label: "Popular Spot" },
  { value: "budget friendly", label: "Budget Friendly" },
  { value: "late night eats", label: "Late Night Eats" },
  { value: "student favourite", label: "Student Favourite" },
  { value: "family friendly", label: "Family Friendly" },
  { value: "trending now", label: "Trending Now" },
] as const;

export type DiscoveryTag = (typeof DISCOVERY_TAGS)[number]["value"];

export const DISCOVERY_TAG_VALUES = DISCOVERY_TAGS.map((t) => t.value);

export const FOOD_PREFERENCES = [
  "Vegetarian",
  "Vegan",
  "Spicy",
  "Street Food",
  "South Indian",
  "North Indian",
  "Chaat",
  "Healthy",
] as const;

export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];

/** The Home filter bar: "All" plus seven tags; a stall matches when its tags include the chip. */
export const HOME_FILTERS = [
  "All",
  "Cheap",
  "Spicy",
  "Open Late",
  "Dessert",
  "Vegetarian",
  "Street Food",
  "Drinks",
] as const;

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
