CREATE TABLE `trail_saves` (
	`trail_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`trail_id`, `user_id`),
	FOREIGN KEY (`trail_id`) REFERENCES `trails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trail_saves_user_created_idx` ON `trail_saves` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trail_stops` (
	`trail_id` integer NOT NULL,
	`stall_id` integer,
	`stall_public_id` text NOT NULL,
	`stall_name` text NOT NULL,
	`position` integer NOT NULL,
	`note` text,
	PRIMARY KEY(`trail_id`, `position`),
	FOREIGN KEY (`trail_id`) REFERENCES `trails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stall_id`) REFERENCES `stalls`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trail_stops_position_check" CHECK("trail_stops"."position" BETWEEN 1 AND 12),
	CONSTRAINT "trail_stops_note_length" CHECK("trail_stops"."note" IS NULL OR length("trail_stops"."note") <= 280)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trail_stops_trail_stall_unique` ON `trail_stops` (`trail_id`,`stall_id`);--> statement-breakpoint
CREATE INDEX `trail_stops_stall_idx` ON `trail_stops` (`stall_id`);--> statement-breakpoint
CREATE TABLE `trails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`author_id` text,
	`curated` integer DEFAULT false NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`area` text DEFAULT '' NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`start_at` integer,
	`saves_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trails_visibility_check" CHECK("trails"."visibility" IN ('public', 'private')),
	CONSTRAINT "trails_title_length" CHECK(length(trim("trails"."title")) BETWEEN 1 AND 80),
	CONSTRAINT "trails_description_length" CHECK(length("trails"."description") <= 1000),
	CONSTRAINT "trails_saves_count_check" CHECK("trails"."saves_count" >= 0),
	CONSTRAINT "trails_latitude_check" CHECK("trails"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "trails_longitude_check" CHECK("trails"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "trails_curated_author" CHECK("trails"."curated" = 0 OR "trails"."author_id" IS NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trails_public_id_unique` ON `trails` (`public_id`);--> statement-breakpoint
CREATE INDEX `trails_author_created_idx` ON `trails` (`author_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `trails_popular_idx` ON `trails` (`saves_count`,`id`) WHERE visibility = 'public' AND curated = 0;--> statement-breakpoint
CREATE INDEX `trails_curated_idx` ON `trails` (`id`) WHERE visibility = 'public' AND curated = 1;--> statement-breakpoint
CREATE INDEX `trails_public_latitude_idx` ON `trails` (`latitude`) WHERE visibility = 'public';--> statement-breakpoint
-- What follows is written by hand (drizzle-kit cannot describe triggers), as in 0007: a public trail is on visitors'
-- pages, so every write to one, its stops or its saves count moves the public content version on and no edge-cached
-- page outlives it (ADR 017). A private trail is seen by its author only, who never reads from the cache: its writes
-- leave the version alone, except the write that makes it public or private.
CREATE TRIGGER `public_version_trail_insert` AFTER INSERT ON `trails` WHEN new.visibility = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_trail_update` AFTER UPDATE ON `trails`
WHEN old.visibility = 'public' OR new.visibility = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_trail_delete` AFTER DELETE ON `trails` WHEN old.visibility = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_trail_stop_insert` AFTER INSERT ON `trail_stops`
WHEN (SELECT visibility FROM trails WHERE id = new.trail_id) = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_trail_stop_update` AFTER UPDATE ON `trail_stops`
WHEN (SELECT visibility FROM trails WHERE id = old.trail_id) = 'public'
  OR (SELECT visibility FROM trails WHERE id = new.trail_id) = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_trail_stop_delete` AFTER DELETE ON `trail_stops`
WHEN (SELECT visibility FROM trails WHERE id = old.trail_id) = 'public' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
