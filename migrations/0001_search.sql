-- Full-text search over approved stalls (ADR 006). drizzle-kit cannot describe virtual tables or triggers, so
-- this migration is written by hand. A trigram tokenizer matches any substring of 3+ characters, case-insensitively
-- ("iry" finds "Biryani"); the stall's own row id is the FTS rowid.
CREATE VIRTUAL TABLE `stalls_fts` USING fts5(
  name,
  tags,
  menu,
  body,
  tokenize = 'trigram'
);
--> statement-breakpoint
-- What a stall's search document holds: its name; its tags and discovery tags; its menu items with their
-- descriptions; and category, description and location.
CREATE TRIGGER `stalls_fts_after_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  INSERT INTO stalls_fts (rowid, name, tags, menu, body) VALUES (
    new.id,
    new.name,
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.discovery_tags)), ''),
    coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(new.menu)), ''),
    new.category || ' ' || new.description || ' ' || new.location
  );
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_fts_after_update` AFTER UPDATE ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  INSERT INTO stalls_fts (rowid, name, tags, menu, body) SELECT
    new.id,
    new.name,
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.discovery_tags)), ''),
    coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(new.menu)), ''),
    new.category || ' ' || new.description || ' ' || new.location
  WHERE new.status = 'approved';
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_fts_after_delete` AFTER DELETE ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Index what is already there.
INSERT INTO stalls_fts (rowid, name, tags, menu, body)
SELECT
  id,
  name,
  coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.discovery_tags)), ''),
  coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(stalls.menu)), ''),
  category || ' ' || description || ' ' || location
FROM stalls WHERE status = 'approved';
--> statement-breakpoint
-- Ranking: the name weighs most, then tags, menu, and the rest (ADR 006). Set once, used by ORDER BY rank.
INSERT INTO stalls_fts (stalls_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 2.0, 1.0)');
--> statement-breakpoint
-- Suggestions complete stall names by prefix: LIKE 'q%' uses a NOCASE index, as LIKE ignores case.
CREATE INDEX `stalls_approved_name_idx` ON `stalls` (`name` COLLATE NOCASE) WHERE status = 'approved';
