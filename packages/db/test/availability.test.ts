/**
 * Issue 9 item 4: which errors mean "the database is unavailable" (503, not 500), and the
 * per-process circuit breaker that makes an outage answer fast and recovers by itself.
 */
import { describe, expect, it } from 'vitest';
import { CircuitBreaker, DatabaseUnavailableError, isConnectivityFailure, isDatabaseUnavailableError, unavailableReasonOf } from '@store/db';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('unavailableReasonOf', () => {
  it.each([
    [withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'connectionRefused'],
    [withCode('ECONNRESET'), 'connectionLost'],
    [withCode('EPIPE'), 'connectionLost'],
    [withCode('ETIMEDOUT'), 'connectionLost'],
    [new Error('Connection terminated due to connection timeout'), 'connectTimeout'],
    [new Error('timeout expired'), 'connectTimeout'],
    [new Error('timeout exceeded when trying to connect'), 'poolTimeout'],
    [new Error('Query read timeout'), 'queryTimeout'],
    [new Error('Connection terminated unexpectedly'), 'connectionLost'],
    [new Error('Client has encountered a connection error and is not queryable'), 'connectionLost'],
    [withCode('08006', 'connection failure'), 'connectionLost'],
    [withCode('08P01', 'protocol violation'), 'connectionLost'],
    [withCode('25P03', 'idle-in-transaction timeout'), 'connectionLost'],
    [withCode('57P01', 'terminating connection due to administrator command'), 'shuttingDown'],
    [withCode('57P02'), 'shuttingDown'],
    [withCode('57P03', 'the database system is starting up'), 'shuttingDown'],
    [withCode('53300', 'sorry, too many clients already'), 'tooManyConnections'],
    [withCode('57014', 'canceling statement due to statement timeout'), 'statementTimeout'],
    [withCode('SQLITE_BUSY', 'database is locked'), 'busy'],
    [withCode('SQLITE_BUSY_SNAPSHOT'), 'busy'],
    [withCode('SQLITE_LOCKED'), 'busy'],
    [new DatabaseUnavailableError('circuitOpen', 'open'), 'circuitOpen'],
  ])('%s → %s', (error, reason) => {
    expect(unavailableReasonOf(error)).toBe(reason);
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('finds the reason in a cause chain and in an AggregateError', () => {
    expect(unavailableReasonOf(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe('connectionRefused');
    const aggregate = Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), {});
    expect(unavailableReasonOf(aggregate)).toBe('connectionRefused');
  });

  it.each([
    [withCode('23505', 'duplicate key value violates unique constraint')],
    [withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    [withCode('42P01', 'relation "x" does not exist')],
    [withCode('SQLITE_CONSTRAINT_UNIQUE')],
    [new TypeError('cannot read properties of undefined')],
    ['a string'],
    [null],
  ])('%s is not an outage (stays a 500 or its own 4xx)', (error) => {
    expect(unavailableReasonOf(error)).toBeNull();
  });

  it('tells connectivity failures (they open the breaker) from the others', () => {
    expect(isConnectivityFailure('queryTimeout')).toBe(true);
    expect(isConnectivityFailure('connectionRefused')).toBe(true);
    expect(isConnectivityFailure('statementTimeout')).toBe(false);
    expect(isConnectivityFailure('poolTimeout')).toBe(false);
    expect(isConnectivityFailure('busy')).toBe(false);
    expect(isConnectivityFailure(null)).toBe(false);
  });
});

describe('CircuitBreaker', () => {
  function breaker() {
    let now = 1_000;
    const b = new CircuitBreaker({ cooldownMs: 500, probeTimeoutMs: 3_000, now: () => now });
    return { b, advance: (ms: number) => (now += ms) };
  }
  const refused = (b: CircuitBreaker) => {
    try {
      b.enter();
      return false;
    } catch (error) {
      expect(unavailableReasonOf(error)).toBe('circuitOpen');
      return true;
    }
  };

  it('lets everything through while closed; a connectivity failure opens it for the cooldown', () => {
    const { b, advance } = breaker();
    expect(refused(b)).toBe(false);
    b.settle('statementTimeout'); // the server answered: stays closed
    expect(b.state).toBe('closed');
    b.settle('connectTimeout');
    expect(b.state).toBe('open');
    expect(refused(b)).toBe(true);
    advance(499);
    expect(refused(b)).toBe(true);
  });

  it('after the cooldown lets one probe through; its answer closes the breaker', () => {
    const { b, advance } = breaker();
    b.failed();
    advance(500);
    expect(refused(b)).toBe(false); // the probe
    expect(b.state).toBe('halfOpen');
    expect(refused(b)).toBe(true); // others wait for the probe
    b.settle(null);
    expect(b.state).toBe('closed');
    expect(refused(b)).toBe(false);
  });

  it('a failed probe opens it again for another cooldown; a probe that never settles is replaced', () => {
    const { b, advance } = breaker();
    b.failed();
    advance(500);
    expect(refused(b)).toBe(false);
    b.settle('poolTimeout'); // proved nothing: open again
    expect(b.state).toBe('open');
    expect(refused(b)).toBe(true);
    advance(500);
    expect(refused(b)).toBe(false); // a new probe...
    advance(2_999);
    expect(refused(b)).toBe(true);
    advance(1);
    expect(refused(b)).toBe(false); // ...replaced after probeTimeoutMs
  });
});
