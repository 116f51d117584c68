import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import {
  matchContractMessage,
  messageLanguageOf,
  renderMessage,
  type MessageKey,
  type MessageLanguage,
} from '@dp/contract';
import type { ItemKind } from '../modules/kinds.js';
import { NUL_CHARACTER } from './validation.js';

/** A parameter of a message: a value, another message (rendered in the same language) or a list of them. */
export type MessageParam = string | number | Message | readonly MessageParam[];

/**
 * A sentence of the catalog (contract/src/messages.ts) with its parameters, rendered in the language of
 * the request only when the answer is sent. As JSON or text it is the English sentence.
 */
export class Message {
  constructor(
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, MessageParam>> = {},
  ) {}

  render(language: MessageLanguage = 'en'): string {
    const rendered: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(this.params)) rendered[name] = renderParam(value, language);
    return renderMessage(this.key, rendered, language);
  }

  toString() {
    return this.render('en');
  }

  toJSON() {
    return this.render('en');
  }
}

function renderParam(value: MessageParam, language: MessageLanguage): string | number {
  if (value instanceof Message) return value.render(language);
  if (Array.isArray(value)) return value.map((v: MessageParam) => renderParam(v, language)).join('; ');
  return value as string | number;
}

export const msg = (key: MessageKey, params?: Readonly<Record<string, MessageParam>>) => new Message(key, params);

/** 'System' / 'Baugruppe' / 'Sous-assemblage'… */
export const kindName = (kind: ItemKind) => msg(`kind.${kind}`);
/** 'System version' / 'Baugruppenversion' / 'Version de sous-assemblage'… */
export const kindVersionName = (kind: ItemKind) => msg(`kindVersion.${kind}`);
/** 'System 12', 'Assembly version 7', 'Reference 3': what a not-found message names. */
export const numbered = (what: Message, id: number | string) => msg('thing.numbered', { what, id });
/** Picks `<key>.one` or `<key>.other` by `count`, which is also passed on as a parameter. */
export const plural = (
  key: 'item.hasVersions' | 'version.inUse' | 'reference.inUse' | 'obligation.inUse',
  count: number,
  params: Record<string, MessageParam> = {},
) => msg(`${key}.${count === 1 ? 'one' : 'other'}`, { ...params, count });

/** An error whose message is meant for the user; anything else that is thrown becomes a hidden 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** What the user is told, in their language; `.message` is its English text (for logs). */
    readonly text: Message,
    /** Extra fields for the body, e.g. the current state of a row on 412; messages in it are translated too. */
    readonly details?: Record<string, unknown>,
  ) {
    super(text.render('en'));
  }

  get code(): MessageKey {
    return this.text.key;
  }
}

/** 404 naming what was looked for, e.g. `notFound(numbered(kindName('system'), 12))`. */
export const notFound = (what: Message) => new HttpError(404, msg('errors.notFound', { what }));
export const badRequest = (text: Message) => new HttpError(400, text);

/** Renders every Message inside plain objects and arrays (e.g. the failing rows of a batch). */
function localize(value: unknown, language: MessageLanguage): unknown {
  if (value instanceof Message) return value.render(language);
  if (Array.isArray(value)) return value.map((v) => localize(v, language));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, language)]));
  }
  return value;
}

/** Sends `{statusCode, error, message, code, ...details}`, the message in the language the request accepts. */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: Message,
  details?: Record<string, unknown>,
) {
  const language = messageLanguageOf(reply.request.headers['accept-language']);
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .header('Content-Language', language)
    .send({
      statusCode,
      error: STATUS_CODES[statusCode] ?? 'Error',
      message: message.render(language),
      code: message.key,
      ...(localize(details, language) as object | undefined),
    });
}

const partKeys: Record<string, MessageKey> = {
  body: 'validation.part.body',
  querystring: 'validation.part.querystring',
  params: 'validation.part.params',
  headers: 'validation.part.headers',
};

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: {
    path?: PropertyKey[];
    expected?: string;
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    inclusive?: boolean;
    keys?: string[];
    values?: unknown[];
  };
}

/**
 * What is wrong with one value: a fixed message of the contract (found again by its English text), one
 * of zod's own checks by its issue code, or else zod's English text.
 */
function describeProblem(issue: ValidationIssue): Message | string {
  const text = issue.message ?? '';
  const known = matchContractMessage(text);
  if (known) return msg(known.key, known.params);
  const p = issue.params ?? {};
  const bound = (value: number | bigint | undefined) => String(value ?? '');
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(text)) return msg('zodIssue.required');
      if (p.expected === 'int') return msg('zod.wholeNumber');
      if (p.expected === 'number') return msg('zod.number');
      if (p.expected === 'string') return msg('zod.text');
      return msg('zodIssue.type', { expected: p.expected ?? '?' });
    case 'too_small':
      if (p.origin === 'string') return msg('zodIssue.minChars', { min: bound(p.minimum) });
      if (p.origin === 'array' || p.origin === 'set') return msg('zodIssue.minItems', { min: bound(p.minimum) });
      return p.inclusive === false
        ? msg('zodIssue.greater', { min: bound(p.minimum) })
        : msg('zodIssue.min', { min: bound(p.minimum) });
    case 'too_big':
      if (p.origin === 'string') return msg('zod.maxChars', { max: bound(p.maximum) });
      if (p.origin === 'array' || p.origin === 'set') return msg('zodIssue.maxItems', { max: bound(p.maximum) });
      return p.inclusive === false
        ? msg('zodIssue.less', { max: bound(p.maximum) })
        : msg('zodIssue.max', { max: bound(p.maximum) });
    case 'invalid_format':
      return msg('zodIssue.format');
    case 'unrecognized_keys':
      return msg('zodIssue.unknownKeys', { keys: (p.keys ?? []).map((k) => `'${k}'`).join(', ') });
    case 'invalid_value':
      return msg('zodIssue.option', { values: (p.values ?? []).map((v) => JSON.stringify(v)).join(', ') });
    case 'invalid_union':
      return msg('zodIssue.invalid');
    case NUL_CHARACTER:
      return msg('zodIssue.nulCharacter');
  }
  return text || msg('zodIssue.invalid');
}

/** Turns zod issues into one sentence naming each field, e.g. "Path parameter 'id': must be a number." */
function describeValidation(error: FastifyError): Message {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const parts = issues.map((issue) => {
    const pathList = issue.params?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = pathList.map(String).join('.');
    const part: MessageParam = partKeys[context] ? msg(partKeys[context]) : context;
    const where = field ? msg('validation.field', { part, field }) : part;
    return msg('validation.issue', { where, problem: describeProblem(issue) });
  });
  return parts.length > 0 ? msg('errors.validation', { issues: parts }) : msg('errors.invalidRequest');
}

/** One place that decides what an error looks like on the wire: 4xx explain, 5xx hide their internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.text, error.details);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, 400, describeValidation(error));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, msg('errors.invalidJson'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, msg('errors.mediaType'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, msg('errors.bodyTooLarge'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, msg('errors.other', { text: error.message }));
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, msg('errors.internal'));
  });
}

/** Fastify's default for path parameters; a longer one is refused by the router before any route runs. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the router raises before a route is found (a malformed %-escape, an overlong path segment):
 * answered like every other error instead of Fastify's own English body that echoes the path.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(reply, 400, msg('errors.badUrl'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, 414, msg('errors.pathTooLong', { max: MAX_PARAM_LENGTH }));
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, msg('errors.internal'));
}
