PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`actor_id` text,
	`subject` text,
	`group_key` text,
	`group_started_at` integer,
	`group_size` integer DEFAULT 1 NOT NULL,
	`is_head` integer DEFAULT true NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" IN ('like', 'follow', 'comment', 'mention', 'achievement', 'stall_update', 'trending', 'account')),
	CONSTRAINT "notifications_group_size_check" CHECK("__new_notifications"."group_size" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "body", "link", "actor_id", "subject", "group_key", "group_started_at", "group_size", "is_head", "read_at", "created_at") SELECT "id", "user_id", "type", "title", "body", "link", "actor_id", "subject", "group_key", "group_started_at", "group_size", "is_head", "read_at", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_inbox_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1;--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1 AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_mentions_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1 AND type IN ('like', 'comment', 'mention');--> statement-breakpoint
CREATE INDEX `notifications_group_idx` ON `notifications` (`user_id`,`group_key`,`actor_id`,`created_at`) WHERE group_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_group_head_idx` ON `notifications` (`user_id`,`group_key`,`group_started_at`) WHERE is_head = 1 AND group_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_user_type_subject_idx` ON `notifications` (`user_id`,`type`,`subject`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
ALTER TABLE `reels` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `reels` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `reels` ADD `hidden_by` text REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_by` text REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null;