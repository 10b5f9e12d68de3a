-- Two more search indexes beside stalls_fts (ADR 006), so that a search ranks with bm25 over few stalls:
-- - stall_names_fts: approved stalls' names, trigrams. Stalls named for the words lead every search; drawn from
--   stalls_fts (a `name :` filter) they cost a walk over every match in every column.
-- - stall_words_fts: the same document as stalls_fts in whole words, without its text (contentless). bm25 first
--   counts every stall holding each word; in trigrams that is a phrase check per stall ("koramangala" is nine
--   trigrams), in words one list. Diacritics are kept and marks count as letters, so a word match is always a
--   trigram match too: the trigram count stays the total.
CREATE VIRTUAL TABLE `stall_names_fts` USING fts5(name, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `stall_words_fts` USING fts5(
  name,
  tags,
  menu,
  body,
  tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'",
  content = '',
  contentless_delete = 1
);
--> statement-breakpoint
INSERT INTO stall_words_fts (stall_words_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 2.0, 1.0)');
--> statement-breakpoint
-- One set of triggers keeps the three indexes in step. The full index used to be rewritten on every update of a
-- stall, a new rating or owner included; now only when a column its document is made of changes. The words index
-- reads the document back from stalls_fts, so it is written in one place.
DROP TRIGGER `stalls_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `stalls_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `stalls_fts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  INSERT INTO stalls_fts (rowid, name, tags, menu, body) VALUES (
    new.id,
    new.name,
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.discovery_tags)), ''),
    coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(new.menu)), ''),
    new.category || ' ' || new.description || ' ' || new.location
  );
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT rowid, name, tags, menu, body FROM stalls_fts WHERE rowid = new.id;
  INSERT INTO stall_names_fts (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_update`
AFTER UPDATE OF name, tags, discovery_tags, menu, category, description, location, status ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  DELETE FROM stall_words_fts WHERE rowid = old.id;
  DELETE FROM stall_names_fts WHERE rowid = old.id;
  INSERT INTO stalls_fts (rowid, name, tags, menu, body) SELECT
    new.id,
    new.name,
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.discovery_tags)), ''),
    coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(new.menu)), ''),
    new.category || ' ' || new.description || ' ' || new.location
  WHERE new.status = 'approved';
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT rowid, name, tags, menu, body FROM stalls_fts WHERE rowid = new.id;
  INSERT INTO stall_names_fts (rowid, name) SELECT new.id, new.name WHERE new.status = 'approved';
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_delete` AFTER DELETE ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  DELETE FROM stall_words_fts WHERE rowid = old.id;
  DELETE FROM stall_names_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Index what is already there.
INSERT INTO stall_names_fts (rowid, name) SELECT id, name FROM stalls WHERE status = 'approved';
--> statement-breakpoint
INSERT INTO stall_words_fts (rowid, name, tags, menu, body) SELECT rowid, name, tags, menu, body FROM stalls_fts;
