import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_CHARACTER, validatorCompiler } from './validation.js';

const body = z.object({
  rows: z.array(z.object({ to_id: z.number(), references: z.array(z.string()) })),
  labels: z.record(z.string(), z.string()).optional(),
});
const validate = validatorCompiler({ schema: body, method: 'PUT', url: '/x', httpPart: 'body' });
const pathsOf = (data: unknown) => {
  const result = validate(data) as { error?: Array<{ keyword: string; instancePath: string }>; value?: unknown };
  return result.error?.map((e) => `${e.keyword} ${e.instancePath}`);
};

describe('validatorCompiler: U+0000 in any text of a request (PostgreSQL stores none)', () => {
  it('passes a value without one, as zod parsed it', () => {
    const data = { rows: [{ to_id: 1, references: ['a', 'b'] }], labels: { de: 'Bremse' } };
    expect(validate(data)).toEqual({ value: data });
  });

  it('names a string deep in arrays and objects', () => {
    expect(
      pathsOf({
        rows: [
          { to_id: 1, references: ['a'] },
          { to_id: 2, references: ['b', 'c\u0000'] },
        ],
      }),
    ).toEqual([`${NUL_CHARACTER} /rows/1/references/1`]);
  });

  it('names an object key', () => {
    expect(pathsOf({ rows: [], labels: { 'd\u0000e': 'x' } })).toEqual([`${NUL_CHARACTER} /labels/d\u0000e`]);
  });

  it('names every hit', () => {
    expect(pathsOf({ rows: [{ to_id: 1, references: ['\u0000'] }], labels: { en: 'y\u0000' } })).toEqual([
      `${NUL_CHARACTER} /rows/0/references/0`,
      `${NUL_CHARACTER} /labels/en`,
    ]);
  });
});
