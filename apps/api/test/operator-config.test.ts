/**
 * The operator client's configuration (issue 12, ADR 0027): no operator secret by default in any
 * mode (so no token can carry the `operator` scope), a short secret or an id equal to the
 * storefront client's refused at start-up, and the credential check itself.
 */
import { describe, expect, it } from 'vitest';
import { OPERATOR_SCOPE, verifyOperatorCredentials } from '../src/auth/operator.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

const SECRET = 'an-operator-secret-of-at-least-32-chars';

describe('operator client configuration', () => {
  it('has no operator secret unless one is configured, whatever NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const config = loadConfig({ ...(NODE_ENV ? { NODE_ENV } : {}), DATA_DIR: '/nonexistent' });
      expect(config.OPERATOR_CLIENT_ID).toBe('operator');
      expect(config.OPERATOR_CLIENT_SECRET).toBeUndefined();
      expect(config.generatedSecrets).not.toContain('OPERATOR_CLIENT_SECRET');
      expect(verifyOperatorCredentials(config, 'operator', '')).toBeNull();
    }
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), OAUTH_CLIENT_SECRET: 's'.repeat(40) });
    expect(prod.OPERATOR_CLIENT_SECRET).toBeUndefined();
  });

  it('refuses a short secret, an id equal to the storefront client, and a secret equal to its secret', () => {
    const variablesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.variables;
        throw error;
      }
      return [];
    };
    expect(variablesOf({ OPERATOR_CLIENT_SECRET: 'short' })).toEqual(['OPERATOR_CLIENT_SECRET']);
    expect(variablesOf({ OPERATOR_CLIENT_ID: 'storefront', OPERATOR_CLIENT_SECRET: SECRET })).toEqual(['OPERATOR_CLIENT_ID']);
    expect(variablesOf({ OAUTH_CLIENT_SECRET: SECRET, OPERATOR_CLIENT_SECRET: SECRET })).toEqual(['OPERATOR_CLIENT_SECRET']);
    expect(variablesOf({ OPERATOR_CLIENT_ID: 'ops bot', OPERATOR_CLIENT_SECRET: SECRET })).toEqual(['OPERATOR_CLIENT_ID']);
  });

  it('verifies the configured id and secret only', () => {
    const config = loadConfig({ OPERATOR_CLIENT_ID: 'backoffice', OPERATOR_CLIENT_SECRET: SECRET });
    expect(verifyOperatorCredentials(config, 'backoffice', SECRET)).toEqual({ clientId: 'backoffice', grants: ['client_credentials'], scopes: [OPERATOR_SCOPE] });
    expect(verifyOperatorCredentials(config, 'backoffice', `${SECRET}!`)).toBeNull();
    expect(verifyOperatorCredentials(config, 'operator', SECRET)).toBeNull();
  });
});
