import { ISSUE_VERSIONS, type CodeHostIssue } from '@dp/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { msg, type Message } from '../../http/errors.js';

/** SPEC 9: the code host's HTTP time-out, for all pages of both versions together. */
export const CODE_HOST_TIMEOUT_MS = 10_000;
/** SPEC 9: up to 100 issues per page. */
const PER_PAGE = 100;
/** More pages than this for one version is taken for a loop, not for a list. */
export const MAX_PAGES = 50;
/** A page larger than this is not a page of issues. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** How long fetched issues are shown before the code host is asked again. */
export const ISSUES_TTL_MS = 5 * 60_000;
/** How long a failure is remembered, so that a down code host does not slow every page. */
export const FAILURE_TTL_MS = 60_000;

/** The fields of a GitLab issue the page shows; anything else in it is ignored. */
const gitlabIssue = z.object({
  iid: z.number().int(),
  title: z.string(),
  state: z.string(),
  labels: z.array(z.union([z.string(), z.object({ name: z.string() }).transform((l) => l.name)])).default([]),
  web_url: z.string().nullish(),
});
const gitlabPage = z.array(gitlabIssue);

export type IssuesOutcome =
  | { ok: true; versions: { version: string; issues: CodeHostIssue[] }[]; fetchedAt: Date }
  | { ok: false; reason: Message; fetchedAt: Date | null };

class CodeHostFailure extends Error {
  constructor(
    /** What the log says: 'timeout', 'refused 401', … */
    readonly kind: string,
    readonly reason: Message,
  ) {
    super(kind);
  }
}

export interface CodeHostOptions {
  /** `GITLAB_API_URL`, ending in '/'; issues are at `{apiUrl}issues`. */
  apiUrl: string | undefined;
  token: string | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
}

