import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;
interface OpenApi {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> }>
  >;
  components?: Json;
}

/**
 * Checks every JSON answer of `app` against the schema its OpenAPI document declares for that route and
 * status (issue 12 B10). A mismatch is remembered and thrown by the next `app.inject` that returns, so the
 * test that got the answer fails, naming route, status and what differs.
 */
export function checkResponsesAgainstOpenApi(app: FastifyInstance & { swagger(): unknown }) {
  const mismatches: string[] = [];
  let doc: OpenApi | undefined;
  let ajv: Ajv2020 | undefined;
  const validators = new Map<string, ValidateFunction | null>();

  function validatorFor(path: string, method: string, status: number): ValidateFunction | null | 'undeclared' {
    doc ??= app.swagger() as OpenApi;
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
      addFormats.default(ajv);
      ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
    }
    const key = `${method} ${path} ${status}`;
    if (validators.has(key)) return validators.get(key)!;
    const responses = doc.paths[path]?.[method]?.responses;
    if (!responses) return null;
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!response) return 'undeclared';
    const schema = response.content?.['application/json']?.schema;
    const validate = schema
      ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as Json)
      : null;
    validators.set(key, validate);
    return validate;
  }

  /** The document's path for a route and its parameters: kind, from, to and folder are written out there. */
  function documentedPath(
    routeUrl: string,
    params: Record<string, string>,
    words: Record<string, string[] | undefined>,
  ): string | undefined {
    doc ??= app.swagger() as OpenApi;
    const template = routeUrl.replace(/:(\w+)/g, '{$1}');
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    for (let mask = 0; mask < 1 << names.length; mask++) {
      let candidate = template;
      names.forEach((name, i) => {
        if (mask & (1 << i) && params[name] !== undefined) candidate = candidate.replace(`{${name}}`, params[name]);
      });
      if (doc.paths[candidate]) return candidate;
    }
    // A word the route does not take (/api/widgets/versions → 400): the path written out for its first word.
    const substituted = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        words[name] && !words[name].includes(value) ? words[name][0]! : value,
      ]),
    );
    if (names.some((name) => substituted[name] !== params[name])) return documentedPath(routeUrl, substituted, {});
    return undefined;
  }

  app.addHook('preSerialization', async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl?.startsWith('/api/') || routeUrl === '/api/openapi.json') return payload;
    // The words a path parameter takes (z.enum in the route's zod schema), e.g. kind: systems, assemblies…
    const shape =
      (request.routeOptions.schema?.params as { shape?: Record<string, { options?: unknown[] }> } | undefined)?.shape ??
      {};
    const words = Object.fromEntries(
      Object.entries(shape).map(([name, schema]) => [
        name,
        schema.options?.every((o) => typeof o === 'string') ? schema.options : undefined,
      ]),
    );
    const path = documentedPath(routeUrl, request.params as Record<string, string>, words);
    const method = request.method.toLowerCase();
    const where = `${request.method} ${request.url} → ${reply.statusCode}`;
    if (!path) {
      mismatches.push(`${where}: the route is not in the OpenAPI document`);
      return payload;
    }
    const validate = validatorFor(path, method, reply.statusCode);
    if (validate === 'undeclared')
      mismatches.push(`${where}: status ${reply.statusCode} is not declared for ${method.toUpperCase()} ${path}`);
    else if (validate && !validate(payload)) {
      const problems = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      mismatches.push(
        `${where}: the answer does not match the declared schema: ${problems.join('; ')} — ${JSON.stringify(payload).slice(0, 300)}`,
      );
    }
    return payload;
  });

  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = async (...args: unknown[]) => {
    const res = await inject(...args);
    if (mismatches.length > 0)
      throw new Error(`Answers that differ from the OpenAPI document:\n${mismatches.splice(0).join('\n')}`);
    return res;
  };
}
