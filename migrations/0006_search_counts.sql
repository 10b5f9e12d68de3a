CREATE TABLE `menu_word_counts` (
	`word` text PRIMARY KEY NOT NULL,
	`stalls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stall_discovery_tag_counts` (
	`tag` text PRIMARY KEY NOT NULL,
	`stalls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stall_tag_counts` (
	`tag` text PRIMARY KEY NOT NULL,
	`stalls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The search page's counts, kept with every write instead of recounted over every stall on each visit. drizzle-kit
-- cannot describe triggers, so what follows is written by hand. A stall adds to the counts while it is approved:
-- the stall triggers take its contribution away before it changes (status or menu) or goes, and give it back
-- after; the tag triggers count a tag row written while its stall is approved. A stall's tag rows go after the
-- stall itself when it is deleted (ON DELETE CASCADE), so by then their triggers find no approved stall.
-- Menu words are matched as the index's `menu :` filter matches them: anywhere in the menu text, any case.
CREATE TRIGGER `stall_counts_after_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  UPDATE menu_word_counts SET stalls = stalls + 1
    WHERE (SELECT menu FROM stall_search_documents WHERE id = new.id) LIKE '%' || word || '%';
END;
--> statement-breakpoint
CREATE TRIGGER `stall_counts_before_update` BEFORE UPDATE OF status, menu ON `stalls` WHEN old.status = 'approved' BEGIN
  UPDATE stall_tag_counts SET stalls = stalls - 1 WHERE tag IN (SELECT tag FROM stall_tags WHERE stall_id = old.id);
  UPDATE stall_discovery_tag_counts SET stalls = stalls - 1
    WHERE tag IN (SELECT tag FROM stall_discovery_tags WHERE stall_id = old.id);
  UPDATE menu_word_counts SET stalls = stalls - 1
    WHERE (SELECT menu FROM stall_search_documents WHERE id = old.id) LIKE '%' || word || '%';
END;
--> statement-breakpoint
CREATE TRIGGER `stall_counts_after_update` AFTER UPDATE OF status, menu ON `stalls` WHEN new.status = 'approved' BEGIN
  INSERT INTO stall_tag_counts (tag, stalls) SELECT tag, 1 FROM stall_tags WHERE stall_id = new.id
    ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
  INSERT INTO stall_discovery_tag_counts (tag, stalls) SELECT tag, 1 FROM stall_discovery_tags WHERE stall_id = new.id
    ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
  UPDATE menu_word_counts SET stalls = stalls + 1
    WHERE (SELECT menu FROM stall_search_documents WHERE id = new.id) LIKE '%' || word || '%';
END;
--> statement-breakpoint
CREATE TRIGGER `stall_counts_before_delete` BEFORE DELETE ON `stalls` WHEN old.status = 'approved' BEGIN
  UPDATE stall_tag_counts SET stalls = stalls - 1 WHERE tag IN (SELECT tag FROM stall_tags WHERE stall_id = old.id);
  UPDATE stall_discovery_tag_counts SET stalls = stalls - 1
    WHERE tag IN (SELECT tag FROM stall_discovery_tags WHERE stall_id = old.id);
  UPDATE menu_word_counts SET stalls = stalls - 1
    WHERE (SELECT menu FROM stall_search_documents WHERE id = old.id) LIKE '%' || word || '%';
END;
--> statement-breakpoint
CREATE TRIGGER `stall_tag_counts_after_insert` AFTER INSERT ON `stall_tags`
WHEN (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  INSERT INTO stall_tag_counts (tag, stalls) VALUES (new.tag, 1) ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `stall_tag_counts_after_update` AFTER UPDATE OF stall_id, tag ON `stall_tags` BEGIN
  UPDATE stall_tag_counts SET stalls = stalls - 1
    WHERE tag = old.tag AND (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved';
  INSERT INTO stall_tag_counts (tag, stalls) SELECT new.tag, 1
    WHERE (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved'
    ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `stall_tag_counts_after_delete` AFTER DELETE ON `stall_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved' BEGIN
  UPDATE stall_tag_counts SET stalls = stalls - 1 WHERE tag = old.tag;
END;
--> statement-breakpoint
CREATE TRIGGER `stall_discovery_tag_counts_after_insert` AFTER INSERT ON `stall_discovery_tags`
WHEN (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved' BEGIN
  INSERT INTO stall_discovery_tag_counts (tag, stalls) VALUES (new.tag, 1)
    ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `stall_discovery_tag_counts_after_update` AFTER UPDATE OF stall_id, tag ON `stall_discovery_tags` BEGIN
  UPDATE stall_discovery_tag_counts SET stalls = stalls - 1
    WHERE tag = old.tag AND (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved';
  INSERT INTO stall_discovery_tag_counts (tag, stalls) SELECT new.tag, 1
    WHERE (SELECT status FROM stalls WHERE id = new.stall_id) = 'approved'
    ON CONFLICT (tag) DO UPDATE SET stalls = stalls + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `stall_discovery_tag_counts_after_delete` AFTER DELETE ON `stall_discovery_tags`
WHEN (SELECT status FROM stalls WHERE id = old.stall_id) = 'approved' BEGIN
  UPDATE stall_discovery_tag_counts SET stalls = stalls - 1 WHERE tag = old.tag;
END;
--> statement-breakpoint
-- Count what is already there. The menu words are MENU_WORDS (app/lib/rules/search-query.ts).
INSERT INTO stall_tag_counts (tag, stalls)
  SELECT tag, count(*) FROM stall_tags WHERE stall_id IN (SELECT id FROM stalls WHERE status = 'approved') GROUP BY tag;
--> statement-breakpoint
INSERT INTO stall_discovery_tag_counts (tag, stalls)
  SELECT tag, count(*) FROM stall_discovery_tags WHERE stall_id IN (SELECT id FROM stalls WHERE status = 'approved')
  GROUP BY tag;
--> statement-breakpoint
INSERT INTO menu_word_counts (word, stalls)
  SELECT column1, (SELECT count(*) FROM stall_search_documents WHERE menu LIKE '%' || column1 || '%')
  FROM (VALUES ('tea'), ('coffee'), ('samosa'), ('dosa'), ('biryani'), ('momos'), ('sandwich'), ('burger'));
