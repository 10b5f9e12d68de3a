-- Written by hand: drizzle-kit rebuilds the table to add a column with a CHECK, which would also drop the
-- profiles trigger of migration 0007. SQLite adds such a column in place.
ALTER TABLE `profiles` ADD COLUMN `language` text CONSTRAINT "profiles_language_check" CHECK("language" IS NULL OR "language" IN ('en', 'hi'));
