import { describe, expect, it } from 'vitest';
import {
  DomainError,
  ERROR_KINDS,
  ValidationErrors,
  conflict,
  forbidden,
  httpStatusOf,
  invalidInput,
  isDomainError,
  notFound,
  unauthorized,
} from '../src/index.ts';

describe('DomainError', () => {
  it('carries kind, type, reason, subject and message', () => {
    const e = new DomainError('Conflict', { type: 'CartError', reason: 'insufficientStock', subject: 'entries[0].qty', message: 'Only 3 left' });
    expect(e).toBeInstanceOf(Error);
    expect(e.kind).toBe('Conflict');
    expect(e.type).toBe('CartError');
    expect(e.reason).toBe('insufficientStock');
    expect(e.subject).toBe('entries[0].qty');
    expect(e.message).toBe('Only 3 left');
    expect(e.name).toBe('DomainError');
    expect(e.toEntries()).toEqual([{ type: 'CartError', reason: 'insufficientStock', subject: 'entries[0].qty', message: 'Only 3 left' }]);
  });

  it('omits the subject when none is given', () => {
    const e = notFound('UnknownIdentifierError', 'productNotFound', 'Product not found');
    expect(e.subject).toBeUndefined();
    expect('subject' in e.toEntries()[0]!).toBe(false);
  });

  it('helpers keep the argument order (type, reason, message, subject) and set the kind', () => {
    const cases = [
      [notFound, 'NotFound', 404],
      [invalidInput, 'InvalidInput', 400],
      [conflict, 'Conflict', 409],
      [forbidden, 'Forbidden', 403],
      [unauthorized, 'Unauthorized', 401],
    ] as const;
    for (const [fn, kind, status] of cases) {
      const e = fn('T', 'r', 'm', 's');
      expect(e).toBeInstanceOf(DomainError);
      expect(e.kind).toBe(kind);
      expect([e.type, e.reason, e.message, e.subject]).toEqual(['T', 'r', 'm', 's']);
      expect(httpStatusOf(e.kind)).toBe(status);
    }
  });

  it('maps every kind to a distinct 4xx status', () => {
    const statuses = ERROR_KINDS.map(httpStatusOf);
    expect(new Set(statuses).size).toBe(5);
    expect(statuses).toEqual([404, 400, 409, 403, 401]);
  });

  it('isDomainError recognises domain errors only', () => {
    expect(isDomainError(conflict('a', 'b', 'c'))).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ kind: 'NotFound' })).toBe(false);
  });
});

describe('ValidationErrors', () => {
  const fields = [
    { subject: 'postalCode', reason: 'invalidPostalCode', message: 'Enter a valid postal code' },
    { subject: 'email', reason: 'invalidEmail', message: 'Enter a valid email' },
  ];

  it('is an InvalidInput DomainError listing every field', () => {
    const e = new ValidationErrors(fields);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.kind).toBe('InvalidInput');
    expect(httpStatusOf(e.kind)).toBe(400);
    expect(e.type).toBe('ValidationError');
    expect(e.reason).toBe('invalidPostalCode');
    expect(e.subject).toBe('postalCode');
    expect(e.errors).toHaveLength(2);
    expect(e.toEntries()).toEqual([
      { type: 'ValidationError', reason: 'invalidPostalCode', subject: 'postalCode', message: 'Enter a valid postal code' },
      { type: 'ValidationError', reason: 'invalidEmail', subject: 'email', message: 'Enter a valid email' },
    ]);
  });

  it('accepts a custom type and refuses an empty list', () => {
    expect(new ValidationErrors(fields, 'AddressError').toEntries()[1]!.type).toBe('AddressError');
    expect(() => new ValidationErrors([])).toThrow(RangeError);
  });
});
