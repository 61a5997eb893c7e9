/**
 * A real SMTP sink for tests (DESIGN "Stack": smtp-server as the sink): listens on 127.0.0.1 at a
 * random port, accepts every message without authentication or TLS, and keeps them in memory.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One received message. */
export interface SinkMessage {
  /** envelope sender */
  from: string;
  /** envelope recipients */
  to: string[];
  /** the Subject header, MIME encoded-words decoded */
  subject: string;
  /** the whole message as received (headers and MIME body) */
  raw: string;
  /** the raw message with quoted-printable soft breaks and escapes decoded (for text assertions) */
  decoded: string;
}

/** A running sink. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` (for SMTP_URL) */
  url: string;
  port: number;
  /** messages received so far, in order */
  messages: SinkMessage[];
  /** resolves with the first message matching `predicate` (waits for it; rejects after `timeoutMs`, default 10000) */
  waitFor(predicate?: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded-words (`=?UTF-8?Q?Caf=C3=A9?=`, `=?UTF-8?B?...?=`). */
export function decodeMimeWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** Decodes quoted-printable soft line breaks and `=XX` escapes (UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** Starts a sink (see module comment). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters: Array<{ predicate: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        const message: SinkMessage = {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeMimeWords(headerOf(raw, 'subject')),
          raw,
          decoded: decodeQuotedPrintable(raw),
        };
        messages.push(message);
        for (const w of [...waiters]) {
          if (w.predicate(message)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(message);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate = () => true, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<SinkMessage>((resolve, reject) => {
        const waiter = { predicate, resolve: (m: SinkMessage) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching email within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
