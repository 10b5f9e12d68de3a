import type { StallListItem } from "~/models/stall/stall.server";

/** What the Map Lab shows of a stall: its markers, popups and the focus list need no more. */
export type LabStall = Pick<
  StallListItem,
  "id" | "name" | "location" | "latitude" | "longitude" | "distance" | "isOpen" | "discovery_tags"
>;

export const toLabStall = (stall: StallListItem): LabStall => ({
  id: stall.id,
  name: stall.name,
  location: stall.location,
  latitude: stall.latitude,
  longitude: stall.longitude,
  distance: stall.distance,
  isOpen: stall.isOpen,
  discovery_tags: stall.discovery_tags,
});
