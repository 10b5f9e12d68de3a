-- A post's photos stay rows of photos (post_id), so the day's upload limit still counts them and the clean-up keeps
-- them; the week's likes, bookmarks and reviews are read by created_at for the hourly trending job (ADR 022).
ALTER TABLE `photos` ADD `post_id` integer REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `photos_post_idx` ON `photos` (`post_id`);--> statement-breakpoint
CREATE INDEX `favourites_created_idx` ON `favourites` (`created_at`);--> statement-breakpoint
CREATE INDEX `post_likes_created_idx` ON `post_likes` (`created_at`);--> statement-breakpoint
CREATE INDEX `review_likes_created_idx` ON `review_likes` (`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`);