CREATE TABLE `reel_likes` (
	`reel_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`reel_id`, `user_id`),
	FOREIGN KEY (`reel_id`) REFERENCES `reels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reel_likes_user_idx` ON `reel_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `reel_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reel_id` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`reel_id`) REFERENCES `reels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reel_reports_reason_length" CHECK(length(trim("reel_reports"."reason")) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reel_reports_reel_reporter_unique` ON `reel_reports` (`reel_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reel_reports_open_idx` ON `reel_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `reel_saves` (
	`reel_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`reel_id`, `user_id`),
	FOREIGN KEY (`reel_id`) REFERENCES `reels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reel_saves_user_created_idx` ON `reel_saves` (`user_id`,`created_at`,`reel_id`);--> statement-breakpoint
CREATE TABLE `reel_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`upload_id` text NOT NULL,
	`video_key` text NOT NULL,
	`declared_bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reel_uploads_user_created_idx` ON `reel_uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reel_uploads_created_idx` ON `reel_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `reels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`user_id` text NOT NULL,
	`stall_id` integer NOT NULL,
	`grid_cell` integer NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`video_key` text NOT NULL,
	`poster_key` text NOT NULL,
	`video_type` text NOT NULL,
	`video_bytes` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`width` integer,
	`height` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`save_count` integer DEFAULT 0 NOT NULL,
	`hot_score` real DEFAULT 0 NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reels_status_check" CHECK("reels"."status" IN ('pending', 'approved')),
	CONSTRAINT "reels_video_type_check" CHECK("reels"."video_type" IN ('video/mp4', 'video/webm')),
	CONSTRAINT "reels_caption_length" CHECK(length("reels"."caption") <= 300),
	CONSTRAINT "reels_counts_check" CHECK("reels"."like_count" >= 0 AND "reels"."save_count" >= 0),
	CONSTRAINT "reels_limits_check" CHECK("reels"."duration_ms" > 0 AND "reels"."video_bytes" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reels_public_id_unique` ON `reels` (`public_id`);--> statement-breakpoint
CREATE INDEX `reels_approved_hot_idx` ON `reels` (`hot_score`,`id`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `reels_approved_cell_idx` ON `reels` (`grid_cell`,`created_at`,`id`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `reels_pending_created_idx` ON `reels` (`created_at`,`id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `reels_user_created_idx` ON `reels` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reels_stall_created_idx` ON `reels` (`stall_id`,`created_at`);