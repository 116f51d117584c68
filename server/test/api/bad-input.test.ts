/**
 * Bad input of any kind gets a 4xx with a JSON message a person understands and changes nothing; never
 * a 500, never a stack trace. Every route is taken from the app itself (its OpenAPI document, checked
 * against Fastify's own route table), so a new route is swept without touching this file.
 */
import { MESSAGE_CATALOG } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDataRows } from '../../src/db/demo-data.js';
import { buildTestApp } from '../support/test-app.js';

// The routes must be known while the tests are collected, so the app is built at the top.
const t = await buildTestApp();
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// The routes, from the app

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /api/{kind}/{id} */
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Not the product's API: the OpenID provider, and the API documentation pages themselves. */
const skipped = (path: string) =>
  !path.startsWith('/api/') || path.startsWith('/api/docs') || path === '/api/openapi.json';

const openApi = (await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') })).json<OpenApi>();

/** Inlines `$ref`s and merges `allOf`, so the sweep sees plain schemas. */
function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(openApi.components?.schemas?.[name]);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve), { ...schema, allOf: undefined });
  return schema;
}

const routes: Route[] = Object.entries(openApi.paths)
  .filter(([path]) => !skipped(path))
  .flatMap(([path, operations]) =>
    METHODS.filter((m) => operations[m]).map((m) => {
      const op = operations[m]!;
      const parameters = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: m.toUpperCase() as Route['method'],
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: json ? resolve(json) : undefined,
      };
    }),
  );

/** Fastify's own route table (printRoutes' tree, flattened): catches a route hidden from the docs. */
function fastifyRoutes(): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const prefixes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes[depth] = path;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      found.push({ method, path });
  }
  return found;
}
const shape = (path: string) => path.replace(/\{[^}]+\}/g, ':').replace(/:[^/]+/g, ':');

// ---------------------------------------------------------------------------------------------
// Inputs

const isNullable = (s: JsonSchema) =>
  s.nullable === true ||
  (Array.isArray(s.type) && s.type.includes('null')) ||
  [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((x) => resolve(x).type === 'null');
/** The non-null type of a schema: 'string', 'integer', 'object'… */
function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((x) => x !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum) return typeof s.enum[0];
  const alternative = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve).find((x) => x.type !== 'null');
  return alternative ? typeOf(alternative) : undefined;
}
/** The schema of an object or array value, looking through `anyOf: [x, null]`. */
function concrete(s: JsonSchema): JsonSchema {
  const alternative = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve).find((x) => x.type !== 'null');
  return alternative && !s.type && !s.properties ? alternative : s;
}

/** A plausible valid value; objects get their required fields only, so one changed field is what is wrong. */
function validValue(schema: JsonSchema): unknown {
  const s = concrete(resolve(schema));
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items ?? {}));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((name) => [name, validValue(s.properties?.[name] ?? {})]));
    default:
      return null;
  }
}

const LONG = 'x'.repeat(10_000);
const tooLong = (s: JsonSchema): Array<[string, string]> =>
  s.maxLength !== undefined && s.maxLength >= LONG.length
    ? [[`${s.maxLength + 1} characters`, 'x'.repeat(s.maxLength + 1)]]
    : [['10 000 characters', LONG]];
/** Values of the wrong type (or size) for a field of this schema. */
function wrongValues(schema: JsonSchema): Array<[label: string, value: unknown]> {
  const s = concrete(resolve(schema));
  const type = typeOf(s);
  const values: Array<[string, unknown]> = [];
  if (!isNullable(resolve(schema))) values.push(['null', null]);
  if (type !== 'object') values.push(['a nested object', { nested: { deeper: 1 } }]);
  switch (type) {
    case 'string':
      // Over the field's limit: 10 000 characters, or one more than a limit beyond that (rich text).
      values.push(['a number', 12345], ...tooLong(s), ['text with a NUL character', 'a\u0000b']);
      break;
    case 'integer':
    case 'number':
      values.push(['a string', 'abc'], ['a numeric string', '1'], ['a huge number', 1e20]);
      if (type === 'integer') values.push(['a fraction', 1.5]);
      break;
    case 'boolean':
      values.push(['a string', 'yes'], ['a number', 1]);
      break;
    case 'array':
      values.push(['a string', 'abc']);
      break;
    case 'object':
      values.push(['a string', 'abc'], ['a number', 42], ['an array', []]);
      break;
    default:
      // A field of no known type accepts anything: only null and the nested object above are tried.
      break;
  }
  return values;
}

/** Every field of a body schema, nested fields and array items included, as paths. */
function fieldPaths(schema: JsonSchema, path: string[] = [], depth = 0): Array<{ path: string[]; schema: JsonSchema }> {
  const s = concrete(resolve(schema));
  if (depth > 4) return [];
  const type = typeOf(s);
  if (type === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([name, field]) => [
      { path: [...path, name], schema: field },
      ...fieldPaths(field, [...path, name], depth + 1),
    ]);
  }
  if (type === 'array' && s.items) {
    const items = s.items;
    return [{ path: [...path, '0'], schema: items }, ...fieldPaths(items, [...path, '0'], depth + 1)];
  }
  return [];
}

