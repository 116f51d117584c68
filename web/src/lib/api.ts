import { idOfHref, READ_AFTER_HEADER, WRITE_POSITION_HEADER } from '@dp/contract';
import { ApiFailure } from './api-failure';
import { apiMessageOf, translateApiMessage } from './api-message';
import { i18n } from './i18n';

/** Default time-out of every call (SPEC section 9); a call may pass its own `timeoutMs`. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** SPEC section 8's English text; the user sees `error.timeout` of the locale files in their language. */
export const TIMEOUT_MESSAGE = 'Timeout has occurred';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON unless it already is FormData, a Blob or a string. */
  body?: unknown;
  /** Appended to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  timeoutMs?: number;
}

type TokenSource = () => Promise<string | null>;
let tokenSource: TokenSource = async () => null;

/** Set by the auth layer: where the API client takes the current access token from. */
export function setAccessTokenSource(source: TokenSource) {
  tokenSource = source;
}

/** Answers calls of the own API while the device is offline (lib/offline); null when nothing is saved. */
export type OfflineReader = (method: string, url: string, body: unknown) => Promise<Response | null>;
let offlineReader: OfflineReader | null = null;

/** Set at start by the offline layer: without network, reads of the own API go to the saved data. */
export function setOfflineReader(reader: OfflineReader | null) {
  offlineReader = reader;
}

/**
 * True while the last call of the own API did not reach the server: a depot's Wi-Fi may be up
 * (navigator.onLine) with nothing behind it. The next answer of the server clears it.
 */
let unreachable = false;
const reachabilityListeners = new Set<() => void>();

function setUnreachable(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of reachabilityListeners) listener();
}

/** Whether the server can be reached as far as the app knows: the browser's network state and the last call. */
export function isServerReachable(): boolean {
  return navigator.onLine && !unreachable;
}

