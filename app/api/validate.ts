import { zValidator } from "@hono/zod-validator";
import type { Env, MiddlewareHandler, ValidationTargets } from "hono";
import type { InferInput } from "hono/validator";
import type { z } from "zod";
import { rejectInvalid } from "./errors";

export type ValidatedPart = "json" | "query" | "param";

/** What a validator checks, kept for the API's description (openapi.ts) and its query check (unknownQuery). */
export interface Validation {
  part: ValidatedPart;
  schema: z.ZodType;
}

const validations = new WeakMap<MiddlewareHandler, Validation>();

/**
 * The one way an /api route validates its input: a zod schema, invalid input answered 400 naming the field
 * (rejectInvalid). The schema is remembered beside the middleware, so the OpenAPI document is made from the very
 * schemas that check requests.
 */
export function valid<
  Part extends ValidatedPart,
  Schema extends z.ZodType,
  E extends Env = Env,
  P extends string = string,
>(part: Part, schema: Schema): MiddlewareHandler<E, P, ValidInput<Part, z.input<Schema>, z.output<Schema>>> {
  const middleware = zValidator(part, schema, rejectInvalid) as MiddlewareHandler;
  validations.set(middleware, { part, schema });
  return middleware;
}

// The types c.req.valid() reads, as @hono/zod-validator declares them.
type ValidInput<Part extends ValidatedPart, In, Out> = {
  in: undefined extends In
    ? { [K in Part]?: [In] extends [ValidationTargets[K]] ? In : InferInput<In, K> }
    : { [K in Part]: [In] extends [ValidationTargets[K]] ? In : InferInput<In, K> };
  out: { [K in Part]: Out };
};

/** The validation a route's handler performs, if it is one made by valid(). */
export function validationOf(handler: unknown): Validation | undefined {
  return typeof handler === "function" ? validations.get(handler as MiddlewareHandler) : undefined;
}
