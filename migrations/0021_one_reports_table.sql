CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	`decision` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_subject_type_check" CHECK("reports"."subject_type" IN ('stall', 'review', 'post', 'comment', 'reel', 'trail', 'person')),
	CONSTRAINT "reports_reason_check" CHECK("reports"."reason" IN ('closed', 'moved', 'wrong_hours', 'wrong_details', 'wrong_stalls', 'spam', 'offensive', 'other')),
	CONSTRAINT "reports_details_length" CHECK(length("reports"."details") <= 1000),
	CONSTRAINT "reports_decision_check" CHECK("reports"."decision" IS NULL OR "reports"."decision" IN ('keep', 'hide', 'remove')),
	CONSTRAINT "reports_decided" CHECK(("reports"."decided_at" IS NULL) = ("reports"."decision" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_reporter_unique` ON `reports` (`subject_type`,`subject_id`,`reporter_id`) WHERE decided_at IS NULL;--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`subject_type`,`created_at`,`id`) WHERE decided_at IS NULL;--> statement-breakpoint
CREATE INDEX `reports_subject_idx` ON `reports` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_created_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
-- Every report of the five old tables moves here (ADR 045), with its time and its decision: who and when as recorded;
-- which, from what the subject shows now (a hidden post, comment or trail was hidden by the decision; a removed stall,
-- review or reel took its reports with it, so a decided report left is one whose subject was kept). Free-text
-- reasons become "other" with the words as details. Stall reports were the only ones a person could file twice while
-- one was open: the first open one stays open, a later one is closed as kept, by nobody, when this ran.
INSERT INTO `reports` (`subject_type`, `subject_id`, `reporter_id`, `reason`, `details`, `created_at`, `decided_at`, `decided_by`, `decision`)
SELECT 'stall', CAST(r.`stall_id` AS TEXT), r.`reporter_id`, r.`kind`, r.`details`, r.`created_at`,
  CASE WHEN r.`resolved_at` IS NOT NULL THEN r.`resolved_at` WHEN EXISTS (
    SELECT 1 FROM `stall_reports` e WHERE e.`stall_id` = r.`stall_id` AND e.`reporter_id` = r.`reporter_id`
      AND e.`resolved_at` IS NULL AND e.`id` < r.`id`) THEN CAST(unixepoch('subsec') * 1000 AS INTEGER) END,
  r.`resolved_by`,
  CASE WHEN r.`resolved_at` IS NOT NULL OR EXISTS (
    SELECT 1 FROM `stall_reports` e WHERE e.`stall_id` = r.`stall_id` AND e.`reporter_id` = r.`reporter_id`
      AND e.`resolved_at` IS NULL AND e.`id` < r.`id`) THEN 'keep' END
FROM `stall_reports` r ORDER BY r.`id`;--> statement-breakpoint
INSERT INTO `reports` (`subject_type`, `subject_id`, `reporter_id`, `reason`, `details`, `created_at`, `decided_at`, `decided_by`, `decision`)
SELECT 'review', CAST(`review_id` AS TEXT), `reporter_id`, 'other', trim(`reason`), `created_at`, `resolved_at`, `resolved_by`,
  CASE WHEN `resolved_at` IS NOT NULL THEN 'keep' END
FROM `review_reports` ORDER BY `id`;--> statement-breakpoint
INSERT INTO `reports` (`subject_type`, `subject_id`, `reporter_id`, `reason`, `details`, `created_at`, `decided_at`, `decided_by`, `decision`)
SELECT CASE WHEN r.`comment_id` IS NULL THEN 'post' ELSE 'comment' END, CAST(coalesce(r.`comment_id`, r.`post_id`) AS TEXT),
  r.`reporter_id`, 'other', trim(r.`reason`), r.`created_at`, r.`resolved_at`, r.`resolved_by`,
  CASE WHEN r.`resolved_at` IS NULL THEN NULL
    WHEN p.`hidden_at` IS NOT NULL OR c.`hidden_at` IS NOT NULL THEN 'hide' ELSE 'keep' END
FROM `post_reports` r JOIN `posts` p ON p.`id` = r.`post_id` LEFT JOIN `post_comments` c ON c.`id` = r.`comment_id`
ORDER BY r.`id`;--> statement-breakpoint
INSERT INTO `reports` (`subject_type`, `subject_id`, `reporter_id`, `reason`, `details`, `created_at`, `decided_at`, `decided_by`, `decision`)
SELECT 'trail', CAST(r.`trail_id` AS TEXT), r.`reporter_id`, r.`reason`, r.`details`, r.`created_at`, r.`resolved_at`, r.`resolved_by`,
  CASE WHEN r.`resolved_at` IS NULL THEN NULL WHEN t.`hidden_at` IS NOT NULL THEN 'hide' ELSE 'keep' END
FROM `trail_reports` r JOIN `trails` t ON t.`id` = r.`trail_id` ORDER BY r.`id`;--> statement-breakpoint
INSERT INTO `reports` (`subject_type`, `subject_id`, `reporter_id`, `reason`, `details`, `created_at`, `decided_at`, `decided_by`, `decision`)
SELECT 'reel', CAST(`reel_id` AS TEXT), `reporter_id`, 'other', trim(`reason`), `created_at`, `resolved_at`, `resolved_by`,
  CASE WHEN `resolved_at` IS NOT NULL THEN 'keep' END
FROM `reel_reports` ORDER BY `id`;--> statement-breakpoint
DROP TABLE `post_reports`;--> statement-breakpoint
DROP TABLE `reel_reports`;--> statement-breakpoint
DROP TABLE `review_reports`;--> statement-breakpoint
DROP TABLE `stall_reports`;--> statement-breakpoint
DROP TABLE `trail_reports`;