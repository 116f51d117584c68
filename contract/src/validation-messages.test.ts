import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NAME_MAX, itemInput } from './base-data.js';
import { MATRIX_MAX_ROWS, matrixRequest } from './evaluation.js';
import { imageUpload } from './images.js';
import { renderMessage } from './messages.js';
import { issueMessage } from './validation-messages.js';

/** The problems of `value` under `schema`, as the server would name them. */
function problems(schema: z.ZodType, value: unknown, missing = false) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues.map((issue) => issueMessage({ ...issue, path: issue.path.map(String), missing }));
}

describe('zod issues as catalog keys with parameters', () => {
  it("takes a schema's own key and fills its parameters from the issue's data", () => {
    expect(problems(itemInput, { name: '' })).toEqual([{ code: 'zod.notEmpty', params: {} }]);
    expect(problems(itemInput, { name: 'x'.repeat(NAME_MAX + 1) })).toEqual([
      { code: 'zod.maxChars', params: { max: NAME_MAX } },
    ]);
    const rows = Array.from({ length: MATRIX_MAX_ROWS + 1 }, (_, i) => i + 1);
    expect(problems(matrixRequest, { rowKind: 'systems', rows: [], columnKind: 'systems', columns: [1] })).toEqual([
      { code: 'zod.chooseVersions', params: { what: 'rows' } },
    ]);
    expect(problems(matrixRequest, { rowKind: 'systems', rows, columnKind: 'systems', columns: [1] })).toEqual([
      { code: 'zod.maxVersions', params: { what: 'rows', max: MATRIX_MAX_ROWS } },
    ]);
  });

  it('adds the parameters a message needs that the issue does not carry', () => {
    const base64 = 'A'.repeat(15 * 1024 * 1024);
    expect(problems(imageUpload, { folder: 'systems', filename: 'a.jpg', base64 })).toEqual([
      { code: 'zod.imageMaxMb', params: { mb: 10 } },
    ]);
  });

  it("names zod's own checks by issue code, whatever zod's English text says", () => {
    expect(problems(itemInput, { name: 'ok', extra: 1 })).toEqual([
      { code: 'zodIssue.unknownKeys', params: { keys: "'extra'" } },
    ]);
    expect(problems(matrixRequest, { rowKind: 'trains', rows: [1], columnKind: 'systems', columns: [1] })).toEqual([
      { code: 'zodIssue.option', params: { values: '"systems", "assemblies", "subassemblies"' } },
    ]);
    expect(issueMessage({ code: 'invalid_type', path: ['x'], expected: 'boolean', message: 'anything' })).toEqual({
      code: 'zodIssue.type',
      params: { expected: 'boolean' },
    });
    expect(issueMessage({ code: 'invalid_type', path: ['x'], expected: 'boolean', missing: true })).toEqual({
      code: 'zodIssue.required',
      params: {},
    });
    expect(issueMessage({ code: 'too_small', path: ['n'], origin: 'number', minimum: 0, inclusive: false })).toEqual({
      code: 'zodIssue.greater',
      params: { min: 0 },
    });
  });

  it('renders the same sentence in every language from key and parameters', () => {
    const [problem] = problems(itemInput, { name: 'x'.repeat(NAME_MAX + 1) });
    expect(renderMessage(problem!.code, problem!.params, 'de')).toBe('darf höchstens 200 Zeichen lang sein');
    expect(renderMessage(problem!.code, problem!.params, 'fr')).toBe('doit comporter au plus 200 caractères');
  });
});
