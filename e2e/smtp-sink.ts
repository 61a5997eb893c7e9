/**
 * One SMTP sink for the whole e2e run (Playwright `globalSetup`): the server's SMTP_URL points at
 * it (playwright.config.ts E2E_SMTP_PORT), and every message it receives is written to
 * `test-results/e2e/mail/` so specs running on either worker read the same mailbox
 * ({@link readMails}). Starting a sink inside each spec raced when two specs needed mail at once.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Directory of the received messages (raw RFC 5322 text, one file each). */
export const MAIL_DIR = join(process.cwd(), 'test-results', 'e2e', 'mail');

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes). */
export function decodeQp(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every message received so far, quoted-printable decoded, oldest first. */
export function readMails(): string[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => decodeQp(readFileSync(join(MAIL_DIR, f), 'utf8')));
}

/** Playwright global setup: starts the sink; answers the teardown that stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        n += 1;
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${String(n).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    sink.once('error', reject);
    sink.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => sink.close(() => resolve()));
}
