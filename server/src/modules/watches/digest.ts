import { escapeHtml } from '../../idp/views.js';
import { hasRole, PRODUCT_NAME, renderMessage, type MessageLanguage, type Role } from '@dp/contract';
import type { ItemKind } from '../../db/kinds.js';
import { signUnwatch } from './unwatch-link.js';
import type { NotificationRow } from './watches.queries.js';

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

type State = NotificationRow['before'];

/** The web app's compatibility browser of a version (SPEC 2: `data` is the version's label). */
export const browserUrl = (publicUrl: string, kind: ItemKind, label: string) =>
  `${publicUrl}/evaluate/${kind}-compatibility-browser?data=${encodeURIComponent(label)}`;

/**
 * One watcher's digest of their notifications, in their language and with their role's projection:
 * extern never reads an obligation text. Plain text and HTML say the same; both carry the unwatch link.
 */
export function composeDigest(
  rows: readonly NotificationRow[],
  user: { username: string; language: MessageLanguage; role: Role },
  options: { publicUrl: string; linkSecret: string; now?: number },
): DigestMail {
  const { language } = user;
  const t = (key: Parameters<typeof renderMessage>[0], params: Record<string, string | number> = {}) =>
    renderMessage(key, params, language);
  const stateText = (state: State) => {
    if (state === null) return '';
    const status = t(`mail.status.${state.status as 'allowed'}`);
    return hasRole(user.role, 'intern') && state.obligation !== '' ? `${status}: ${state.obligation}` : status;
  };
  const lineOf = (row: NotificationRow) => {
    const params = { partner: row.partner_label, before: stateText(row.before), after: stateText(row.after) };
    const line =
      row.before === null
        ? t('mail.added', params)
        : row.after === null
          ? t('mail.removed', params)
          : t('mail.changed', params);
    return row.references_changed ? `${line}; ${t('mail.referencesChanged')}` : line;
  };

  // Grouped by watched version, in the order they changed.
  const byVersion = new Map<number, { kind: ItemKind; label: string; lines: string[] }>();
  for (const row of rows) {
    const group = byVersion.get(row.version_id) ?? { kind: row.version_kind, label: row.version_label, lines: [] };
    group.lines.push(lineOf(row));
    byVersion.set(row.version_id, group);
  }
  const token = signUnwatch(
    options.linkSecret,
    { username: user.username, versionIds: [...byVersion.keys()], language },
    options.now,
  );
  const unwatchUrl = `${options.publicUrl}/unwatch?t=${token}`;

  const subject = t('mail.subject', { product: PRODUCT_NAME, count: rows.length });
  const text = [
    t('mail.intro'),
    '',
    ...[...byVersion.values()].flatMap((g) => [
      g.label,
      ...g.lines.map((l) => `  - ${l}`),
      `  ${t('mail.open', { url: browserUrl(options.publicUrl, g.kind, g.label) })}`,
      '',
    ]),
    '--',
    t('mail.unwatch', { url: unwatchUrl }),
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<p>${escapeHtml(t('mail.intro'))}</p>`,
    ...[...byVersion.values()].map((g) => {
      const url = browserUrl(options.publicUrl, g.kind, g.label);
      return `<h3><a href="${escapeHtml(url)}">${escapeHtml(g.label)}</a></h3><ul>${g.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
    }),
    `<hr><p>${escapeHtml(t('mail.unwatch', { url: '' }).replace(/:?\s*$/, ''))}: <a href="${escapeHtml(unwatchUrl)}">${escapeHtml(t('unwatch.button'))}</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject,
    text,
    html,
    // RFC 2369 and RFC 8058: a mail client's one-click unsubscribe POSTs to the same link.
    headers: { 'List-Unsubscribe': `<${unwatchUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
