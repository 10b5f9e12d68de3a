CREATE TABLE `label_names` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`hindi` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "label_names_label_check" CHECK(length(trim("label_names"."label")) BETWEEN 1 AND 60),
	CONSTRAINT "label_names_hindi_check" CHECK(length(trim("label_names"."hindi")) BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `label_names_label_unique` ON `label_names` (lower("label"));--> statement-breakpoint
-- A label's name is on public pages, which the edge keeps by this version (ADR 017): every change moves it on.
CREATE TRIGGER `public_version_label_name_insert` AFTER INSERT ON `label_names` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_label_name_update` AFTER UPDATE ON `label_names` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_label_name_delete` AFTER DELETE ON `label_names` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
