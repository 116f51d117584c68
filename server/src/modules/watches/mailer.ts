import { MESSAGE_LANGUAGES, roles, type Role } from '@dp/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { composeDigest } from './digest.js';
import * as queries from './watches.queries.js';

export type MailConfig = NonNullable<AppConfig['mail']>;

export interface MailerDeps {
  db: Db;
  mail: MailConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Errors of the connection rather than of one mail: the others would fail the same way now. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EAUTH', 'ETLS']);

/**
 * Turns the watchers' unmailed notifications into digests in the outbox, in one transaction: at most one
 * digest per watcher per `digestMinutes`, each holding whole change sets. Returns how many were queued.
 */
export async function composeDigests(deps: Pick<MailerDeps, 'db' | 'mail' | 'publicUrl'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    if (!(await queries.tryDigestLock(tx))) return 0;
    await queries.skipUnaddressed(tx);
    let queued = 0;
    for (const user of await queries.dueDigestUsers(tx, deps.mail.digestMinutes)) {
      const rows = await queries.unmailedNotifications(tx, user.username);
      if (rows.length === 0) continue;
      const language = MESSAGE_LANGUAGES.find((l) => l === user.language) ?? 'en';
      const role: Role = roles.find((r) => r === user.role) ?? 'extern';
      const mail = composeDigest(
        rows,
        { username: user.username, language, role },
        { publicUrl: deps.publicUrl, linkSecret: deps.mail.linkSecret },
      );
      await queries.queueMail(tx, { recipient: user.email, ...mail });
      await queries.markMailed(
        tx,
        user.username,
        rows.map((r) => r.id),
      );
      queued++;
    }
    return queued;
  });
}

/**
 * Sends the mails that are due, one transaction each, holding the outbox row while the SMTP server
 * takes it. A refusal or an unreachable server puts the mail back with a longer wait. Returns how many went.
 */
export async function sendDueMails(deps: MailerDeps, transport: Transporter): Promise<number> {
  let sent = 0;
  for (;;) {
    const outcome = await deps.db.transaction(async (tx) => {
      const mail = await queries.takeDueMail(tx);
      if (!mail) return 'none' as const;
      try {
        await transport.sendMail({
          from: deps.mail.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        await queries.markSent(tx, mail.id);
        return 'sent' as const;
      } catch (err) {
        deps.log.warn({ err, mail: mail.id, attempts: mail.attempts + 1 }, 'mail not sent; it will be tried again');
        await queries.markFailed(tx, mail.id, err instanceof Error ? err.message : String(err));
        const code = (err as { code?: unknown }).code;
        return typeof code === 'string' && CONNECTION_ERRORS.has(code) ? ('down' as const) : ('failed' as const);
      }
    });
    if (outcome === 'sent') sent++;
    // Nothing due, or the server is down: wait for the next round.
    if (outcome === 'none' || outcome === 'down') return sent;
  }
}

/** The SMTP client of SMTP_URL; short time-outs, so a server that is down delays nothing for long. */
export function createTransport(mail: MailConfig): Transporter {
  const options: SMTPTransport.Options & { url: string } = {
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  return nodemailer.createTransport(options);
}

/** One round: digests into the outbox, then the outbox to the SMTP server. */
export async function mailerRound(deps: MailerDeps, transport: Transporter) {
  await composeDigests(deps);
  return sendDueMails(deps, transport);
}

/**
 * Runs a round every `intervalMs` on every instance (the digest lock and SKIP LOCKED share the work), the
 * first at once, so mails still pending after a restart go out. Returns a function that stops it.
 */
export function startMailer(deps: MailerDeps, intervalMs: number): () => Promise<void> {
  const transport = createTransport(deps.mail);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = mailerRound(deps, transport)
      .then(() => undefined)
      .catch((err: unknown) => deps.log.error({ err }, 'mail round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(round, intervalMs);
      });
  };
  round();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
  };
}
