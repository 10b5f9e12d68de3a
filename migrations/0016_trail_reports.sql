CREATE TABLE `trail_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trail_id` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`trail_id`) REFERENCES `trails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trail_reports_reason_check" CHECK("trail_reports"."reason" IN ('wrong_stalls', 'spam', 'offensive', 'other')),
	CONSTRAINT "trail_reports_details_length" CHECK(length("trail_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trail_reports_trail_reporter_unique` ON `trail_reports` (`trail_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `trail_reports_open_idx` ON `trail_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX `trail_reports_reporter_created_idx` ON `trail_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
-- Hiding (a moderator's decision on a reported trail): added in place rather than by rebuilding the table, so
-- trail_stops, trail_saves and trail_reports keep pointing at the same rows. Every existing trail is visible.
ALTER TABLE `trails` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `trails` ADD `hidden_reason` text CONSTRAINT "trails_hidden_reason" CHECK("hidden_at" IS NULL OR "hidden_reason" IS NOT NULL);--> statement-breakpoint
ALTER TABLE `trails` ADD `hidden_by` text REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null;
