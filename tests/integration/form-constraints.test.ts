import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { signInSchema, signUpSchema } from "~/lib/auth/schemas";
import { contactSchema } from "~/lib/schemas/contact";
import { sendToWorker } from "../worker-fetch";

// A form's schema loads in the browser only once someone starts on the form (ADR 056); its constraints are read at
// build time (vite-form-schemas.ts) so that the first HTML still carries them. Here the pages as the Worker draws
// them are held to what conform derives from the schema at run time: a build that wrote other constraints, or none,
// draws other attributes.

/** The opening tag of the form control named `name` in `html`. */
function controlTag(html: string, name: string): string {
  const tag = html.match(new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bname="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control named ${name}`);
  return tag;
}

const PAGES: [string, string, z.ZodType][] = [
  ["the contact form", "/contact", contactSchema],
  ["sign in", "/auth", signInSchema],
  ["sign up", "/auth?mode=signup", signUpSchema],
];

describe("a form's first HTML carries its schema's constraints", () => {
  it.each(PAGES)("%s (%s)", async (_, path, schema) => {
    const response = await sendToWorker(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const constraints = Object.entries(getZodConstraint(schema)).filter(([name]) => !name.includes("."));
    expect(constraints.length).toBeGreaterThan(1);
    for (const [name, constraint] of constraints) {
      if (name === "page") continue; // the contact form's page is a hidden field, drawn only when there is one
      const tag = controlTag(html, name);
      expect(/\brequired=""/.test(tag), `${name} required`).toBe(constraint.required ?? false);
      if (constraint.minLength !== undefined)
        expect(tag.toLowerCase()).toContain(`minlength="${constraint.minLength}"`);
      if (constraint.maxLength !== undefined)
        expect(tag.toLowerCase()).toContain(`maxlength="${constraint.maxLength}"`);
    }
  });
});
