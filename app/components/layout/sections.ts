import {
  Bookmark,
  Compass,
  Film,
  House,
  type LucideIcon,
  Newspaper,
  Route,
  Search,
  Settings,
  User,
} from "lucide-react";
import { msg } from "~/lib/i18n/translate";

// The product's sections, and where each bar shows them (ADR 032). A desktop shows every section in the header: one
// click. A phone keeps the spec's five tabs and opens the rest from the header's Menu: two taps. Sections that need
// an account are plain links for visitors too: their pages send them to sign in and back.

export type Section = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The places to browse: the header's text links, and the menu's first list. */
export const BROWSE: readonly Section[] = [
  { to: "/", label: msg("Home"), icon: House, end: true },
  { to: "/discover", label: msg("Discover"), icon: Compass },
  { to: "/search", label: msg("Search"), icon: Search },
  { to: "/feed", label: msg("Feed"), icon: Newspaper },
  { to: "/reels", label: msg("Reels"), icon: Film },
  { to: "/food-trails", label: msg("Food Trails"), icon: Route },
];

/** One's own places, the header's icons (Notifications is the bell, Profile the avatar). */
export const BOOKMARKS: Section = { to: "/bookmarks", label: msg("My Food Trail"), icon: Bookmark };
export const SETTINGS: Section = { to: "/settings", label: msg("Settings"), icon: Settings };
export const PROFILE: Section = { to: "/profile", label: msg("Profile"), icon: User };
