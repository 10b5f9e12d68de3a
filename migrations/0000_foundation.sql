CREATE TABLE `newsletter_subscriptions` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`username` text,
	`avatar_url` text,
	`bio` text,
	`location` text,
	`phone` text,
	`date_of_birth` text,
	`food_preferences` text DEFAULT '[]' NOT NULL,
	`gender` text,
	`gps_coordinates` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_gender_check" CHECK("profiles"."gender" IS NULL OR "profiles"."gender" IN ('male', 'female', 'other', 'prefer_not_to_say')),
	CONSTRAINT "profiles_bio_length" CHECK("profiles"."bio" IS NULL OR length("profiles"."bio") <= 500),
	CONSTRAINT "profiles_full_name_length" CHECK(length(trim("profiles"."full_name")) >= 2)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_unique` ON `profiles` (`username`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `stall_discovery_tags` (
	`stall_id` integer NOT NULL,
	`tag` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`stall_id`, `tag`),
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stall_discovery_tags_value_check" CHECK("stall_discovery_tags"."tag" IN ('hidden gem', 'popular spot', 'budget friendly', 'late night eats', 'student favourite', 'family friendly', 'trending now'))
);
--> statement-breakpoint
CREATE INDEX `stall_discovery_tags_tag_idx` ON `stall_discovery_tags` (`tag`,`stall_id`);--> statement-breakpoint
CREATE TABLE `stall_tags` (
	`stall_id` integer NOT NULL,
	`tag` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`stall_id`, `tag`),
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stall_tags_tag_check" CHECK(length(trim("stall_tags"."tag")) BETWEEN 1 AND 30)
);
--> statement-breakpoint
CREATE INDEX `stall_tags_tag_idx` ON `stall_tags` (`tag`,`stall_id`);--> statement-breakpoint
CREATE TABLE `stalls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shop_unique_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT 'Street Food' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`grid_cell` integer NOT NULL,
	`contact_number` text,
	`weekly_schedule` text,
	`time_zone` text DEFAULT 'Asia/Kolkata' NOT NULL,
	`menu` text DEFAULT '[]' NOT NULL,
	`thumbnail_image` text,
	`images` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`discovery_tags` text DEFAULT '[]' NOT NULL,
	`rating_average` real,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stalls_status_check" CHECK("stalls"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "stalls_latitude_check" CHECK("stalls"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "stalls_longitude_check" CHECK("stalls"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "stalls_rating_check" CHECK("stalls"."rating_average" IS NULL OR ("stalls"."rating_average" >= 1 AND "stalls"."rating_average" <= 5)),
	CONSTRAINT "stalls_rating_count_check" CHECK("stalls"."rating_count" >= 0),
	CONSTRAINT "stalls_name_check" CHECK(length(trim("stalls"."name")) > 0),
	CONSTRAINT "stalls_rejection_reason" CHECK("stalls"."status" <> 'rejected' OR "stalls"."status_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stalls_shop_unique_id_unique` ON `stalls` (`shop_unique_id`);--> statement-breakpoint
CREATE INDEX `stalls_approved_grid_idx` ON `stalls` (`grid_cell`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `stalls_approved_created_idx` ON `stalls` (`created_at`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `stalls_approved_rating_idx` ON `stalls` (`rating_average`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `stalls_pending_created_idx` ON `stalls` (`created_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `stalls_created_by_idx` ON `stalls` (`created_by`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_verified_at` integer,
	`role` text DEFAULT 'user' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" IN ('user', 'moderator', 'admin')),
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower(trim("users"."email")) AND "users"."email" LIKE '%_@_%')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);