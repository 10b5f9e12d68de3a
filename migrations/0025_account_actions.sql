CREATE TABLE `account_action_hides` (
	`action_id` integer NOT NULL,
	`kind` text NOT NULL,
	`row_id` integer NOT NULL,
	`hidden_at` integer NOT NULL,
	PRIMARY KEY(`action_id`, `kind`, `row_id`),
	FOREIGN KEY (`action_id`) REFERENCES `account_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "account_action_hides_kind_check" CHECK("account_action_hides"."kind" IN ('post', 'comment', 'reel', 'trail', 'stall'))
);
--> statement-breakpoint
CREATE TABLE `account_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`moderator_id` text,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`until` integer,
	`ended_at` integer,
	`appeal_token_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "account_actions_action_check" CHECK("account_actions"."action" IN ('warn', 'silence', 'suspend', 'remove_spam', 'lift')),
	CONSTRAINT "account_actions_until_check" CHECK("account_actions"."until" IS NULL OR "account_actions"."action" IN ('silence', 'suspend', 'remove_spam')),
	CONSTRAINT "account_actions_reason_length" CHECK(length("account_actions"."reason") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE INDEX `account_actions_user_idx` ON `account_actions` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_actions_in_force_unique` ON `account_actions` (`user_id`) WHERE ended_at IS NULL AND action IN ('silence', 'suspend', 'remove_spam');--> statement-breakpoint
CREATE INDEX `account_actions_until_idx` ON `account_actions` (`until`) WHERE ended_at IS NULL AND until IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `account_actions_appeal_unique` ON `account_actions` (`appeal_token_hash`);