export function onReachabilityChange(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

/** A probe that waits longer than this for the server gives up; the next call that finds it unreachable asks again. */
const PROBE_TIMEOUT_MS = 10_000;
let probing = false;

/** Asks for the server's health, one probe at a time: any answer means it is reached again. */
function probeServer() {
  if (probing) return;
  probing = true;
  fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    .then(
      () => setUnreachable(false),
      () => undefined,
    )
    .finally(() => (probing = false));
}

/** The saved data's answer as the server's would be read; null when nothing is saved for offline use. */
async function answerOffline<T>(
  target: string,
  method: string,
  body: unknown,
  read: (response: Response) => Promise<T>,
): Promise<{ value: T } | null> {
  const response = offlineReader ? await offlineReader(method, target, body) : null;
  if (!response) return null;
  if (!response.ok) throw await failureOf(response);
  return { value: await read(response) };
}

const offlineFailure = () =>
  new ApiFailure({
    status: 0,
    statusText: 'Offline',
    error: 'Offline',
    message: i18n.t('offline.needsNetwork'),
  });

/** True only for this origin's own API, the one place an access token may be sent to. */
export function isOwnApiUrl(url: string): boolean {
  const target = new URL(url, window.location.href);
  return (
    target.origin === window.location.origin && (target.pathname === '/api' || target.pathname.startsWith('/api/'))
  );
}

/**
 * The Authorization header apiFetch would send with a call of `url` (own API only), for tools that
 * send requests themselves, such as the API documentation's "Try it out"; null for other URLs.
 */
export async function authorizationFor(url: string): Promise<string | null> {
  if (!isOwnApiUrl(url)) return null;
  const token = await tokenSource();
  return token ? `Bearer ${token}` : null;
}

function withQuery(url: string, query: ApiOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * Maps a non-2xx answer; the API sends `{statusCode, error, message, code, params}`, proxies may send text
 * or HTML. The message is said in the UI language from its key and parameters when the body has them.
 */
async function failureOf(response: Response): Promise<ApiFailure> {
  const body = await readBody(response).catch(() => undefined);
  const error = stringField(body, 'error') ?? (response.statusText || `HTTP ${response.status}`);
  const said = apiMessageOf(body);
  const message =
    (said && translateApiMessage(said)) ??
    stringField(body, 'message') ??
    (typeof body === 'string' && body.length < 500 && body.trim() !== '' ? body.trim() : error);
  // HTTP/2 answers have no reason phrase; the API's `error` field holds it.
  return new ApiFailure({ status: response.status, statusText: response.statusText || error, error, message }, body);
}

/**
 * Calls `url` and returns its parsed body. Own-API URLs carry the bearer token. Failures are thrown as
 * ApiFailure: the HTTP status, or 0 when the server was not reached ('Timeout has occurred' after
 * `timeoutMs`). A call cancelled through `signal` rethrows the AbortError untouched.
 */
export async function apiFetch<T = unknown>(url: string, options: ApiOptions = {}): Promise<T> {
  return send(url, options, async (response) => (await readBody(response)) as T);
}

/** A file the API answered with, and the name its Content-Disposition header gives (null if none). */
export interface Download {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header; the RFC 5987 `filename*` form wins over `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain form below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name === '' ? null : name;
}

/** Like apiFetch, but reads the answer as a file (a download that needs the bearer token). */
export function apiDownload(url: string, options: ApiOptions = {}): Promise<Download> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  return send(url, { ...options, headers }, async (response) => ({
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition')),
  }));
}

/** Like apiFetch, but `read` takes the answer itself: a long streamed answer read with progress, for instance. */
export function apiRead<T>(url: string, options: ApiOptions, read: (response: Response) => Promise<T>): Promise<T> {
  return send(url, options, read);
}

/**
 * How long reads ask for this tab's last save (READ_AFTER_HEADER): a replica replays a save within
 * milliseconds, and every read that asks costs the server a look at the replica's position.
 */
const READ_AFTER_WINDOW_MS = 60_000;

/** Where the primary's WAL stood after this tab's last save, and when. */
let lastWrite: { position: string; at: number } | null = null;

async function send<T>(url: string, options: ApiOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const { body, query, timeoutMs = DEFAULT_TIMEOUT_MS, signal, headers: given, ...init } = options;
  const target = withQuery(url, query);
  const readsOffline = offlineReader !== null && isOwnApiUrl(target);
  if (readsOffline && !navigator.onLine) {
    const answer = await answerOffline(target, init.method ?? 'GET', body, read);
    if (!answer) throw offlineFailure();
    return answer.value;
  }
  if (readsOffline && unreachable) {
    // The server was not reached a moment ago: what the saved data holds is answered at once, not after
    // another wait for a network that may hold the call until it times out; a probe notices the server's
    // return. Anything the data does not hold (writes too) still goes to the network.
    probeServer();
    const saved = await offlineReader?.(init.method ?? 'GET', target, body);
    if (saved?.ok) return read(saved);
  }
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // The API answers its error messages in this language (de, en or fr).
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', i18n.resolvedLanguage ?? i18n.language ?? 'en');
  if (isOwnApiUrl(target)) {
    const token = await tokenSource();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // With a read replica, reads after this user's last save wait for it or go to the primary, on any instance.
    if (lastWrite && Date.now() - lastWrite.at < READ_AFTER_WINDOW_MS)
      headers.set(READ_AFTER_HEADER, lastWrite.position);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  try {
    const response = await fetch(target, { ...init, headers, body: encodeBody(body, headers), signal: combined });
    if (readsOffline) setUnreachable(false);
    const position = response.headers.get(WRITE_POSITION_HEADER);
    if (position) lastWrite = { position, at: Date.now() };
    if (!response.ok) throw await failureOf(response);
    return await read(response);
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    if (timeout.signal.aborted) {
      throw new ApiFailure({
        status: 0,
        statusText: 'Timeout',
        error: 'Timeout',
        message: i18n.t('error.timeout', { defaultValue: TIMEOUT_MESSAGE }),
      });
    }
    if (signal?.aborted) throw error;
    if (readsOffline) {
      setUnreachable(true);
      const answer = await answerOffline(target, init.method ?? 'GET', body, read);
      if (answer) return answer.value;
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiFailure({ status: 0, statusText: 'Network Error', error: 'Network Error', message });
  } finally {
    clearTimeout(timer);
  }
}

/** Shorthands; GET and DELETE send their data as query parameters (SPEC section 7). */
export const api = {
  get: <T>(url: string, options?: ApiOptions) => apiFetch<T>(url, { ...options, method: 'GET' }),
  delete: <T = void>(url: string, options?: ApiOptions) => apiFetch<T>(url, { ...options, method: 'DELETE' }),
  post: <T>(url: string, body?: unknown, options?: ApiOptions) =>
    apiFetch<T>(url, { ...options, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, options?: ApiOptions) => apiFetch<T>(url, { ...options, method: 'PUT', body }),
};

/** The If-Match header for an entity's ETag (SPEC: no lost updates); none when there is no ETag. */
export function ifMatch(etag: string | undefined | null): HeadersInit | undefined {
  return etag ? { 'If-Match': etag } : undefined;
}

/** The id at the end of an href (contract's `idOfHref`) as text, for ids kept in URLs and query keys. */
export function idOf(href: string): string {
  return String(idOfHref(href));
}
