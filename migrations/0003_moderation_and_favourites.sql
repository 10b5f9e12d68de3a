CREATE TABLE `favourites` (
	`user_id` text NOT NULL,
	`stall_id` integer NOT NULL,
	`note` text,
	`personal_rating` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	PRIMARY KEY(`user_id`, `stall_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "favourites_rating_check" CHECK("favourites"."personal_rating" IS NULL OR "favourites"."personal_rating" BETWEEN 1 AND 5),
	CONSTRAINT "favourites_note_length" CHECK("favourites"."note" IS NULL OR length("favourites"."note") <= 1000)
);
--> statement-breakpoint
CREATE INDEX `favourites_user_created_idx` ON `favourites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favourites_stall_idx` ON `favourites` (`stall_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type_check" CHECK("notifications"."type" IN ('like', 'follow', 'comment', 'achievement', 'stall_update', 'trending'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`stall_id` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "photos_content_type_check" CHECK("photos"."content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "photos_size_check" CHECK("photos"."size" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
CREATE INDEX `photos_user_created_idx` ON `photos` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `photos_stall_idx` ON `photos` (`stall_id`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "review_reports_reason_length" CHECK(length(trim("review_reports"."reason")) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_review_reporter_unique` ON `review_reports` (`review_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `review_reports_open_idx` ON `review_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stall_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_body_length" CHECK("reviews"."body" IS NULL OR length("reviews"."body") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_stall_user_unique` ON `reviews` (`stall_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_stall_created_idx` ON `reviews` (`stall_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TABLE `stall_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stall_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stall_claims_status_check" CHECK("stall_claims"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "stall_claims_name_length" CHECK(length(trim("stall_claims"."name")) BETWEEN 1 AND 100),
	CONSTRAINT "stall_claims_phone_length" CHECK(length(trim("stall_claims"."phone")) BETWEEN 1 AND 20),
	CONSTRAINT "stall_claims_reason_length" CHECK(length(trim("stall_claims"."reason")) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stall_claims_pending_unique` ON `stall_claims` (`stall_id`,`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `stall_claims_pending_created_idx` ON `stall_claims` (`created_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `stall_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stall_id` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`kind` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stall_reports_kind_check" CHECK("stall_reports"."kind" IN ('closed', 'moved', 'wrong_hours', 'wrong_details', 'other')),
	CONSTRAINT "stall_reports_details_length" CHECK(length("stall_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE INDEX `stall_reports_open_idx` ON `stall_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX `stall_reports_stall_idx` ON `stall_reports` (`stall_id`);--> statement-breakpoint
ALTER TABLE `stalls` ADD `owner_id` text REFERENCES users(id) ON DELETE SET NULL;