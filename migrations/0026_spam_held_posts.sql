-- Held posts (issue 33 §4, ADR 051): the spam rules' keys and the held state on posts; the log learns approve_post and
-- reject_post, which SQLite can only add to a CHECK by rebuilding the table.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`subject_name` text DEFAULT '' NOT NULL,
	`person_id` text,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "moderation_log_action_check" CHECK("__new_moderation_log"."action" IN ('approve_stall', 'reject_stall', 'approve_claim', 'reject_claim', 'approve_reel', 'reject_reel', 'approve_post', 'reject_post', 'keep_stall', 'hide_stall', 'remove_stall', 'restore_stall', 'keep_review', 'hide_review', 'remove_review', 'restore_review', 'keep_post', 'hide_post', 'remove_post', 'restore_post', 'keep_comment', 'hide_comment', 'remove_comment', 'restore_comment', 'keep_reel', 'hide_reel', 'remove_reel', 'restore_reel', 'keep_trail', 'hide_trail', 'remove_trail', 'restore_trail', 'keep_person', 'hide_person', 'remove_person', 'restore_person', 'add_alias', 'remove_alias', 'grant_moderator', 'revoke_moderator', 'warn', 'silence', 'suspend', 'remove_spam', 'lift')),
	CONSTRAINT "moderation_log_subject_type_check" CHECK("__new_moderation_log"."subject_type" IN ('stall', 'review', 'post', 'comment', 'reel', 'trail', 'person', 'claim', 'alias'))
);
--> statement-breakpoint
INSERT INTO `__new_moderation_log`("id", "moderator_id", "action", "subject_type", "subject_id", "subject_name", "person_id", "reason", "created_at") SELECT "id", "moderator_id", "action", "subject_type", "subject_id", "subject_name", "person_id", "reason", "created_at" FROM `moderation_log`;--> statement-breakpoint
DROP TABLE `moderation_log`;--> statement-breakpoint
ALTER TABLE `__new_moderation_log` RENAME TO `moderation_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `moderation_log_moderator_idx` ON `moderation_log` (`moderator_id`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_log_person_idx` ON `moderation_log` (`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_log_subject_idx` ON `moderation_log` (`subject_type`,`subject_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `spam_key` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `spam_link` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `held_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `held_counts` text;--> statement-breakpoint
CREATE INDEX `posts_spam_key_idx` ON `posts` (`spam_key`,`created_at`) WHERE spam_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_spam_link_idx` ON `posts` (`spam_link`,`created_at`) WHERE spam_link IS NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_held_idx` ON `posts` (`held_at`,`id`) WHERE held_at IS NOT NULL;--> statement-breakpoint
-- The rebuilt log keeps its append-only triggers (0022), which dropping the old table took with it.
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log`
BEGIN
	SELECT RAISE(ABORT, 'moderation_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log`
BEGIN
	SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
