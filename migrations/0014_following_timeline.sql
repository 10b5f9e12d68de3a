CREATE TABLE `feed_entries` (
	`follower_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`post_id` integer NOT NULL,
	`author_id` text NOT NULL,
	PRIMARY KEY(`follower_id`, `created_at`, `post_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feed_entries_follower_author_idx` ON `feed_entries` (`follower_id`,`author_id`);--> statement-breakpoint
CREATE INDEX `feed_entries_post_idx` ON `feed_entries` (`post_id`);