import { LIST_SEPARATOR, type ApiMessage, type ApiMessageParam, type MessageKey } from '@dp/contract';
import { API_NAMESPACE, i18n } from './i18n';

// The server's sentences have one home, the contract's message catalog (contract/src/messages.ts): the
// server renders them for API clients and its sign-in pages, and the web app loads the same catalog into
// i18next as the namespace `api` (lib/i18n.ts) to say an error's key and parameters in the UI language.

function isParam(value: unknown): value is ApiMessageParam {
  if (typeof value === 'string' || typeof value === 'number') return true;
  if (Array.isArray(value)) return value.every(isParam);
  return apiMessageOf(value) !== null;
}

/** A key of the catalog as loaded (until it is, the server's own message stands: it is in the user's language). */
function isKnownKey(code: unknown): code is MessageKey {
  // The typed namespaces of i18next are those of locales/ (see translateApiMessage).
  const exists = i18n.exists.bind(i18n) as (key: string, options: object) => boolean;
  return typeof code === 'string' && exists(code, { ns: API_NAMESPACE, keySeparator: false });
}

/**
 * The key and parameters an API answer carries (`code`, `params`), or null when it carries none or one
 * this web app does not know (an older build): then the server's own `message` is shown.
 */
export function apiMessageOf(body: unknown): ApiMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, params = {} } = body as { code?: unknown; params?: unknown };
  if (!isKnownKey(code) || typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  return Object.values(params).every(isParam) ? { code, params: params as ApiMessage['params'] } : null;
}

function translateParam(value: ApiMessageParam): string | number {
  if (Array.isArray(value)) return value.map((v: ApiMessageParam) => translateParam(v)).join(LIST_SEPARATOR);
  if (typeof value === 'object') return translateApiMessage(value as ApiMessage);
  return value;
}

/** Says an API message in the UI language through i18next; nested messages (e.g. a field's part) first. */
export function translateApiMessage({ code, params }: ApiMessage): string {
  const replace = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, translateParam(value)]));
  // The catalog's keys contain dots and its placeholders are `{name}`; `replace` keeps a parameter
  // named `count` from selecting plural forms the catalog does not have.
  // The typed keys and namespaces of i18next are those of locales/; the catalog's keys are checked by
  // apiMessageOf instead.
  const translate = i18n.t.bind(i18n) as (key: string, options: object) => string;
  return translate(code, {
    ns: API_NAMESPACE,
    keySeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    replace,
  });
}
