import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, SECRET_LOG_KEYS } from '../src/app.ts';

function capture(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk.toString());
      cb();
    },
  });
  const logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  return { logger, lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('log redaction', () => {
  it('has no path starting with a wildcard (a leading * costs every request, ADR 0011)', () => {
    expect(REDACT_PATHS.filter((p) => p.startsWith('*'))).toEqual([]);
  });

  it('hides secrets at the top level, in bodies, errors and card details', () => {
    const { logger, lines } = capture();
    logger.info({ password: 'p1', token: 't1', customerId: 'c1' }, 'top');
    logger.info({ body: { email: 'a@b.c', password: 'p2', card: { number: '4242424242424242', cvc: '123' } } }, 'body');
    logger.info({ req: { method: 'POST', body: { refresh_token: 'r1', client_secret: 's1' } } }, 'req');
    logger.info({ err: { message: 'boom', access_token: 'a1' } }, 'err');
    logger.info({ paymentDetails: { cardNumber: '4000000000000002', cvv: '999', holder: 'Ann' } }, 'card');
    logger.info({ data: { paymentDetails: { cardNumber: '4111111111111111' } } }, 'nested');
    const text = JSON.stringify(lines());
    for (const secret of ['p1', 't1', 'p2', '4242424242424242', '123', 'r1', 's1', 'a1', '4000000000000002', '999', '4111111111111111']) {
      expect(text).not.toContain(`"${secret}"`);
    }
    const [top, body, , err, card] = lines();
    expect(top).toMatchObject({ password: '[redacted]', token: '[redacted]', customerId: 'c1' });
    expect(body).toMatchObject({ body: { email: 'a@b.c', password: '[redacted]', card: { number: '[redacted]', cvc: '[redacted]' } } });
    expect(err).toMatchObject({ err: { message: 'boom', access_token: '[redacted]' } });
    expect(card).toMatchObject({ paymentDetails: { cardNumber: '[redacted]', cvv: '[redacted]', holder: 'Ann' } });
  });

  it('leaves a child logger binding (the correlation id) as it is', () => {
    const { logger, lines } = capture();
    logger.child({ correlationId: 'abc-123' }).warn({ password: 'x' }, 'child');
    expect(lines()[0]).toMatchObject({ correlationId: 'abc-123', password: '[redacted]' });
    expect(SECRET_LOG_KEYS).toContain('password');
  });
});
