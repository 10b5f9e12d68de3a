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
-- What a stall's search document holds, defined once: its name; its tags and discovery tags; its menu items with
-- their descriptions; and category, description and location.
CREATE VIEW `stall_search_documents` AS SELECT
  id,
  name,
  coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.discovery_tags)), '') AS tags,
  coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(stalls.menu)), '') AS menu,
  category || ' ' || description || ' ' || location AS body
FROM stalls WHERE status = 'approved';
--> statement-breakpoint
-- One set of triggers keeps the three indexes in step, reading the document from the view. The full index used
-- to be rewritten on every update of a stall, a new rating or owner included; now only when a column its
-- document is made of, or the status, changes.
DROP TRIGGER `stalls_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `stalls_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `stalls_fts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  INSERT INTO stalls_fts (rowid, name, tags, menu, body)
    SELECT id, name, tags, menu, body FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT id, name, tags, menu, body FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_names_fts (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_update`
AFTER UPDATE OF name, tags, discovery_tags, menu, category, description, location, status ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  DELETE FROM stall_words_fts WHERE rowid = old.id;
  DELETE FROM stall_names_fts WHERE rowid = old.id;
  INSERT INTO stalls_fts (rowid, name, tags, menu, body)
    SELECT id, name, tags, menu, body FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT id, name, tags, menu, body FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_names_fts (rowid, name) SELECT id, name FROM stall_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_delete` AFTER DELETE ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  DELETE FROM stall_words_fts WHERE rowid = old.id;
  DELETE FROM stall_names_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Index what is already there.
INSERT INTO stall_names_fts (rowid, name) SELECT id, name FROM stall_search_documents;
--> statement-breakpoint
INSERT INTO stall_words_fts (rowid, name, tags, menu, body) SELECT id, name, tags, menu, body FROM stall_search_documents;
