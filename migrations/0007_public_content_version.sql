CREATE TABLE `public_content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_content_version_single_row" CHECK("public_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `public_content_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
-- What follows is written by hand (drizzle-kit cannot describe triggers). Every write to what an anonymous visitor
-- can see moves the version on, so the edge cache's keys change with it and no cached page outlives its data
-- (ADR 017). Pending and rejected stalls are seen by no visitor, so their writes leave the version alone.
CREATE TRIGGER `public_version_stall_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_stall_update` AFTER UPDATE ON `stalls`
WHEN old.status = 'approved' OR new.status = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_stall_delete` AFTER DELETE ON `stalls` WHEN old.status = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_stall_tag_insert` AFTER INSERT ON `stall_tags`
WHEN (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_stall_tag_update` AFTER UPDATE ON `stall_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved'
  OR (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_stall_tag_delete` AFTER DELETE ON `stall_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_discovery_tag_insert` AFTER INSERT ON `stall_discovery_tags`
WHEN (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_discovery_tag_update` AFTER UPDATE ON `stall_discovery_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved'
  OR (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_discovery_tag_delete` AFTER DELETE ON `stall_discovery_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved' BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_review_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_review_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_review_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_reviewer_name` AFTER UPDATE OF full_name, username, avatar_url ON `profiles` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
