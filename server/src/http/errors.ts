import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';

/** An error whose message is meant for the user; anything else that is thrown becomes a hidden 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields for the body, e.g. the current state of a row on 412. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} was not found.`);
export const badRequest = (message: string) => new HttpError(400, message);

export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: Record<string, unknown>) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...details });
}

const partNames: Record<string, string> = { body: 'Body', querystring: 'Query parameter', params: 'Path parameter', headers: 'Header' };

/** Turns zod issues into one sentence naming each field, e.g. "Path parameter 'id': must be a number." */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as Array<{ instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }>;
  const parts = issues.map((issue) => {
    const pathList = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = pathList.map(String).join('.');
    const where = field ? `${partNames[context] ?? context} '${field}'` : (partNames[context] ?? context);
    return `${where}: ${issue.message ?? 'is invalid'}`;
  });
  return parts.length > 0 ? `${parts.join('; ')}.` : 'The request is invalid.';
}

/** One place that decides what an error looks like on the wire: 4xx explain, 5xx hide their internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.details);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, 400, describeValidation(error));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'This content type is not accepted here; send application/json.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, 'The request body is too large.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error({ err: error }, 'request failed');
    if (process.env.DP_DEBUG) console.error('DPDEBUG', error);
    return sendError(reply, 500, 'Something went wrong on the server. The error was logged; please try again later.');
  });
}
