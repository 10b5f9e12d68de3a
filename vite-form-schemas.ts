import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { getZodConstraint } from "@conform-to/zod/v4";
import { build } from "esbuild";
import type { Plugin } from "vite";
import type { $ZodType } from "zod/v4/core";

const project = import.meta.dirname;
const CACHE = join(project, "node_modules/.cache/nukkad-form-schemas");
// The one way a form names its schema (app/components/form/form-schema.ts); anything else calling formSchema is an
// error, so no form can reach the browser without the attributes its schema implies.
const CALL = /\bformSchema\(\s*\(\)\s*=>\s*import\(\s*"([^"]+)"\s*\)\s*,\s*"(\w+)"\s*,?\s*\)/g;
const ANY_CALL = /\bformSchema\(/g;

/**
 * A form's zod schema loads when someone starts on the form (ADR 056), but the attributes conform derives from it
 * (`required`, `maxLength`, `min`, `pattern`...) belong in the first HTML and the first render. This plugin reads
 * them at build time, from the same schema: `formSchema(() => import("~/lib/schemas/contact"), "contactSchema")`
 * gets the schema's `getZodConstraint` as a third argument, in the server build and the browser's alike.
 */
export function formSchemas(): Plugin {
  return {
    name: "nukkad:form-schemas",
    async transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes("formSchema(") || id.endsWith("/form-schema.ts")) {
        return undefined;
      }
      const calls = [...code.matchAll(CALL)];
      const written = [...code.matchAll(ANY_CALL)].length;
      if (calls.length !== written) {
        this.error(
          `${id}: write formSchema(() => import("<module>"), "<export>"), literally, so the build can read it`,
        );
      }
      let result = code;
      for (const [call, specifier, name] of calls) {
        const resolved = await this.resolve(specifier as string, id);
        if (!resolved) this.error(`${id}: cannot resolve ${specifier}`);
        const { constraint, inputs } = await readConstraint(resolved.id, name as string);
        for (const input of inputs) this.addWatchFile(input);
        // A function, so that "$&" and the like in a pattern are written as they are.
        result = result.replace(
          call,
          () => `formSchema(() => import("${specifier}"), "${name}", ${JSON.stringify(constraint)})`,
        );
      }
      return { code: result, map: null };
    },
  };
}

/** Bundles the schema's module for Node (packages stay external, so zod is the one conform reads) and asks conform. */
async function readConstraint(file: string, name: string) {
  const bundled = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    packages: "external",
    alias: { "~": join(project, "app") },
    metafile: true,
    absWorkingDir: project,
    logLevel: "silent",
  });
  const source = bundled.outputFiles[0]?.text ?? "";
  const module = await importBundled(source);
  const schema = module[name];
  if (!schema || typeof schema !== "object" || !("_zod" in schema)) {
    throw new Error(`${file} exports no zod schema called ${name}`);
  }
  return {
    constraint: getZodConstraint(schema as $ZodType),
    inputs: Object.keys(bundled.metafile.inputs).map((input) => join(project, input)),
  };
}

const imported = new Map<string, Promise<Record<string, unknown>>>();

/**
 * The bundled text as a module Node can import. Files are named by their content, so one is never rewritten: several
 * routes' transforms read the same schema module at once, and when they shared one file per schema, one could import
 * it while another was writing it, read an empty module and fail the build (a clean clone's CI did). A file is written
 * beside its name and renamed into place, whole.
 */
function importBundled(source: string): Promise<Record<string, unknown>> {
  const out = join(CACHE, `${createHash("sha256").update(source).digest("hex").slice(0, 16)}.mjs`);
  let module = imported.get(out);
  if (!module) {
    if (!existsSync(out)) {
      mkdirSync(CACHE, { recursive: true });
      const partial = `${out}.${process.pid}.partial`;
      writeFileSync(partial, source);
      renameSync(partial, out);
    }
    module = import(pathToFileURL(out).href) as Promise<Record<string, unknown>>;
    imported.set(out, module);
  }
  return module;
}
