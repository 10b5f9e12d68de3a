// The drizzle schema: the tables, one file a part of the app in tables/ (their column helpers in tables/columns.ts,
// the likes and saves tables' shape in tables/marks.ts).
// drizzle-kit reads this file (drizzle.config.ts); the app imports tables from ~/db/schema.

export * from "./tables/account-actions";
export * from "./tables/accounts";
export * from "./tables/audit";
export * from "./tables/community";
export * from "./tables/moderation";
export * from "./tables/notifications";
export * from "./tables/reels";
export * from "./tables/safety";
export * from "./tables/stalls";
export * from "./tables/trails";
