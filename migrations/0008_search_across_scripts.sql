CREATE TABLE `dish_aliases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dish` text NOT NULL,
	`alias` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "dish_aliases_dish_check" CHECK(length(trim("dish_aliases"."dish")) BETWEEN 1 AND 60),
	CONSTRAINT "dish_aliases_alias_check" CHECK(length(trim("dish_aliases"."alias")) BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dish_aliases_alias_unique` ON `dish_aliases` (lower("alias"));--> statement-breakpoint
CREATE INDEX `dish_aliases_dish_idx` ON `dish_aliases` (`dish`);--> statement-breakpoint
ALTER TABLE `stalls` ADD `search_keys` text;--> statement-breakpoint
-- What follows is written by hand (drizzle-kit cannot describe views, triggers or data). ADR 018: the three search
-- indexes hold the loose Roman keys of each stall's document (stalls.search_keys, written by the model with the
-- text), so that every spelling and both scripts meet; a stall without keys is indexed by its text, as before.
-- Existing stalls have no keys yet, so this leaves the indexes as they are.
DROP VIEW `stall_search_documents`;
--> statement-breakpoint
CREATE VIEW `stall_search_documents` AS SELECT
  id,
  name,
  tags,
  menu,
  body,
  coalesce(json_extract(search_keys, '$.name'), name) AS name_key,
  coalesce(json_extract(search_keys, '$.tags'), tags) AS tags_key,
  coalesce(json_extract(search_keys, '$.menu'), menu) AS menu_key,
  coalesce(json_extract(search_keys, '$.body'), body) AS body_key
FROM (SELECT
  id,
  name,
  search_keys,
  coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.tags)), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(stalls.discovery_tags)), '') AS tags,
  coalesce((SELECT group_concat(json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ') FROM json_each(stalls.menu)), '') AS menu,
  category || ' ' || description || ' ' || location AS body
FROM stalls WHERE status = 'approved');
--> statement-breakpoint
DROP TRIGGER `stalls_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `stalls_search_after_update`;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_insert` AFTER INSERT ON `stalls` WHEN new.status = 'approved' BEGIN
  INSERT INTO stalls_fts (rowid, name, tags, menu, body)
    SELECT id, name_key, tags_key, menu_key, body_key FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT id, name_key, tags_key, menu_key, body_key FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_names_fts (rowid, name) SELECT id, name_key FROM stall_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `stalls_search_after_update`
AFTER UPDATE OF name, tags, discovery_tags, menu, category, description, location, status, search_keys ON `stalls` BEGIN
  DELETE FROM stalls_fts WHERE rowid = old.id;
  DELETE FROM stall_words_fts WHERE rowid = old.id;
  DELETE FROM stall_names_fts WHERE rowid = old.id;
  INSERT INTO stalls_fts (rowid, name, tags, menu, body)
    SELECT id, name_key, tags_key, menu_key, body_key FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_words_fts (rowid, name, tags, menu, body)
    SELECT id, name_key, tags_key, menu_key, body_key FROM stall_search_documents WHERE id = new.id;
  INSERT INTO stall_names_fts (rowid, name) SELECT id, name_key FROM stall_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
-- Text changed without its keys (a write that did not go through the model): the keys are stale, so they go, and
-- the stall is indexed by its text until the model writes keys again.
CREATE TRIGGER `stalls_search_keys_stale`
AFTER UPDATE OF name, tags, discovery_tags, menu, category, description, location ON `stalls`
WHEN new.search_keys IS NOT NULL AND new.search_keys IS old.search_keys BEGIN
  UPDATE stalls SET search_keys = NULL WHERE id = new.id;
END;
--> statement-breakpoint
-- Aliases change what searches find: the edge cache's version moves on with them (ADR 017).
CREATE TRIGGER `public_version_dish_alias_insert` AFTER INSERT ON `dish_aliases` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `public_version_dish_alias_delete` AFTER DELETE ON `dish_aliases` BEGIN
  UPDATE public_content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
-- The first aliases: street food of North and South India by its other names and in Devanagari.
INSERT INTO `dish_aliases` (`dish`, `alias`) VALUES
  ('pani puri', 'golgappa'),
  ('pani puri', 'golgappe'),
  ('pani puri', 'gol gappa'),
  ('pani puri', 'puchka'),
  ('pani puri', 'phuchka'),
  ('pani puri', 'gupchup'),
  ('pani puri', 'pani ke batashe'),
  ('pani puri', 'पानी पूरी'),
  ('pani puri', 'गोलगप्पे'),
  ('pani puri', 'गोलगप्पा'),
  ('pani puri', 'पुचका'),
  ('chai', 'tea'),
  ('chai', 'चाय'),
  ('coffee', 'kaapi'),
  ('coffee', 'filter kaapi'),
  ('coffee', 'कॉफ़ी'),
  ('samosa', 'singara'),
  ('samosa', 'shingara'),
  ('samosa', 'समोसा'),
  ('dosa', 'dosai'),
  ('dosa', 'dose'),
  ('dosa', 'डोसा'),
  ('uttapam', 'uthappam'),
  ('uttapam', 'uttappa'),
  ('uttapam', 'उत्तपम'),
  ('idli', 'idly'),
  ('idli', 'इडली'),
  ('vada', 'vade'),
  ('vada', 'wada'),
  ('vada', 'वड़ा'),
  ('vada pav', 'vadapav'),
  ('vada pav', 'wada pav'),
  ('vada pav', 'batata vada'),
  ('vada pav', 'वड़ा पाव'),
  ('pav bhaji', 'pao bhaji'),
  ('pav bhaji', 'पाव भाजी'),
  ('bhel puri', 'bhelpuri'),
  ('bhel puri', 'bhel'),
  ('bhel puri', 'भेल पूरी'),
  ('chole bhature', 'chhole bhature'),
  ('chole bhature', 'chana bhatura'),
  ('chole bhature', 'छोले भटूरे'),
  ('biryani', 'biriyani'),
  ('biryani', 'biriani'),
  ('biryani', 'बिरयानी'),
  ('momos', 'momo'),
  ('momos', 'dumplings'),
  ('momos', 'मोमोज़'),
  ('momos', 'मोमो'),
  ('kathi roll', 'kati roll'),
  ('kathi roll', 'frankie'),
  ('kathi roll', 'काठी रोल'),
  ('jalebi', 'jilebi'),
  ('jalebi', 'jilapi'),
  ('jalebi', 'जलेबी'),
  ('kulfi', 'matka kulfi'),
  ('kulfi', 'कुल्फी'),
  ('rabri', 'rabdi'),
  ('rabri', 'रबड़ी'),
  ('lassi', 'लस्सी'),
  ('chaas', 'buttermilk'),
  ('chaas', 'chaach'),
  ('chaas', 'majjige'),
  ('chaas', 'मट्ठा'),
  ('chaas', 'छाछ'),
  ('paratha', 'parantha'),
  ('paratha', 'paranthe'),
  ('paratha', 'parotta'),
  ('paratha', 'पराठा'),
  ('paratha', 'परांठा'),
  ('pakora', 'pakoda'),
  ('pakora', 'pakodi'),
  ('pakora', 'bhajiya'),
  ('pakora', 'bajji'),
  ('pakora', 'पकौड़ा'),
  ('pakora', 'पकोड़ा'),
  ('kachori', 'kachauri'),
  ('kachori', 'kachodi'),
  ('kachori', 'कचौड़ी'),
  ('kachori', 'कचोरी'),
  ('sambar', 'sambhar'),
  ('sambar', 'सांभर'),
  ('shikanji', 'nimbu pani'),
  ('shikanji', 'lemonade'),
  ('shikanji', 'shikanjvi'),
  ('shikanji', 'शिकंजी'),
  ('shikanji', 'नींबू पानी'),
  ('sugarcane juice', 'ganne ka ras'),
  ('sugarcane juice', 'ganna juice'),
  ('sugarcane juice', 'kabbina haalu'),
  ('sugarcane juice', 'गन्ने का रस'),
  ('kebab', 'kabab'),
  ('kebab', 'kabob'),
  ('kebab', 'कबाब'),
  ('egg', 'anda'),
  ('egg', 'motte'),
  ('egg', 'mutta'),
  ('egg', 'अंडा'),
  ('paneer', 'panir'),
  ('paneer', 'पनीर'),
  ('chaat', 'चाट'),
  ('dahi vada', 'dahi bhalla'),
  ('dahi vada', 'dahi bhalle'),
  ('dahi vada', 'dahi bara'),
  ('dahi vada', 'दही भल्ले'),
  ('aloo tikki', 'aloo tikiya'),
  ('aloo tikki', 'आलू टिक्की'),
  ('poha', 'pohe'),
  ('poha', 'avalakki'),
  ('poha', 'पोहा'),
  ('upma', 'uppittu'),
  ('upma', 'उपमा'),
  ('bonda', 'बोंडा'),
  ('litti chokha', 'litti'),
  ('litti chokha', 'लिट्टी चोखा'),
  ('kulcha', 'कुलचा'),
  ('dabeli', 'kutchi dabeli'),
  ('dabeli', 'दाबेली'),
  ('falooda', 'faluda'),
  ('falooda', 'फालूदा'),
  ('gulab jamun', 'gulab jaman'),
  ('gulab jamun', 'गुलाब जामुन'),
  ('misal pav', 'misal'),
  ('misal pav', 'मिसल पाव'),
  ('thukpa', 'थुकपा'),
  ('lemon rice', 'chitranna'),
  ('lemon rice', 'नींबू चावल'),
  ('curd rice', 'thayir sadam'),
  ('curd rice', 'mosaru anna'),
  ('curd rice', 'दही चावल'),
  ('pulao', 'pulav'),
  ('pulao', 'pilaf'),
  ('pulao', 'पुलाव'),
  ('rasgulla', 'rosogolla'),
  ('rasgulla', 'रसगुल्ला'),
  ('halwa', 'halva'),
  ('halwa', 'हलवा'),
  ('roti', 'chapati'),
  ('roti', 'chapatti'),
  ('roti', 'phulka'),
  ('roti', 'रोटी'),
  ('mirchi bajji', 'mirchi bhajji'),
  ('mirchi bajji', 'mirchi vada'),
  ('mirchi bajji', 'मिर्ची बड़ा'),
  ('bun maska', 'maska bun'),
  ('bun maska', 'बन मस्का');