import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { loader as answerFromApi } from "./api.$";

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
}

/** The API reference: /api/openapi.json read as a page, rendered here so it works offline and under the CSP. Pages
 * reach the API only through the splat route (ADR 013), which answers the very document API clients get. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const document = new Request(new URL("/api/openapi.json", request.url));
  const response = await answerFromApi({ request: document, context, params });
  const { paths } = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
  return {
    operations: Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    ),
  };
}

export const meta = pageMeta((t) => ({ title: pageTitle(t("API reference")) }));

/** A JSON Schema's type in a word or two: string, integer, one of a|b, list of string. */
function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return "";
  if (Array.isArray(schema.enum)) return schema.enum.join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items as Record<string, unknown>)}[]`;
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.map((s) => typeOf(s as Record<string, unknown>)).join(" | ");
  return String(schema.type ?? schema.format ?? "any");
}

export default function DevelopersPage() {
  const { operations } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell
      title={t("API reference")}
      subtitle={t("Everything the pages do, as JSON. The full description is an OpenAPI 3.1 document.")}
    >
      <p>
        <a className="font-semibold text-primary underline" href="/api/openapi.json">
          {t("The OpenAPI document (JSON)")}
        </a>
      </p>
      <ul className="mt-6 space-y-4">
        {operations.map(({ path, method, operation }) => {
          const body = operation.requestBody?.content["application/json"].schema as
            | { properties?: Record<string, Record<string, unknown>>; required?: string[] }
            | undefined;
          const fields = [
            ...(operation.parameters ?? []).map((p) => ({
              name: p.name,
              where: p.in,
              required: p.required,
              schema: p.schema,
            })),
            ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
              name,
              where: "body",
              required: body?.required?.includes(name) ?? false,
              schema,
            })),
          ];
          return (
            <li key={operation.operationId} className="rounded-xl border border-border bg-surface p-4">
              <h2 className="font-mono font-semibold">
                <span className="mr-2 rounded bg-primary px-2 py-0.5 text-primary-foreground text-sm">
                  {method}
                </span>
                {path}
              </h2>
              {operation.security ? (
                <p className="mt-1 text-ink-muted text-sm">{t("Needs a signed-in token")}</p>
              ) : null}
              {fields.length ? (
                <table className="mt-2 w-full text-left text-sm">
                  <thead>
                    <tr>
                      <th scope="col">{t("Name")}</th>
                      <th scope="col">{t("Sent in")}</th>
                      <th scope="col">{t("Type")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((field) => (
                      <tr key={`${field.where} ${field.name}`}>
                        <td className="font-mono">
                          {field.name}
                          {field.required ? " *" : ""}
                        </td>
                        <td>{field.where}</td>
                        <td className="font-mono break-all">{typeOf(field.schema)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          );
        })}
      </ul>
    </PageShell>
  );
}
