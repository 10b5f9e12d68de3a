// The Hindi names of labels (ADR 035): categories, tags, cuisines and dishes are free text in English, so their
// Hindi names are data moderators keep, beside the dish aliases. Hindi pages and search read them through the
// aliases' copy in memory (searchAliases), which every change here drops.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dishAliases, labelNames, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { type LabelNames, labelKey } from "~/lib/rules/label";
import { forgetAliases, searchAliases } from "./dish-alias.server";
import { ModelError } from "./model-error";
import { tagCounts } from "./search.server";

export interface LabelNameRow {
  id: number;
  label: string;
  hindi: string;
}

const columns = { id: labelNames.id, label: labelNames.label, hindi: labelNames.hindi };

export async function listLabelNames(db: Db): Promise<LabelNameRow[]> {
  return db
    .select(columns)
    .from(labelNames)
    .orderBy(asc(sql`lower(${labelNames.label})`));
}

/** The label's Hindi name, new or changed; the label keeps the case it was first named with. */
export async function setLabelName(
  db: Db,
  name: { label: string; hindi: string },
  moderatorId: string,
): Promise<LabelNameRow> {
  const change = { hindi: name.hindi, updatedBy: moderatorId, updatedAt: Date.now() };
  const [changed] = await db
    .update(labelNames)
    .set(change)
    // lower() in SQL on both sides, as the unique index compares them.
    .where(eq(sql`lower(${labelNames.label})`, sql`lower(${name.label})`))
    .returning(columns);
  const row =
    changed ??
    (
      await db
        .insert(labelNames)
        .values({ label: name.label, ...change })
        .returning(columns)
    )[0];
  if (!row) throw new Error("the label name was neither changed nor added");
  forgetAliases();
  return row;
}

export async function deleteLabelName(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(labelNames).where(eq(labelNames.id, id)).returning({ id: labelNames.id });
  if (!row) throw new ModelError(404, msg("That Hindi name is already gone"));
  forgetAliases();
}

/** Every label's Hindi name, as Hindi pages show them: from this Worker's copy, read at most once a minute. */
export async function hindiLabelNames(db: Db): Promise<LabelNames> {
  return (await searchAliases(db)).hindiLabels;
}

/**
 * The labels people see that have no Hindi name yet, neither a moderator's nor the app's own (the picker's tags
 * are in its catalogue): approved stalls' categories, tags and menu words, and the dishes with aliases.
 */
export async function labelsWithoutHindi(db: Db): Promise<string[]> {
  const [categories, dishes, tags, named] = await Promise.all([
    db.selectDistinct({ label: stalls.category }).from(stalls).where(eq(stalls.status, "approved")),
    db.selectDistinct({ label: dishAliases.dish }).from(dishAliases),
    tagCounts(db),
    db.select({ label: labelNames.label }).from(labelNames),
  ]);
  const hindi = translatorFor("hi");
  const seen = new Set(named.map((row) => labelKey(row.label)));
  const missing: string[] = [];
  for (const label of [...categories, ...dishes]
    .map((row) => row.label)
    .concat(tags.map((tag) => tag.name))) {
    if (seen.has(labelKey(label)) || hindi(label) !== label) continue;
    seen.add(labelKey(label));
    missing.push(label);
  }
  return missing.sort((a, b) => a.localeCompare(b));
}
