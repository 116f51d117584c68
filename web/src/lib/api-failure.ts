/** A failed call reduced to what the error banner shows (SPEC section 8). */
export interface Failure {
  status: number;
  statusText: string;
  error: string;
  message: string;
}

/** Thrown by the API client; status 0 means the server was not reached (network error or time-out). */
export class ApiFailure extends Error implements Failure {
  readonly status: number;
  readonly statusText: string;
  readonly error: string;
  /** The parsed error body, for calls whose errors carry more than a message (e.g. failing rows). */
  readonly body: unknown;

  constructor({ status, statusText, error, message }: Failure, body?: unknown) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.statusText = statusText;
    this.error = error;
    this.body = body;
  }
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return value instanceof ApiFailure;
}

/** True for a request that was cancelled on purpose (a query that is no longer needed). */
export function isAbort(value: unknown): boolean {
  return value instanceof Error && value.name === 'AbortError';
}

function isFailure(value: unknown): value is Failure {
  if (typeof value !== 'object' || value === null) return false;
  const { status, statusText, error, message } = value as Record<string, unknown>;
  return (
    typeof status === 'number' &&
    typeof statusText === 'string' &&
    typeof error === 'string' &&
    typeof message === 'string'
  );
}

/** Reduces anything that was thrown to a Failure; errors that never reached a server get status 0. */
export function toFailure(reason: unknown): Failure {
  if (isFailure(reason)) {
    return { status: reason.status, statusText: reason.statusText, error: reason.error, message: reason.message };
  }
  if (reason instanceof Error) {
    return { status: 0, statusText: reason.name, error: reason.name, message: reason.message };
  }
  return { status: 0, statusText: 'Error', error: 'Error', message: String(reason) };
}
