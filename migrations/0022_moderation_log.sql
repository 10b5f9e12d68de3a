CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`subject_name` text DEFAULT '' NOT NULL,
	`person_id` text,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "moderation_log_action_check" CHECK("moderation_log"."action" IN ('approve_stall', 'reject_stall', 'approve_claim', 'reject_claim', 'approve_reel', 'reject_reel', 'keep_stall', 'hide_stall', 'remove_stall', 'restore_stall', 'keep_review', 'hide_review', 'remove_review', 'restore_review', 'keep_post', 'hide_post', 'remove_post', 'restore_post', 'keep_comment', 'hide_comment', 'remove_comment', 'restore_comment', 'keep_reel', 'hide_reel', 'remove_reel', 'restore_reel', 'keep_trail', 'hide_trail', 'remove_trail', 'restore_trail', 'keep_person', 'hide_person', 'remove_person', 'restore_person', 'add_alias', 'remove_alias', 'grant_moderator', 'revoke_moderator', 'warn', 'silence', 'suspend', 'remove_spam', 'lift')),
	CONSTRAINT "moderation_log_subject_type_check" CHECK("moderation_log"."subject_type" IN ('stall', 'review', 'post', 'comment', 'reel', 'trail', 'person', 'claim', 'alias'))
);
--> statement-breakpoint
CREATE INDEX `moderation_log_moderator_idx` ON `moderation_log` (`moderator_id`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_log_person_idx` ON `moderation_log` (`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_log_subject_idx` ON `moderation_log` (`subject_type`,`subject_id`);--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers): the log is append-only (ADR 047). No statement may change
-- or remove an entry, whatever code or console runs it.
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log`
BEGIN
	SELECT RAISE(ABORT, 'moderation_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log`
BEGIN
	SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
