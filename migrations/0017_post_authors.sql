-- Posts carry their author's display fields (ADR 025), so a feed page reads no profile. Added in place, then copied
-- from each author's profile as it is now; a deleted account's profile is already scrubbed (ADR 021), so its posts
-- get 'Deleted user', no username and no avatar.
ALTER TABLE `posts` ADD `author_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `author_username` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `author_avatar_url` text;--> statement-breakpoint
UPDATE `posts` SET `author_name` = `profiles`.`full_name`, `author_username` = `profiles`.`username`, `author_avatar_url` = `profiles`.`avatar_url`
FROM `profiles` WHERE `profiles`.`user_id` = `posts`.`user_id`;
