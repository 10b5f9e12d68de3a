-- Settings, your data and support (issue 22). The profiles columns are written by hand: drizzle-kit rebuilds the
-- table to add a column with a CHECK, which would also drop the profiles trigger of migration 0007; SQLite adds
-- such a column in place.
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`topic` text NOT NULL,
	`message` text NOT NULL,
	`page` text,
	`app_version` text,
	`status` text DEFAULT 'open' NOT NULL,
	`answer` text,
	`answered_by` text,
	`answered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`answered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contact_messages_topic_check" CHECK("contact_messages"."topic" IN ('question', 'stall', 'account', 'problem', 'other')),
	CONSTRAINT "contact_messages_status_check" CHECK("contact_messages"."status" IN ('open', 'answered')),
	CONSTRAINT "contact_messages_length" CHECK(length("contact_messages"."message") BETWEEN 1 AND 2000),
	CONSTRAINT "contact_messages_answered" CHECK("contact_messages"."status" <> 'answered' OR "contact_messages"."answer" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_idx` ON `contact_messages` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `email_changes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_changes_email_lowercase" CHECK("email_changes"."new_email" = lower(trim("email_changes"."new_email")) AND "email_changes"."new_email" LIKE '%_@_%')
);
--> statement-breakpoint
CREATE INDEX `email_changes_user_idx` ON `email_changes` (`user_id`);--> statement-breakpoint
ALTER TABLE `newsletter_subscriptions` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscriptions` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD COLUMN `units` text DEFAULT 'km' NOT NULL CONSTRAINT "profiles_units_check" CHECK("units" IN ('km', 'mi'));--> statement-breakpoint
ALTER TABLE `profiles` ADD COLUMN `home_city` text CONSTRAINT "profiles_home_city_check" CHECK("home_city" IS NULL OR "home_city" IN ('bangalore', 'delhi', 'location'));--> statement-breakpoint
ALTER TABLE `profiles` ADD COLUMN `profile_visibility` text DEFAULT 'public' NOT NULL CONSTRAINT "profiles_visibility_check" CHECK("profile_visibility" IN ('public', 'followers'));--> statement-breakpoint
ALTER TABLE `profiles` ADD COLUMN `mention_policy` text DEFAULT 'everyone' NOT NULL CONSTRAINT "profiles_mention_policy_check" CHECK("mention_policy" IN ('everyone', 'following', 'nobody'));--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;