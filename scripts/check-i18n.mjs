// The string catalogues' guard (ADR 019), run by `npm run lint`:
// 1. every message the code names, `t("…")` or `msg("…")` with a literal, has a Hindi translation in hi.po, and one
//    with ICU parts ({name}, plurals) is in en.po too, since it must be compiled to be filled in;
// 2. every catalogue entry carries Lingui's explicit-id flag (without it the plugin keys it by a hash, and the
//    English text would never find it), has a translation, and is still used somewhere; a Hindi plural has its
//    `=0` case (CLDR counts 0 as Hindi's "one");
// 3. no .tsx file writes user-facing text by hand: no letters in JSX text, and none in the attributes a person
//    reads or hears (aria-label, title, placeholder, alt);
// 4. no .tsx file renders English written into a list or table in code: `{item}` of `EXAMPLES.map((item) => …)`,
//    `{option.label}` of a list of objects, `{LABELS[key]}`, where the list or table (in the same file or imported,
//    or handed through useState) holds string literals with letters; such texts are marked `msg("…")` where written
//    and shown with `t(text)` (ADR 034);
// 5. no message is built from a template literal where the code hands it on to be shown (a refusal, a schema's
//    error, an action's answer): the filled-in text could not be found in the catalogue. A value goes into the
//    message instead: `msg('"{name}" is live now.', { name })`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

const project = resolve(import.meta.dirname, "..");
const LOCALES = join(project, "app/lib/i18n/locales");
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "aria-description"]);
// A component's props that become one of those (sonner's containerAriaLabel, Leaflet's zoomInTitle) count too.
const isReadAttribute = (name) => READ_ATTRIBUTES.has(name) || /[a-z](?:AriaLabel|Title)$/.test(name);
const HAS_LETTERS = /\p{L}/u;
// Text that is the same in every language: the name, the version, an example address, and each language's own name
// in the language switch (a person looking for their language reads it in it).
const SAME_IN_EVERY_LANGUAGE = /^(?:Nukkad|Nukkad · v\d+\.\d+\.\d+|you@example\.com|English|हिन्दी)$/;
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
const files = sourceFiles(join(project, "app"));
const sources = new Map(
  files.map((file) => [
    file,
    ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true),
  ]),
);

/** `x as const`, `x satisfies T`, `(x)`: the expression inside. */
function bare(node) {
  let current = node;
  while (
    current &&
    (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
  )
    current = current.expression;
  return current;
}

/** Each file's top-level `const NAME = [ … ]` / `{ … }`: the lists and tables written in code. */
const literalTables = new Map();
for (const [file, source] of sources) {
  const tables = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = bare(declaration.initializer);
      if (
        ts.isIdentifier(declaration.name) &&
        value &&
        (ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value))
      )
        tables.set(declaration.name.text, value);
    }
  }
  literalTables.set(file, tables);
}

/** The file an import names: `~/x` and relative paths, as the compiler resolves them. */
function importedFile(from, specifier) {
  if (!specifier.startsWith("~/") && !specifier.startsWith(".")) return null;
  const base = specifier.startsWith("~/")
    ? join(project, "app", specifier.slice(2))
    : resolve(from, "..", specifier);
  return [".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((ending) => base + ending)
    .find((path) => sources.has(path));
}

/** The tables a file sees by name: its own, and the ones it imports by name. */
function tablesSeenIn(file, source) {
  const seen = new Map(literalTables.get(file));
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    const origin = importedFile(file, statement.moduleSpecifier.text);
    if (!origin || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const table = literalTables.get(origin).get((element.propertyName ?? element.name).text);
      if (table) seen.set(element.name.text, table);
    }
  }
  return seen;
}

const itemsOf = (node) => (ts.isArrayLiteralExpression(node) ? node.elements.map(bare) : []);
const valuesIn = (node) =>
  ts.isArrayLiteralExpression(node)
    ? itemsOf(node)
    : ts.isObjectLiteralExpression(node)
      ? node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [bare(p.initializer)] : []))
      : [];
const propertyOf = (node, key) =>
  ts.isObjectLiteralExpression(node)
    ? node.properties.flatMap((p) =>
        ts.isPropertyAssignment(p) && p.name.getText() === key ? [bare(p.initializer)] : [],
      )
    : [];

/**
 * The literals written in code that an expression can read, or null when it reads none: `NAME` (a table above),
 * `NAME[key]`, `NAME.key`, the item of `NAME.map((item) => …)`, or state first set from one
 * (`const [x] = useState(NAME)`).
 */
function literalsRead(expression, tables) {
  const value = bare(expression);
  if (!value) return null;
  if (ts.isPropertyAccessExpression(value)) {
    const base = literalsRead(value.expression, tables);
    return base?.flatMap((node) => propertyOf(node, value.name.text));
  }
  if (ts.isElementAccessExpression(value)) {
    const base = literalsRead(value.expression, tables);
    return base?.flatMap(valuesIn);
  }
  if (!ts.isIdentifier(value)) return null;
  if (tables.has(value.text)) return [tables.get(value.text)];
  // The innermost declaration of the name: a `.map` callback's item, or a useState pair.
  for (let scope = value.parent; scope; scope = scope.parent) {
    if (ts.isArrowFunction(scope) || ts.isFunctionExpression(scope)) {
      const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === value.text);
      if (parameter) {
        const call = scope.parent;
        const mapped =
          ts.isCallExpression(call) &&
          ts.isPropertyAccessExpression(call.expression) &&
          ["map", "flatMap"].includes(call.expression.name.text) &&
          call.arguments[0] === scope &&
          scope.parameters[0] === parameter;
        const list = mapped ? literalsRead(call.expression.expression, tables) : null;
        return list?.flatMap(itemsOf);
      }
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const initializer = bare(declaration.initializer);
          if (
            ts.isArrayBindingPattern(declaration.name) &&
            declaration.name.elements[0]?.name?.text === value.text &&
            initializer &&
            ts.isCallExpression(initializer) &&
            ts.isIdentifier(initializer.expression) &&
            initializer.expression.text === "useState"
          )
            return literalsRead(initializer.arguments[0], tables);
        }
      }
    }
  }
  return null;
}

/** The interface texts among literals: plain strings with letters (a `msg("…")` is a call, so it never counts). */
const handWritten = (nodes) =>
  (nodes ?? []).flatMap((node) =>
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isInterfaceText(node.text)
      ? [node.text]
      : [],
  );

/** Code shown as code: a cookie's name in `<code>` is the same in every language. */
const CODE_ELEMENTS = new Set(["code", "kbd", "samp"]);
const insideCode = (node) =>
  ts.isJsxElement(node.parent) && CODE_ELEMENTS.has(node.parent.openingElement.tagName.getText());

for (const [file, source] of sources) {
  const name = relative(project, file);
  const checkText = file.endsWith(".tsx");
  const tables = checkText ? tablesSeenIn(file, source) : new Map();
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
    if (
      checkText &&
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const [text] = handWritten(literalsRead(node.expression, tables));
      if (text && !insideCode(node))
        problems.push(
          `${name}:${line(source, node)} renders "${text}" written in a list or table by hand: mark it msg("…") and show t(text)`,
        );
    }
    if (checkText && ts.isJsxText(node) && isInterfaceText(node.text)) {
      problems.push(`${name}:${line(source, node)} writes "${node.text.trim()}" by hand: use t("…")`);
    }
    if (checkText && ts.isJsxAttribute(node) && isReadAttribute(node.name.getText(source))) {
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
