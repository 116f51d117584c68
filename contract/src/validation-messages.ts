import { IMAGE_MAX_BYTES } from './images.js';
import { isMessageKey, MESSAGE_CATALOG, placeholdersOf, type MessageKey, type MessageParams } from './messages.js';

/** One failed check of a request, from zod's issue: its code, where, and the data zod gives with it. */
export interface ValidationIssue {
  /** zod's issue code (too_big, invalid_type…), or `nul_character` for the server's own text check. */
  code: string;
  path: readonly (string | number)[];
  /** A catalog key when the schema names one (`issueKey`), else zod's English text, which is not used. */
  message?: string;
  /** True when the value at `path` was not sent at all. */
  missing?: boolean;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  keys?: readonly string[];
  values?: readonly unknown[];
}

/** Parameters of a schema's message that are not in the issue: the image limit is checked on its base64 length. */
const FIXED_PARAMS: Partial<Record<MessageKey, MessageParams>> = {
  'zod.imageMaxMb': { mb: IMAGE_MAX_BYTES / 1024 / 1024 },
};

const bound = (value: number | bigint | undefined) => (typeof value === 'bigint' ? String(value) : (value ?? ''));

/** A problem as a catalog key and its parameters (an ApiMessage whose parameters are plain values). */
export interface IssueMessage {
  code: MessageKey;
  params: MessageParams;
}

const message = (code: MessageKey, params: MessageParams = {}): IssueMessage => ({ code, params });

/**
 * What is wrong with one value, as a catalog key with parameters taken from the issue's data: the key
 * the schema named (its `{min}`, `{max}` and `{what}` — the field — filled from the issue), or else one
 * for zod's own check by its issue code.
 */
export function issueMessage(issue: ValidationIssue): IssueMessage {
  if (isMessageKey(issue.message)) {
    const known: MessageParams = {
      min: bound(issue.minimum),
      max: bound(issue.maximum),
      what: String(issue.path.at(-1) ?? ''),
      ...FIXED_PARAMS[issue.message],
    };
    const names = placeholdersOf(MESSAGE_CATALOG[issue.message].en);
    return message(issue.message, Object.fromEntries(names.map((name) => [name, known[name] ?? ''])));
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.missing) return message('zodIssue.required');
      if (issue.expected === 'int') return message('zod.wholeNumber');
      if (issue.expected === 'number') return message('zod.number');
      if (issue.expected === 'string') return message('zod.text');
      return message('zodIssue.type', { expected: issue.expected ?? '?' });
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string') return message('zodIssue.minChars', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return message('zodIssue.minItems', { min });
      return message(issue.inclusive === false ? 'zodIssue.greater' : 'zodIssue.min', { min });
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return message('zod.maxChars', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return message('zodIssue.maxItems', { max });
      return message(issue.inclusive === false ? 'zodIssue.less' : 'zodIssue.max', { max });
    }
    case 'invalid_format':
      return message('zodIssue.format');
    case 'unrecognized_keys':
      return message('zodIssue.unknownKeys', { keys: (issue.keys ?? []).map((k) => `'${k}'`).join(', ') });
    case 'invalid_value':
      return message('zodIssue.option', { values: (issue.values ?? []).map((v) => JSON.stringify(v)).join(', ') });
    case 'nul_character':
      return message('zodIssue.nulCharacter');
  }
  return message('zodIssue.invalid');
}