/** A copy of `base` with the field at `path` set to `value`, creating valid parents on the way. */
function withField(base: unknown, rootSchema: JsonSchema, path: string[], value: unknown): unknown {
  const root = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  let schema = concrete(resolve(rootSchema));
  path.forEach((key, i) => {
    const child = concrete(resolve(typeOf(schema) === 'array' ? schema.items : schema.properties?.[key]));
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    if (node[key] === null || typeof node[key] !== 'object') {
      const made = validValue(child);
      node[key] =
        typeOf(child) === 'array' && Array.isArray(made) && made.length === 0 ? [validValue(child.items ?? {})] : made;
    }
    node = node[key] as Record<string, unknown>;
    schema = child;
  });
  return root;
}

// With issue 12 B1's forms a lax number parser would read as 16, 1 or 1000, and ids just past PostgreSQL's integer.
const BAD_PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  'x'.repeat(300),
  '%00',
  '..%2F..',
  '%zz',
  '0x10',
  '1.0',
  '+1',
  '%201',
  '1e3',
  '2147483648',
  '9999999999',
];

/** A value the path parameter accepts, so that only the one replaced parameter is wrong. */
function validParam(p: Parameter): string {
  const s = resolve(p.schema);
  if (s.enum) return String(s.enum[0]);
  // Ids are digit strings in the document (issue 12 B1): '1' is a valid one.
  return typeOf(s) === 'integer' || typeOf(s) === 'number' || s.pattern === '^[0-9]+$' ? '1' : 'x';
}

/** Query values that break the parameter's schema. */
function badQueryValues(p: Parameter): string[] {
  const s = resolve(p.schema);
  const values = ['%00', encodeURIComponent('x'.repeat(300))];
  if (typeOf(s) === 'integer' || typeOf(s) === 'number')
    values.push('abc', '-1', '0', '1.5', '99999999999999999999', '');
  else if ((s.minLength ?? 0) > 0) values.push('');
  if (s.enum) values.push('abc');
  return values;
}

function url(route: Route, params: Record<string, string>, query = '') {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name]!) + (query ? `?${query}` : '');
}

// ---------------------------------------------------------------------------------------------
// Checks

interface Case {
  what: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
  /** Whether the answer must be a 4xx (false: only 2xx-or-4xx, e.g. a public route without inputs). */
  clientError: boolean;
}

const modificationTime = async () =>
  String(
    (
      await t.pool.query('select modification_time from data_info where id = 1')
    ).rows[0]?.modification_time?.toISOString(),
  );

const STACK_TRACE = [/\n\s+at /, /\bat .+:\d+:\d+/, /\.[cm]?[jt]sx?:\d+/, /node_modules/];

let casesRun = 0;

/** Sends one bad request; returns what is wrong with the answer, naming route, method and input. */
async function check(route: Route, c: Case, admin: boolean): Promise<string[]> {
  casesRun++;
  const auditBefore = route.method === 'GET' ? 0 : await t.count('audit_log');
  const headers: Record<string, string> = { ...(admin ? await t.as('admin') : {}), ...c.headers };
  if (c.payload !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({ method: route.method, url: c.url, payload: c.payload, headers });
  const name = `${route.method} ${c.url.length > 120 ? `${c.url.slice(0, 117)}...` : c.url} [${c.what}${admin ? '' : ', no admin token'}]`;
  const failures: string[] = [];
  const status = res.statusCode;
  if (status >= 500) failures.push(`${name}: answered ${status}: ${res.body.slice(0, 300)}`);
  else if (c.clientError && (status < 400 || status >= 500))
    failures.push(`${name}: answered ${status} instead of a 4xx: ${res.body.slice(0, 200)}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      failures.push(`${name}: ${status} without a JSON body: ${res.body.slice(0, 200)}`);
    }
    const { message, statusCode, code } = (body ?? {}) as { message?: unknown; statusCode?: unknown; code?: unknown };
    if (body !== undefined && (typeof message !== 'string' || message.trim() === ''))
      failures.push(`${name}: ${status} without a message: ${res.body.slice(0, 200)}`);
    // The API's own error shape (server/src/http/errors.ts): a sentence of the message catalog, translatable.
    else if (
      body !== undefined &&
      (statusCode !== status || typeof code !== 'string' || !Object.hasOwn(MESSAGE_CATALOG, code))
    ) {
      failures.push(`${name}: ${status} is not an error of the API's message catalog: ${res.body.slice(0, 200)}`);
    }
  }
  const trace = STACK_TRACE.find((pattern) => pattern.test(res.body));
  if (trace) failures.push(`${name}: the body looks like a stack trace (${trace}): ${res.body.slice(0, 300)}`);
  if (route.method !== 'GET') {
    const written = (await t.count('audit_log')) - auditBefore;
    if (written !== 0) failures.push(`${name}: answered ${status} and wrote ${written} audit entries`);
  }
  return failures;
}

