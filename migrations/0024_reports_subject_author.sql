ALTER TABLE `reports` ADD `subject_author_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `reports_upheld_author_idx` ON `reports` (`subject_author_id`,`decided_at`) WHERE decision IN ('hide', 'remove');--> statement-breakpoint
CREATE INDEX `reports_reporter_decided_idx` ON `reports` (`reporter_id`,`decided_at`) WHERE decided_at IS NOT NULL;--> statement-breakpoint
-- Earlier reports learn who wrote what they report, where it still exists (removed reels and reviews are gone).
UPDATE `reports` SET `subject_author_id` = CASE `subject_type`
  WHEN 'post' THEN (SELECT `user_id` FROM `posts` WHERE `id` = CAST(`reports`.`subject_id` AS INTEGER))
  WHEN 'comment' THEN (SELECT `user_id` FROM `post_comments` WHERE `id` = CAST(`reports`.`subject_id` AS INTEGER))
  WHEN 'trail' THEN (SELECT `author_id` FROM `trails` WHERE `id` = CAST(`reports`.`subject_id` AS INTEGER))
  WHEN 'reel' THEN (SELECT `user_id` FROM `reels` WHERE `id` = CAST(`reports`.`subject_id` AS INTEGER))
  WHEN 'review' THEN (SELECT `user_id` FROM `reviews` WHERE `id` = CAST(`reports`.`subject_id` AS INTEGER))
  WHEN 'person' THEN (SELECT `id` FROM `users` WHERE `id` = `reports`.`subject_id`)
END;
