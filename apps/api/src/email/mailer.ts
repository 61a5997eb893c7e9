/**
 * Outgoing email (issue 2: "order confirmation email sent over SMTP (nodemailer) after commit; by
 * default to a local file outbox readable at a dev-only page").
 *
 * - `SMTP_URL` set (`smtp://host:port` or `smtps://user:pass@host`): nodemailer SMTP transport,
 *   with 10 s connection / greeting / socket time-outs so a stuck server cannot hold requests.
 * - unset: a file outbox in `OUTBOX_DIR`: each message as `<id>.eml` (the raw MIME message,
 *   built by nodemailer's stream transport), `<id>.json` (to, subject, date, text, html) and an
 *   `index.json` list of every message, newest first.
 *
 * Sending is a side effect that must never fail an order: {@link Mailer.sendInBackground} runs a
 * task without awaiting it, logs its failure, and {@link Mailer.flush} (called on shutdown and
 * by tests) waits for the tasks still running.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { FlowLogger } from '../logger.ts';

/** One message. `from` defaults to the configured MAIL_FROM. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  from?: string;
}

/** One entry of the file outbox index. */
export interface OutboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  /** ISO-8601 UTC */
  date: string;
}

/** A stored outbox message. */
export interface OutboxMessage extends OutboxEntry {
  text: string;
  html: string;
}

/** The mailer the flows use. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** the outbox directory (absolute) when `kind` is 'outbox' */
  readonly outboxDir: string | undefined;
  /** Sends a message now. @throws on transport failure */
  send(message: MailMessage): Promise<{ id: string }>;
  /** Runs a sending task in the background: never throws, logs failures. */
  sendInBackground(task: () => Promise<unknown>, what: string): void;
  /** Waits for background tasks still running. */
  flush(): Promise<void>;
  /** Flushes and closes the transport. */
  close(): Promise<void>;
}

/** Mail settings of the app configuration. */
export interface MailConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  OUTBOX_DIR: string;
}

/** A new message id: sortable by time, e.g. `20261122T101500123Z-9f3a1c2b`. */
export function newMessageId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** Is `id` a message id (safe as a file name)? */
export function isMessageId(id: string): boolean {
  return /^\d{8}T\d{9}Z-[0-9a-f]{8}$/.test(id);
}

/** Reads the outbox index (empty when there is none). */
export async function readOutboxIndex(dir: string): Promise<OutboxEntry[]> {
  try {
    return JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as OutboxEntry[];
  } catch {
    return [];
  }
}

/** Reads one stored message, or null. */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!isMessageId(id)) return null;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return null;
  }
}

/** Creates the mailer chosen by the configuration (see module comment). */
export function createMailer(config: MailConfig, log: FlowLogger): Mailer {
  const pending = new Set<Promise<void>>();
  const from = config.MAIL_FROM;
  const background = (task: () => Promise<unknown>, what: string) => {
    const p: Promise<void> = (async () => {
      try {
        await task();
      } catch (error) {
        log.error({ err: error instanceof Error ? { message: error.message, name: error.name } : String(error), what }, 'email sending failed');
      }
    })().finally(() => pending.delete(p));
    pending.add(p);
  };
  const flush = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };

  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    } as Parameters<typeof nodemailer.createTransport>[1]);
    return {
      kind: 'smtp',
      outboxDir: undefined,
      async send(message) {
        const info = await transport.sendMail({ from: message.from ?? from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        return { id: String(info.messageId) };
      },
      sendInBackground: background,
      flush,
      async close() {
        await flush();
        transport.close();
      },
    };
  }

  const dir = resolve(config.OUTBOX_DIR);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let indexLock: Promise<void> = Promise.resolve();
  return {
    kind: 'outbox',
    outboxDir: dir,
    async send(message) {
      const date = new Date();
      const id = newMessageId(date);
      const sender = message.from ?? from;
      const info = await stream.sendMail({ from: sender, to: message.to, subject: message.subject, text: message.text, html: message.html, date });
      const raw = (info as unknown as { message: Buffer }).message;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${id}.eml`), raw);
      const entry: OutboxEntry = { id, to: message.to, from: sender, subject: message.subject, date: date.toISOString() };
      const stored: OutboxMessage = { ...entry, text: message.text, html: message.html };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
      // One writer at a time in this process; written to a temporary file then renamed.
      const update = indexLock.then(async () => {
        const index = await readOutboxIndex(dir);
        index.unshift(entry);
        const tmp = join(dir, `index.json.${process.pid}.tmp`);
        await writeFile(tmp, JSON.stringify(index, null, 2));
        await rename(tmp, join(dir, 'index.json'));
      });
      indexLock = update.catch(() => undefined);
      await update;
      return { id };
    },
    sendInBackground: background,
    flush,
    async close() {
      await flush();
    },
  };
}
