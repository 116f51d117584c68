import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;
type Json = Record<string, unknown>;

/** Routes that take the shared TRANSFER_TOKEN (work → live/demo) instead of a user's token. */
const TRANSFER_TOKEN_ROUTES = new Set(['/api/db/import', '/api/db/status']);

/** Non-JSON bodies of some operations, as they really travel (issue 12 B10: the document says what is sent). */
const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };
const RESPONSE_CONTENT: Record<string, Record<string, Json>> = {
  'get /api/images/{folder}/{file}': { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } },
  'get /api/backups/{name}/file': { 'application/gzip': { schema: BINARY } },
  'get /api/dumps/jobs/{id}/file': {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: BINARY },
    'application/pdf': { schema: BINARY },
    'text/html': { schema: { type: 'string' } },
  },
};

/** `getByKindVersionsById` from `GET /api/{kind}/versions/{id}`: readable, and unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment);
      const word = param ? `by ${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join('');
    });
  return method.toLowerCase() + (words.join('') || 'Root');
}

/**
 * Per route: an operationId, and the security it really has — none for the public routes (no sign-in
 * hook: health, config, images), the transfer token for the import and status calls, a user's bearer
 * token for every other.
 */
export const openApiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Json;
  const method = (Array.isArray(input.route.method) ? input.route.method[0] : input.route.method) ?? 'get';
  schema.operationId ??= operationIdOf(method, input.url);
  // A route that signs in has requireRole's `checkRole` among its onRequest hooks (openapi.test.ts lists the public ones).
  const signsIn = [input.route.onRequest]
    .flat()
    .some((hook) => typeof hook === 'function' && hook.name === 'checkRole');
  if (TRANSFER_TOKEN_ROUTES.has(input.url)) schema.security ??= [{ transferToken: [] }];
  else schema.security ??= signsIn ? [{ bearer: [] }] : [];
  return result;
};

/** Every `$ref` to a component schema reachable from `value`. */
function collectRefs(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
        found.add(v.slice('#/components/schemas/'.length));
      else collectRefs(v, found);
    }
  }
}

/**
 * The whole document, finished: the binary content types of the downloads, no "Default Response"
 * placeholder text, and only the component schemas something refers to.
 */
export const openApiTransformObject: TransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as unknown as Json & {
    paths?: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, unknown> };
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      // The upload takes the picture as JSON with base64 (SPEC 7) or as a form with one file (the editor).
      if (method === 'post' && path === '/api/upload') {
        const body = (operation.requestBody ?? { content: {} }) as { content: Record<string, Json> };
        body.content['multipart/form-data'] = {
          schema: {
            type: 'object',
            properties: {
              image: { type: 'string', contentMediaType: 'image/*', description: 'A JPEG, PNG, WebP or GIF picture' },
            },
            required: ['image'],
          },
        };
        operation.requestBody = body;
      }
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response')
          response.description = status.startsWith('2')
            ? 'Success'
            : 'Error (an ApiError with the message in the language asked for)';
        const content = RESPONSE_CONTENT[`${method} ${path}`];
        if (content && status === '200') response.content = content;
      }
      const error = (description: string) => ({
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
      // Every /api route but the images is under the rate limit (rate-limit.ts).
      if (!path.startsWith('/api/images/')) responses['429'] ??= error('Too many requests (see Retry-After)');
      // Any body may be too large, of another content type, or not UTF-8 (body-encoding.ts).
      if (operation.requestBody) {
        responses['400'] ??= error('Invalid request');
        responses['413'] ??= error('The body is too large');
        responses['415'] ??= error('Another content type or charset than this operation takes');
      }
    }
  }
  const schemas = doc.components?.schemas;
  if (schemas) {
    // Unused schemas go; schemas used by used schemas stay (repeat until nothing more is found).
    const used = new Set<string>();
    collectRefs(doc.paths, used);
    let size = -1;
    while (used.size !== size) {
      size = used.size;
      for (const name of [...used]) collectRefs(schemas[name], used);
    }
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return doc;
};
