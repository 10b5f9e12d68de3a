import { PatternRouter } from "hono/router/pattern-router";
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { isEndpoint } from "./routes";
import { validationOf } from "./validate";
import { signedInOnly } from "./viewer";

// The OpenAPI 3.1 description of /api (ADR 037), made from the route table and the zod schemas the routes validate
// with (valid()), so it cannot drift from what the API accepts. OpenAPI 3.1 schemas are JSON Schema 2020-12,
// which zod writes itself.

type JsonSchema = Record<string, unknown>;

export interface ApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  security?: { bearer: [] }[];
  parameters?: { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: true; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface ApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, ApiOperation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
}

/** A schema as JSON Schema, describing what a client sends (the input side of coercions and defaults). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** The object a query or param schema checks (an object, or an object piped on to a transform). */
function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  return undefined;
}

/** /api/posts/:id as OpenAPI writes it: /api/posts/{id}. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function describeOperation(
  method: string,
  path: string,
  handlers: unknown[],
  signedIn: boolean,
): ApiOperation {
  const validations = handlers.map(validationOf).filter((v) => v !== undefined);
  const part = (name: string) => validations.find((v) => v.part === name)?.schema;
  const params = part("param") && objectOf(part("param") as z.ZodType);
  const query = part("query") && objectOf(part("query") as z.ZodType);
  const body = part("json");
  const parameters: NonNullable<ApiOperation["parameters"]> = [
    ...[...path.matchAll(/:(\w+)/g)].map(([, name = ""]) => ({
      name,
      in: "path" as const,
      required: true,
      schema: params?.shape[name] ? jsonSchema(params.shape[name] as z.ZodType) : { type: "string" },
    })),
    ...Object.entries(query?.shape ?? {}).map(([name, field]) => ({
      name,
      in: "query" as const,
      required: !(field as z.ZodType).safeParse(undefined).success,
      schema: jsonSchema(field as z.ZodType),
    })),
  ];
  return {
    operationId: `${method.toLowerCase()} ${path}`,
    tags: [path.split("/")[2] ?? "api"],
    summary: `${method} ${path}`,
    ...(signedIn ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(body) } } } }
      : {}),
    responses: {
      "2XX": { description: "Success" },
      default: {
        description: "A refusal, with its HTTP status",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
}

const documents = new WeakMap<RouterRoute[], ApiDocument>();

/** The document for a route table: every endpoint (method and path) with its parameters, body and sign-in. */
export function apiDocument(routes: RouterRoute[]): ApiDocument {
  const known = documents.get(routes);
  if (known) return known;
  // Middleware (`use`) guards the endpoints registered after it under its path: signedInOnly there means a token.
  const guards = new PatternRouter<number>();
  routes.forEach((route, index) => {
    if (!isEndpoint(route) && route.handler === signedInOnly) guards.add("ALL", route.path, index);
  });
  const endpoints = new Map<string, { method: string; path: string; handlers: unknown[]; first: number }>();
  routes.forEach((route, index) => {
    if (!isEndpoint(route)) return;
    const key = `${route.method} ${route.path}`;
    const endpoint = endpoints.get(key) ?? {
      method: route.method,
      path: route.path,
      handlers: [],
      first: index,
    };
    endpoint.handlers.push(route.handler);
    endpoints.set(key, endpoint);
  });
  const paths: ApiDocument["paths"] = {};
  for (const { method, path, handlers, first } of endpoints.values()) {
    const guarded = guards.match("GET", path)[0].some(([index]) => index < first);
    const signedIn = guarded || handlers.includes(signedInOnly);
    const operations = paths[openApiPath(path)] ?? {};
    operations[method.toLowerCase()] = describeOperation(method, path, handlers, signedIn);
    paths[openApiPath(path)] = operations;
  }
  const document: ApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "Nukkad API",
      version: "1",
      description:
        "The JSON API of Nukkad: what the pages do, for programs. Send `Authorization: Bearer <token>` (from POST /api/auth/signin) where an operation asks for it. Bodies are JSON objects; unknown keys and unknown query parameters answer 400.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: { error: { type: "string" }, field: { type: "string" } },
        },
      },
    },
  };
  documents.set(routes, document);
  return document;
}
