import { describe, expect, it } from 'vitest';
import { asOpenApi30, schemaAs30 } from './as-openapi-30';

describe('the API document as OpenAPI 3.0 for Swagger UI', () => {
  it('writes nullability as `nullable`, a lone nullable reference inside allOf', () => {
    expect(schemaAs30({ type: ['string', 'null'], maxLength: 200 })).toEqual({
      type: 'string',
      maxLength: 200,
      nullable: true,
    });
    expect(schemaAs30({ anyOf: [{ $ref: '#/components/schemas/Version' }, { type: 'null' }] })).toEqual({
      allOf: [{ $ref: '#/components/schemas/Version' }],
      nullable: true,
    });
    expect(schemaAs30({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      nullable: true,
    });
    expect(schemaAs30({ type: 'null' })).toEqual({ nullable: true, enum: [null] });
    // Without a null member, a union stays as it is.
    expect(schemaAs30({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('turns const into a one-value enum and numeric exclusive bounds into 3.0 bounds', () => {
    expect(schemaAs30({ type: 'string', const: 'ok' })).toEqual({ type: 'string', enum: ['ok'] });
    expect(schemaAs30({ type: 'integer', exclusiveMinimum: 0, maximum: 10 })).toEqual({
      type: 'integer',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
    });
    expect(schemaAs30({ type: 'number', exclusiveMaximum: 1 })).toEqual({
      type: 'number',
      maximum: 1,
      exclusiveMaximum: true,
    });
  });

  it('leaves out what 3.0 cannot say, a binary string becoming format binary', () => {
    expect(schemaAs30({ type: 'string', contentMediaType: 'application/pdf' })).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(
      schemaAs30({ type: 'object', propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: { type: 'integer' } }),
    ).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it('converts subschemas at every depth, and a property named like a keyword stays a property', () => {
    expect(
      schemaAs30({
        type: 'object',
        properties: {
          const: { type: ['integer', 'null'] },
          type: { type: 'string' },
          list: { type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/Item' }, { type: 'null' }] } },
        },
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        const: { type: 'integer', nullable: true },
        type: { type: 'string' },
        list: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/Item' }], nullable: true } },
      },
      additionalProperties: false,
    });
  });

  it('converts the schemas of components, parameters and bodies, and nothing else', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'API', version: '1' },
      components: {
        schemas: { Name: { type: ['string', 'null'] } },
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      paths: {
        '/api/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'integer', exclusiveMinimum: 0 } }],
            responses: {
              '200': {
                description: 'A thing',
                content: { 'application/json': { schema: { type: 'object', properties: { at: { type: 'null' } } } } },
              },
            },
          },
        },
      },
    };
    const converted = asOpenApi30(document);
    expect(converted).toEqual({
      openapi: '3.0.3',
      info: { title: 'API', version: '1' },
      components: {
        schemas: { Name: { type: 'string', nullable: true } },
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      paths: {
        '/api/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }],
            responses: {
              '200': {
                description: 'A thing',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { at: { nullable: true, enum: [null] } } },
                  },
                },
              },
            },
          },
        },
      },
    });
    // The document the server sent is left as it was.
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.schemas.Name.type).toEqual(['string', 'null']);
  });
});
