CREATE TABLE `notification_mutes` (
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`channel` text NOT NULL,
	PRIMARY KEY(`user_id`, `type`, `channel`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_mutes_type_check" CHECK("notification_mutes"."type" IN ('like', 'follow', 'comment', 'mention', 'achievement', 'stall_update', 'trending')),
	CONSTRAINT "notification_mutes_channel_check" CHECK("notification_mutes"."channel" IN ('in_app', 'email'))
);
--> statement-breakpoint
CREATE TABLE `user_achievements` (
	`user_id` text NOT NULL,
	`achievement` text NOT NULL,
	`earned_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `achievement`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_achievements_key_check" CHECK("user_achievements"."achievement" IN ('first_find', 'local_guide', 'critic', 'trailblazer'))
);
--> statement-breakpoint
-- Grouping (ADR 024): added in place rather than by rebuilding the table. Existing likes and follows become
-- groups of one, each its own head.
ALTER TABLE `notifications` ADD `group_key` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `group_started_at` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `group_size` integer DEFAULT 1 NOT NULL CONSTRAINT "notifications_group_size_check" CHECK("group_size" >= 1);--> statement-breakpoint
ALTER TABLE `notifications` ADD `is_head` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `notifications` SET `group_key` = CASE `type` WHEN 'like' THEN 'like:' || `subject` ELSE 'follow' END,
  `group_started_at` = `created_at`
WHERE `type` IN ('like', 'follow') AND `subject` IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS `notifications_user_created_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `notifications_user_unread_idx`;--> statement-breakpoint
CREATE INDEX `notifications_inbox_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1;--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1 AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_mentions_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE is_head = 1 AND type IN ('like', 'comment', 'mention');--> statement-breakpoint
CREATE INDEX `notifications_group_idx` ON `notifications` (`user_id`,`group_key`,`actor_id`,`created_at`) WHERE group_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_group_head_idx` ON `notifications` (`user_id`,`group_key`,`group_started_at`) WHERE is_head = 1 AND group_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_user_type_subject_idx` ON `notifications` (`user_id`,`type`,`subject`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
-- Achievements already true are recorded as earned, so nobody is told today about something done long ago.
INSERT INTO `user_achievements` (`user_id`, `achievement`)
SELECT `created_by`, 'first_find' FROM `stalls` WHERE `status` = 'approved' AND `created_by` IS NOT NULL
GROUP BY `created_by`;--> statement-breakpoint
INSERT INTO `user_achievements` (`user_id`, `achievement`)
SELECT `created_by`, 'local_guide' FROM `stalls` WHERE `status` = 'approved' AND `created_by` IS NOT NULL
GROUP BY `created_by` HAVING count(*) >= 5;--> statement-breakpoint
INSERT INTO `user_achievements` (`user_id`, `achievement`)
SELECT `user_id`, 'critic' FROM `reviews` GROUP BY `user_id` HAVING count(*) >= 10;--> statement-breakpoint
INSERT INTO `user_achievements` (`user_id`, `achievement`)
SELECT DISTINCT t.`author_id`, 'trailblazer' FROM `trail_saves` AS s JOIN `trails` AS t ON t.`id` = s.`trail_id`
WHERE t.`author_id` IS NOT NULL AND s.`user_id` <> t.`author_id`;
