/**
 * The operator client of API tests (issue 12, ADR 0027): a test app configured with an operator
 * secret, and the `Authorization` header of an operator client-credentials token.
 */
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '@store/testing';

/** The operator client id and secret these tests configure (OPERATOR_CLIENT_SECRET). */
export const OPERATOR = { clientId: 'operator', clientSecret: 'operator-test-secret-0123456789abcdefXYZ' } as const;

/** A test app with the operator client, errors-only logs, and `Bearer <operator token>` (asserts the token is granted). */
export async function buildOperatorApp(kind: Parameters<typeof buildTestApp>[0]): Promise<{ t: TestApp; operator: string }> {
  const t = await buildTestApp(kind, { env: { OPERATOR_CLIENT_SECRET: OPERATOR.clientSecret, LOG_LEVEL: 'error' }, logger: { level: 'error' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/authorizationserver/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: OPERATOR.clientId, client_secret: OPERATOR.clientSecret },
  });
  expect(res.statusCode).toBe(200);
  return { t, operator: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}
