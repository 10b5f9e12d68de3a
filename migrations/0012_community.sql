-- The community (issue 19): posts, likes, saves, comments, reports, follows and "Still here?" answers. notifications
-- is rebuilt for the mention type and its actor and subject (nothing references it and no trigger reads it); the
-- stalls and reviews columns are added in place, which keeps their triggers.
CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`followee_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE INDEX `follows_followee_created_idx` ON `follows` (`followee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_follower_created_idx` ON `follows` (`follower_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` integer,
	`body` text NOT NULL,
	`hidden_at` integer,
	`hidden_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "post_comments_body_length" CHECK(length(trim("post_comments"."body")) BETWEEN 1 AND 500),
	CONSTRAINT "post_comments_hidden_reason" CHECK("post_comments"."hidden_at" IS NULL OR "post_comments"."hidden_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `post_comments_post_created_idx` ON `post_comments` (`post_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `post_comments_user_created_idx` ON `post_comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`post_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_likes_user_idx` ON `post_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `post_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`comment_id` integer,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "post_reports_reason_length" CHECK(length(trim("post_reports"."reason")) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_reports_post_reporter_unique` ON `post_reports` (`post_id`,`reporter_id`) WHERE comment_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `post_reports_comment_reporter_unique` ON `post_reports` (`comment_id`,`reporter_id`) WHERE comment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `post_reports_open_idx` ON `post_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `post_saves` (
	`post_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_saves_user_created_idx` ON `post_saves` (`user_id`,`created_at`,`post_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`stall_id` integer,
	`grid_cell` integer,
	`images` text DEFAULT '[]' NOT NULL,
	`latitude` real,
	`longitude` real,
	`like_count` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`save_count` integer DEFAULT 0 NOT NULL,
	`hot_score` real DEFAULT 0 NOT NULL,
	`hidden_at` integer,
	`hidden_reason` text,
	`hidden_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "posts_type_check" CHECK("posts"."type" IN ('review', 'discovery', 'tip')),
	CONSTRAINT "posts_body_length" CHECK(length(trim("posts"."body")) BETWEEN 1 AND 1000),
	CONSTRAINT "posts_counts_check" CHECK("posts"."like_count" >= 0 AND "posts"."comment_count" >= 0 AND "posts"."save_count" >= 0),
	CONSTRAINT "posts_hidden_reason" CHECK("posts"."hidden_at" IS NULL OR "posts"."hidden_reason" IS NOT NULL),
	CONSTRAINT "posts_position_check" CHECK(("posts"."latitude" IS NULL) = ("posts"."longitude" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_public_id_unique` ON `posts` (`public_id`);--> statement-breakpoint
CREATE INDEX `posts_visible_hot_idx` ON `posts` (`hot_score`,`id`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `posts_visible_created_idx` ON `posts` (`created_at`,`id`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `posts_user_created_idx` ON `posts` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_visible_cell_idx` ON `posts` (`grid_cell`,`created_at`,`id`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `posts_stall_created_idx` ON `posts` (`stall_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_likes` (
	`review_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_likes_user_idx` ON `review_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `stall_confirmations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stall_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`answer` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stall_confirmations_answer_check" CHECK("stall_confirmations"."answer" IN ('still_here', 'moved', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `stall_confirmations_stall_created_idx` ON `stall_confirmations` (`stall_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stall_confirmations_user_stall_idx` ON `stall_confirmations` (`user_id`,`stall_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`actor_id` text,
	`subject` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" IN ('like', 'follow', 'comment', 'mention', 'achievement', 'stall_update', 'trending'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "body", "link", "actor_id", "subject", "read_at", "created_at") SELECT "id", "user_id", "type", "title", "body", "link", NULL, NULL, "read_at", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`,`created_at`) WHERE read_at IS NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `like_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stalls` ADD `last_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `stalls` ADD `trending_score` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `stalls_approved_trending_idx` ON `stalls` (`trending_score`,`id`) WHERE status = 'approved' AND trending_score > 0;