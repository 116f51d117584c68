/**
 * The API's OpenAPI 3.1 document as OpenAPI 3.0.3, for Swagger UI only. Swagger UI reads 3.1 through a
 * much slower resolver: our document took it 1.7 s to open and about a second per expanded operation,
 * where 3.0 takes a fraction of that (swagger-ui issue 10748). The few 3.1 forms the server writes have
 * exact 3.0 equivalents, except two that only narrow what a valid value is and are left out of the view:
 * `propertyNames` and `contentMediaType` (a binary string is then `format: binary`).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullSchema = (value: Json): boolean =>
  isObject(value) && value.type === 'null' && Object.keys(value).length === 1;

/** One JSON Schema (2020-12, as OpenAPI 3.1 writes it) as an OpenAPI 3.0 schema object, with its subschemas. */
export function schemaAs30(value: Json): Json {
  if (!isObject(value)) return value;
  const schema: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'properties' && isObject(inner)) {
      schema[key] = Object.fromEntries(Object.entries(inner).map(([name, property]) => [name, schemaAs30(property)]));
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(inner) && inner.some(isNullSchema)) {
      // A union with null is its other members, nullable; 3.0 ignores `nullable` beside a lone $ref.
      const rest = inner.filter((member) => !isNullSchema(member)).map(schemaAs30);
      schema.nullable = true;
      if (rest.length === 1) schema.allOf = rest;
      else if (rest.length > 1) schema[key] = rest;
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(inner)) {
      schema[key] = inner.map(schemaAs30);
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      schema[key] = schemaAs30(inner);
    } else if (key !== 'propertyNames' && key !== 'contentMediaType') {
      schema[key] = inner;
    }
  }
  if ('contentMediaType' in value && schema.type === 'string') schema.format = 'binary';
  if ('const' in schema) {
    schema.enum = [schema.const ?? null];
    delete schema.const;
  }
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const exclusive = schema[`exclusive${bound}`];
    if (typeof exclusive === 'number') {
      schema[bound.toLowerCase()] = exclusive;
      schema[`exclusive${bound}`] = true;
    }
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length < schema.type.length) schema.nullable = true;
    if (types.length === 1) schema.type = types[0] ?? null;
    else if (types.length === 0) delete schema.type;
  }
  if (schema.type === 'null') {
    delete schema.type;
    schema.nullable = true;
    schema.enum = [null];
  }
  return schema;
}

/** Every part of a document, with each schema in it (`schema`, and the map `components.schemas`) as 3.0. */
function partAs30(value: Json, key: string | null): Json {
  if (Array.isArray(value)) return value.map((item) => partAs30(item, null));
  if (!isObject(value)) return value;
  if (key === 'schema') return schemaAs30(value);
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [name, key === 'schemas' ? schemaAs30(inner) : partAs30(inner, name)]),
  );
}

/** The whole document as OpenAPI 3.0.3. */
export function asOpenApi30(document: object): object {
  const converted = partAs30(document as Json, null) as JsonObject;
  return { ...converted, openapi: '3.0.3' };
}
