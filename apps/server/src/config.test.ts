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

  it('locks a user name after 5 failed sign-ins from one address for 15 minutes and verifies new addresses by default', () => {
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

  it('believes no X-Forwarded-For by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('reads TRUST_PROXY as true/false or as addresses and ranges', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect(trust('true')).toBe(true);
    expect(trust('TRUE')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(trust('192.168.0.0/255.255.0.0')).toEqual(['192.168.0.0/255.255.0.0']);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses a hop count, which cannot tell a proxy from a client', () => {
    for (const hops of ['0', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(
        /^Invalid configuration: TRUST_PROXY must name the proxies' addresses, not a number of hops/,
      );
    }
  });

  it('names TRUST_PROXY and the entry when it is none of those', () => {
    for (const bad of [
      'yes',
      '-1',
      '1.5',
      'proxy.example.org',
      '10.0.0.0/33',
      '::1/129',
      '1.2.3',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid configuration: TRUST_PROXY must be true, false, or comma-separated addresses/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(/"nginx" is neither/);
  });

  it('locks a name everywhere at five times the per-address failures unless told', () => {
    expect(loadConfig({}).SIGNIN_LOCKOUT_NAME_CEILING).toBe(25);
    expect(loadConfig({ SIGNIN_LOCKOUT_FAILURES: '3' }).SIGNIN_LOCKOUT_NAME_CEILING).toBe(15);
    expect(loadConfig({ SIGNIN_LOCKOUT_NAME_CEILING: '8' }).SIGNIN_LOCKOUT_NAME_CEILING).toBe(8);
    expect(() => loadConfig({ SIGNIN_LOCKOUT_NAME_CEILING: '4' })).toThrow(
      /SIGNIN_LOCKOUT_NAME_CEILING must be at least SIGNIN_LOCKOUT_FAILURES/,
    );
  });

  it('rejects unknown enum values', () => {
    expect(() => loadConfig({ APP_VERSION: 'STAGING' })).toThrow(/APP_VERSION/);
    expect(() => loadConfig({ SIGNUP_MODE: 'open' })).toThrow(/SIGNUP_MODE/);
  });
});
