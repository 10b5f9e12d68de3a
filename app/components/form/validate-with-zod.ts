import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** The browser's check of a form against its action's schema: the half of a form that loads on intent (ADR 056). */
export function validateWith<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