/** The address as it may be logged: no user name or password, no query. */
function loggable(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** The body of `response` as text, refused beyond `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > max) throw new CodeHostFailure('answer too large', msg('releaseNotes.invalidAnswer'));
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new CodeHostFailure('answer too large', msg('releaseNotes.invalidAnswer'));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The next page's address from `X-Next-Page` or `Link: <…>; rel="next"`, or null on the last page. */
function nextPage(response: Response, current: URL, apiUrl: URL): URL | null {
  const nextNumber = response.headers.get('x-next-page')?.trim();
  if (nextNumber) {
    if (!/^\d+$/.test(nextNumber)) throw new CodeHostFailure('invalid X-Next-Page', msg('releaseNotes.invalidAnswer'));
    const next = new URL(current);
    next.searchParams.set('page', nextNumber);
    return next;
  }
  const link = response.headers.get('link');
  const target = link
    ?.split(',')
    .map((part) => /<([^>]*)>\s*;.*\brel="?next"?/.exec(part)?.[1])
    .find((href) => href !== undefined);
  if (!target) return null;
  const next = new URL(target, current);
  // The token goes with every page: never to another host or outside the configured API.
  if (next.origin !== apiUrl.origin || !next.pathname.startsWith(apiUrl.pathname)) {
    throw new CodeHostFailure('next page on another host', msg('releaseNotes.invalidAnswer'));
  }
  return next;
}

const issueUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * The code host's issues of the versions the internal release notes list (SPEC 7 'Release notes'),
 * fetched by the server with the token in a header, every page followed, cached for a few minutes.
 * One instance per app: each server process asks the code host itself; nothing is shared.
 */
export class CodeHostIssues {
  private readonly apiUrl: URL | null;
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private cached: { outcome: IssuesOutcome; expires: number } | null = null;
  private inFlight: Promise<IssuesOutcome> | null = null;
  /** What was last logged, so that an outage is logged once and not per page view. */
  private lastLogged: string | null = null;

  constructor(private readonly options: CodeHostOptions) {
    this.apiUrl = options.apiUrl && options.token ? new URL(options.apiUrl) : null;
    this.timeoutMs = options.timeoutMs ?? CODE_HOST_TIMEOUT_MS;
    this.ttlMs = options.ttlMs ?? ISSUES_TTL_MS;
    this.failureTtlMs = options.failureTtlMs ?? FAILURE_TTL_MS;
  }

  /**
   * The issues: from the cache while fresh; otherwise fetched (a stale answer is given at once while a
   * new one is fetched). With `mode: 'cached'` it never waits: null means nothing is known yet, and
   * a fetch has been started for the next request.
   */
  async get(mode: 'cached' | 'fetch' = 'fetch'): Promise<IssuesOutcome | null> {
    if (!this.apiUrl) return { ok: false, reason: msg('releaseNotes.notConfigured'), fetchedAt: null };
    const cached = this.cached;
    if (cached && cached.expires > Date.now()) return cached.outcome;
    const refresh = this.refresh();
    if (cached) return cached.outcome; // stale, while the refresh runs
    if (mode === 'cached') return null;
    return refresh;
  }

  /** One fetch at a time: requests that arrive meanwhile wait for the same one. */
  private refresh(): Promise<IssuesOutcome> {
    this.inFlight ??= this.fetchAll()
      .then((outcome) => {
        this.cached = { outcome, expires: Date.now() + (outcome.ok ? this.ttlMs : this.failureTtlMs) };
        return outcome;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async fetchAll(): Promise<IssuesOutcome> {
    const apiUrl = this.apiUrl;
    if (!apiUrl) return { ok: false, reason: msg('releaseNotes.notConfigured'), fetchedAt: null };
    const timeout = AbortSignal.timeout(this.timeoutMs);
    // When one version fails, the other's requests are not needed any more.
    const stop = new AbortController();
    const signal = AbortSignal.any([timeout, stop.signal]);
    try {
      const versions = await Promise.all(
        ISSUE_VERSIONS.map(async (version) => ({ version, issues: await this.fetchVersion(apiUrl, version, signal) })),
      ).catch((error: unknown) => {
        stop.abort();
        throw error;
      });
      if (this.lastLogged !== null)
        this.options.log.info({ codeHost: loggable(apiUrl.href) }, 'code host issues are available again');
      this.lastLogged = null;
      return { ok: true, versions, fetchedAt: new Date() };
    } catch (error) {
      const failure = this.failureOf(error, timeout);
      if (this.lastLogged !== failure.kind) {
        // Why, once per outage; the address without credentials, never the token.
        this.options.log.warn(
          { codeHost: loggable(apiUrl.href), reason: failure.kind },
          `code host issues unavailable: ${failure.kind}`,
        );
        this.lastLogged = failure.kind;
      }
      return { ok: false, reason: failure.reason, fetchedAt: null };
    }
  }

  private failureOf(error: unknown, signal: AbortSignal): CodeHostFailure {
    if (error instanceof CodeHostFailure) return error;
    if (signal.aborted)
      return new CodeHostFailure(
        `no answer within ${this.timeoutMs / 1000} s`,
        msg('releaseNotes.timeout', { seconds: Math.round(this.timeoutMs / 1000) }),
      );
    const cause =
      error instanceof Error && error.cause instanceof Error
        ? `${error.cause.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    return new CodeHostFailure(
      `unreachable (${cause.replaceAll(this.options.token ?? '\u0000', '***')})`,
      msg('releaseNotes.unreachable'),
    );
  }

  private async fetchVersion(apiUrl: URL, version: string, signal: AbortSignal): Promise<CodeHostIssue[]> {
    let url: URL | null = new URL('issues', apiUrl);
    url.searchParams.set('labels', `v.${version}`);
    url.searchParams.set('per_page', String(PER_PAGE));
    const byIid = new Map<number, CodeHostIssue>();
    for (let page = 1; url; page++) {
      if (page > MAX_PAGES)
        throw new CodeHostFailure(`more than ${MAX_PAGES} pages`, msg('releaseNotes.tooManyPages', { max: MAX_PAGES }));
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json' },
        // A redirect could take the token elsewhere; GITLAB_API_URL must be the final address.
        redirect: 'manual',
        signal,
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new CodeHostFailure(
          `token refused (HTTP ${response.status})`,
          msg('releaseNotes.refused', { status: response.status }),
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CodeHostFailure(`HTTP ${response.status}`, msg('releaseNotes.failed', { status: response.status }));
      }
      const text = await readCapped(response, MAX_PAGE_BYTES);
      let parsed;
      try {
        parsed = gitlabPage.safeParse(JSON.parse(text));
      } catch {
        throw new CodeHostFailure('answer is not JSON', msg('releaseNotes.invalidAnswer'));
      }
      if (!parsed.success)
        throw new CodeHostFailure('answer is not a list of issues', msg('releaseNotes.invalidAnswer'));
      for (const issue of parsed.data) {
        byIid.set(issue.iid, {
          iid: issue.iid,
          title: issue.title,
          state: issue.state,
          labels: issue.labels,
          web_url: issueUrl(issue.web_url),
        });
      }
      url = nextPage(response, url, apiUrl);
    }
    return [...byIid.values()].sort((a, b) => b.iid - a.iid);
  }
}
