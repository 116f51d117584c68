import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import {
  issueMessage,
  LIST_SEPARATOR,
  messageLanguageOf,
  renderMessage,
  type ApiMessage,
  type ApiMessageParam,
  type MessageKey,
  type MessageLanguage,
  type ValidationIssue,
} from '@dp/contract';
import type { ItemKind } from '../db/kinds.js';

/** A parameter of a message: a value, another message (rendered in the same language) or a list of them. */
export type MessageParam = string | number | Message | readonly MessageParam[];

/**
 * A sentence of the catalog (contract/src/messages.ts) with its parameters, rendered in the language of
 * the request only when the answer is sent, and sent beside that as key and parameters (`wire`) for the
 * web app to translate. As JSON or text it is the English sentence.
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

  /** The key and parameters as the API sends them (`code`, `params`), nested messages included. */
  wire(): ApiMessage {
    const params: Record<string, ApiMessageParam> = {};
    for (const [name, value] of Object.entries(this.params)) params[name] = wireParam(value);
    return { code: this.key, params };
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
  if (Array.isArray(value)) return value.map((v: MessageParam) => renderParam(v, language)).join(LIST_SEPARATOR);
  return value as string | number;
}

function wireParam(value: MessageParam): ApiMessageParam {
  if (value instanceof Message) return value.wire();
  if (Array.isArray(value)) return value.map((v: MessageParam) => wireParam(v));
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

/**
 * Renders every Message inside plain objects and arrays (e.g. the failing rows of a batch); an object's
 * `message` also gets its key and parameters beside it (`code`, `params`), like the error body itself.
 */
function localize(value: unknown, language: MessageLanguage): unknown {
  if (value instanceof Message) return value.render(language);
  if (Array.isArray(value)) return value.map((v) => localize(v, language));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).map(([k, v]) => [k, localize(v, language)]);
    const { message } = value as { message?: unknown };
    if (message instanceof Message) entries.push(...Object.entries(message.wire()));
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * Sends `{statusCode, error, message, code, params, ...details}`: the message in the language the request
 * accepts (API clients read it), and its key and parameters, which the web app translates itself.
 */
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
      ...message.wire(),
      ...(localize(details, language) as object | undefined),
    });
}

const partKeys: Record<string, MessageKey> = {
  body: 'validation.part.body',
  querystring: 'validation.part.querystring',
  params: 'validation.part.params',
  headers: 'validation.part.headers',
};

/** zod's issue as fastify-type-provider-zod passes it on: its code as `keyword`, its data in `params`. */
interface FastifyValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Omit<ValidationIssue, 'code' | 'path' | 'message' | 'missing'>;
}

/** The value at `path` inside the part of the request that failed, to tell a missing value from a wrong one. */
function valueAt(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const requestParts: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/**
 * Turns zod issues into one sentence naming each field, e.g. "Path parameter 'id': must be a number."; each
 * problem is a catalog key with parameters from the issue's data (contract: issueMessage).
 */
function describeValidation(error: FastifyError, request: FastifyRequest): Message {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as FastifyValidationIssue[];
  const parts = issues.map((issue) => {
    const path = issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.join('.');
    const part: MessageParam = partKeys[context] ? msg(partKeys[context]) : context;
    const where = field ? msg('validation.field', { part, field }) : part;
    const missing = valueAt(requestParts[context]?.(request), path) === undefined;
    const problem = issueMessage({ ...issue.params, code: issue.keyword ?? '', path, message: issue.message, missing });
    return msg('validation.issue', { where, problem: msg(problem.code, problem.params) });
  });
  return parts.length > 0 ? msg('errors.validation', { issues: parts }) : msg('errors.invalidRequest');
}

/** One place that decides what an error looks like on the wire: 4xx explain, 5xx hide their internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.text, error.details);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, 400, describeValidation(error, request));
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