/** Every bad request of one route. */
function casesOf(route: Route): Array<{ c: Case; admin: boolean }> {
  const base = Object.fromEntries(route.params.map((p) => [p.name, validParam(p)]));
  const baseBody = route.body ? JSON.stringify(validValue(route.body)) : undefined;
  const hasInput = route.params.length > 0 || route.query.length > 0 || route.body !== undefined;
  const cases: Array<{ c: Case; admin: boolean }> = [];
  const add = (c: Omit<Case, 'clientError'>, admin = true, clientError = true) =>
    cases.push({ c: { ...c, clientError }, admin });

  for (const p of route.params) {
    for (const bad of BAD_PATH_VALUES) {
      add({
        what: `path ${p.name}=${bad.length > 20 ? `<${bad.length} characters>` : bad}`,
        url: url(route, { ...base, [p.name]: bad }),
        payload: baseBody,
      });
    }
  }

  if (route.body) {
    const at = url(route, base);
    add({ what: 'body: invalid JSON text', url: at, payload: '{"name": "unterminated' });
    add({ what: 'body: a JSON array', url: at, payload: '[{"name":"x"}]' });
    add({ what: 'body: an empty object', url: at, payload: '{}' });
    add({ what: 'body: a JSON string', url: at, payload: '"text"' });
    add({ what: 'body: a JSON number', url: at, payload: '42' });
    add({
      what: 'body: unknown fields only',
      url: at,
      payload: JSON.stringify({ unknown_field: 1, another_unknown: 'x' }),
    });
    const body = validValue(route.body);
    for (const field of fieldPaths(route.body)) {
      for (const [label, value] of wrongValues(field.schema)) {
        add({
          what: `body field ${field.path.join('.')}: ${label}`,
          url: at,
          payload: JSON.stringify(withField(body, route.body, field.path, value)),
        });
      }
    }
  }

  if (route.query.length > 0) {
    const at = url(route, base);
    add({ what: 'query: unknown parameter', url: `${at}?unknown_parameter=1`, payload: baseBody });
    for (const p of route.query) {
      for (const bad of badQueryValues(p)) {
        add({
          what: `query ${p.name}=${bad.length > 20 ? `<${bad.length} characters>` : bad}`,
          url: `${at}?${p.name}=${bad}`,
          payload: baseBody,
        });
      }
      add({ what: `query ${p.name} given twice`, url: `${at}?${p.name}=1&${p.name}=2`, payload: baseBody });
    }
  }

  // No token, a token that is no JWT, and another scheme: answered before (or with) the bad input.
  const first = route.params[0];
  const badUrl = first
    ? url(route, { ...base, [first.name]: 'abc' })
    : url(route, base, route.query.length > 0 ? 'unknown_parameter=1' : '');
  const badBody = route.body ? '[]' : undefined;
  for (const [what, headers] of [
    ['no token', {}],
    ['a token that is not a JWT', { authorization: 'Bearer not.a.jwt' }],
    ['a Basic authorization', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ] as const) {
    add({ what, url: badUrl, payload: badBody, headers }, false, hasInput);
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The sweep

const before = { audit: 0, modification: '', rows: {} as Record<string, number> };
beforeAll(async () => {
  before.audit = await t.count('audit_log');
  before.modification = await modificationTime();
  before.rows = await countDataRows(t.db);
});

describe('the routes to sweep', () => {
  it('are every route of the app outside /idp and the API docs, and there are many', () => {
    // The document writes a parameter of a few words (kind, from, to, folder) out as one path per word.
    const documented = routes.map((r) => `${r.method} ${r.path}`);
    const undocumented = fastifyRoutes()
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !skipped(r.path))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => {
        const pattern = new RegExp(
          `^${shape(r)
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/:/g, '[^/]+')}$`,
        );
        return !documented.some((d) => pattern.test(d));
      });
    expect(undocumented, 'routes Fastify serves that the OpenAPI document (and so this sweep) misses').toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });
});

describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('answers every bad input with a 4xx JSON message, no stack trace, and writes nothing', async () => {
    const failures: string[] = [];
    for (const { c, admin } of casesOf(route)) failures.push(...(await check(route, c, admin)));
    // One line per bad answer, so a failure names route, method and input in full.
    expect(failures.join('\n')).toBe('');
  });
});

describe('after the whole sweep', () => {
  it('the data is unchanged: no audit entry, the same modification time and row counts', async () => {
    expect(casesRun).toBeGreaterThan(1000);
    console.info(`bad-input sweep: ${routes.length} routes, ${casesRun} requests`);
    expect(await t.count('audit_log')).toBe(before.audit);
    expect(await modificationTime()).toBe(before.modification);
    expect(await countDataRows(t.db)).toEqual(before.rows);
  });
});
