import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** The issue keyword of a text with U+0000; the contract's issueMessage names it `zodIssue.nulCharacter`. */
export const NUL_CHARACTER = 'nul_character';

/** Whether any string or object key in `value` contains U+0000; allocates nothing, as almost every request has none. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The paths of the strings (and object keys) in `value` that contain U+0000. One path array, copied only on a hit. */
function nulPaths(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push([...path]);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      path.push(String(i));
      nulPaths(v, path, found);
      path.pop();
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      path.push(key);
      if (key.includes('\u0000')) found.push([...path]);
      nulPaths(v, path, found);
      path.pop();
    }
  }
  return found;
}

/**
 * zod's validator, and then one rule for every text of every request: PostgreSQL stores no U+0000 in
 * text or jsonb, so such a value is refused here as a 400 naming the field, not as a 500 from the database.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const result = validate(data) as { error?: unknown; value?: unknown };
    if (result.error) return result as ReturnType<typeof validate>;
    if (!hasNul(result.value)) return result as ReturnType<typeof validate>;
    const paths = nulPaths(result.value);
    return {
      error: paths.map((path) => ({
        keyword: NUL_CHARACTER,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${NUL_CHARACTER}`,
        message: 'zodIssue.nulCharacter',
        params: { path },
      })),
    };
  };
};
