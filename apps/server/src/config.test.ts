import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded database on port 3000 in production mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      APP_VERSION: 'PRODUCTION',
      STORAGE: 'local',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('names the variable and the value in one line when PORT is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT .*"abc"/);
  });

  it('rejects a DATABASE_URL that is not a postgres URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('locks a user name after 5 failed sign-ins for 15 minutes and verifies new addresses by default', () => {
    expect(loadConfig({})).toMatchObject({
      SIGNIN_LOCKOUT_FAILURES: 5,
      SIGNIN_LOCKOUT_MINUTES: 15,
      ACCOUNT_RATE_LIMIT: 10,
      EMAIL_VERIFICATION: 'on',
      SIGNUP_INVITEES: '',
    });
    expect(() => loadConfig({ EMAIL_VERIFICATION: 'maybe' })).toThrow(/EMAIL_VERIFICATION/);
    expect(() => loadConfig({ SIGNIN_LOCKOUT_FAILURES: '0' })).toThrow(/SIGNIN_LOCKOUT_FAILURES/);
  });

  it('rejects unknown enum values', () => {
    expect(() => loadConfig({ APP_VERSION: 'STAGING' })).toThrow(/APP_VERSION/);
    expect(() => loadConfig({ SIGNUP_MODE: 'open' })).toThrow(/SIGNUP_MODE/);
  });
});
