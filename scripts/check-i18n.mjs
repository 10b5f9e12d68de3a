// The string catalogues' guard (ADR 019), run by `npm run lint`:
// 1. every message the code names, `t("…")` or `msg("…")` with a literal, has a Hindi translation in hi.po, and one
//    with ICU parts ({name}, plurals) is in en.po too, since it must be compiled to be filled in;
// 2. every catalogue entry carries Lingui's explicit-id flag (without it the plugin keys it by a hash, and the
//    English text would never find it), has a translation, and is still used somewhere;
// 3. no .tsx file writes user-facing text by hand: no letters in JSX text, and none in the attributes a person
//    reads or hears (aria-label, title, placeholder, alt);
// 4. no message is built from a template literal where the code hands it on to be shown (a refusal, a schema's
//    error, an action's answer): the filled-in text could not be found in the catalogue. A value goes into the
//    message instead: `msg('"{name}" is live now.', { name })`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

const project = resolve(import.meta.dirname, "..");
const LOCALES = join(project, "app/lib/i18n/locales");
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "aria-description"]);
const HAS_LETTERS = /\p{L}/u;
// Text that is the same in every language: the name, the version, an example address.
const SAME_IN_EVERY_LANGUAGE = /^(?:Nukkad|Nukkad · v\d+\.\d+\.\d+|you@example\.com)$/;
const isInterfaceText = (text) => HAS_LETTERS.test(text) && !SAME_IN_EVERY_LANGUAGE.test(text.trim());

// Where a text is handed on to be shown to someone: a refusal (`new ModelError(status, text)`), a page action's
// answer (`done(text)`), a zod check's message (`.max(n, text)`, `{ message: text }`, `{ error: text }`).
const ZOD_CHECKS = new Set([
  "min",
  "max",
  "length",
  "regex",
  "refine",
  "int",
  "email",
  "url",
  "enum",
  "nonempty",
]);
const MESSAGE_PROPERTIES = new Set(["message", "error"]);

/** A template literal with values, the one kind of text the catalogue can never hold. */
const isFilledInTemplate = (node) => node !== undefined && ts.isTemplateExpression(node);

/** The text argument `call` hands on to be shown, if it is a call that does. */
function shownArgument(call) {
  const callee = call.expression;
  if (ts.isNewExpression(call))
    return ts.isIdentifier(callee) && callee.text === "ModelError" ? call.arguments?.[1] : undefined;
  if (ts.isIdentifier(callee) && callee.text === "done") return call.arguments[0];
  if (ts.isPropertyAccessExpression(callee) && ZOD_CHECKS.has(callee.name.text))
    return call.arguments[call.arguments.length - 1];
  return undefined;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

/** A .po file's entries: msgid -> { msgstr, explicit }. */
function readCatalogue(language) {
  const text = readFileSync(join(LOCALES, `${language}.po`), "utf8");
  const entries = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const id = poString(block, "msgid");
    if (!id) continue;
    if (entries.has(id)) problems.push(`${language}.po: "${id}" is there twice`);
    entries.set(id, {
      msgstr: poString(block, "msgstr") ?? "",
      explicit: block.includes("#. js-lingui-explicit-id"),
    });
  }
  return entries;
}

function poString(block, keyword) {
  const match = block.match(new RegExp(`^${keyword} ((?:"(?:[^"\\\\]|\\\\.)*"\\s*)+)`, "m"));
  if (!match) return null;
  return [...match[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join("");
}

function line(source, node) {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

const problems = [];
const used = new Set();
for (const file of sourceFiles(join(project, "app"))) {
  const name = relative(project, file);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const checkText = file.endsWith(".tsx");
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ["t", "msg"].includes(node.expression.text)
    ) {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
        used.add(first.text);
    }
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && isFilledInTemplate(shownArgument(node))) {
      problems.push(
        `${name}:${line(source, node)} fills a template literal into a shown text: use msg("…{value}…", { value })`,
      );
    }
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      MESSAGE_PROPERTIES.has(node.name.text) &&
      isFilledInTemplate(node.initializer)
    ) {
      problems.push(
        `${name}:${line(source, node)} fills a template literal into a ${node.name.text}: use msg("…{value}…", { value })`,
      );
    }
    if (checkText && ts.isJsxText(node) && isInterfaceText(node.text)) {
      problems.push(`${name}:${line(source, node)} writes "${node.text.trim()}" by hand: use t("…")`);
    }
    if (checkText && ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)
            ? value.expression.text
            : null;
      if (literal && isInterfaceText(literal))
        problems.push(
          `${name}:${line(source, node)} ${node.name.getText(source)}="${literal}" by hand: use t("…")`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const hindi = readCatalogue("hi");
const english = readCatalogue("en");
const needsCompiling = (message) => /[{}]/.test(message);
for (const message of [...used].sort()) {
  if (!hindi.get(message)?.msgstr) problems.push(`no Hindi for "${message}" in hi.po`);
  if (needsCompiling(message) && !english.has(message))
    problems.push(`"${message}" has ICU parts: add it to en.po (msgstr the same text)`);
}
// CLDR puts 0 in Hindi's "one" category with 1 ("0 ठेला मिला"): every Hindi plural words zero itself, with ICU's exact
// `=0` case ("कोई ठेला नहीं मिला", "0 ठेले"). English needs none: 0 is "other" there ("0 stalls found").
for (const [id, entry] of hindi) {
  const plurals = entry.msgstr.match(/\{\s*\w+\s*,\s*plural\s*,/g) ?? [];
  const zeros = entry.msgstr.match(/\{\s*\w+\s*,\s*plural\s*,\s*=0\s*\{/g) ?? [];
  if (zeros.length < plurals.length)
    problems.push(`hi.po: "${id}" has a plural without "=0 {…}": Hindi counts 0 as "one"`);
}
for (const [language, catalogue] of [
  ["hi", hindi],
  ["en", english],
]) {
  for (const [id, entry] of catalogue) {
    if (!entry.explicit) problems.push(`${language}.po: "${id}" lacks the "#. js-lingui-explicit-id" line`);
    if (!entry.msgstr) problems.push(`${language}.po: "${id}" has no translation`);
    if (!used.has(id)) problems.push(`${language}.po: "${id}" is used nowhere: remove it`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  console.error(`${problems.length} string catalogue problem(s) (docs/decisions/019-interface-languages.md)`);
  process.exit(1);
}
console.log(`✓ ${used.size} messages, all in Hindi`);
