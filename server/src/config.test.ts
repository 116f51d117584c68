import { describe, expect, it } from 'vitest';
import { ConfigError, developmentDefaultsWarning, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/dp-config-test' };
const strong = {
  COOKIE_KEYS: 'a-cookie-key-of-some-length-1,another-key-of-length-2',
  DEMO_PASSWORD_ADMIN: 'Tr0ub4dor-admin',
  DEMO_PASSWORD_REVIEWER: 'Tr0ub4dor-reviewer',
  DEMO_PASSWORD_INTERN: 'Tr0ub4dor-intern',
  DEMO_PASSWORD_EXTERN: 'Tr0ub4dor-extern',
  DEMO_PASSWORD_NOROLE: 'Tr0ub4dor-norole',
};
const external = {
  OIDC_ISSUER: 'https://login.example.com/realms/rail',
  OIDC_CLIENT_ID: 'dp',
  OIDC_AUDIENCE: 'dp-api',
};
const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('B4 TRUST_PROXY', () => {
  it('trusts nothing by default', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('takes a hop count or a list of addresses and CIDR ranges, as Fastify does', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });
  it('refuses anything else, naming the variable', () => {
    expect(errorOf({ ...base, TRUST_PROXY: 'true; rm -rf' })).toContain('TRUST_PROXY: must be a hop count');
    expect(errorOf({ ...base, TRUST_PROXY: 'proxy.example.com' })).toContain('TRUST_PROXY');
  });
});

describe('B5 rate limit and login throttle settings', () => {
  it('have generous defaults and can be changed', () => {
    const defaults = loadConfig(base);
    expect(defaults.rateLimit).toEqual({ perToken: 30_000, perAddress: 60_000 });
    expect(defaults.loginThrottle).toEqual({ userLockAfter: 10, addressLockAfter: 50, lockMinutes: 15 });
    const set = loadConfig({
      ...base,
      RATE_LIMIT_PER_TOKEN: '5',
      RATE_LIMIT_PER_ADDRESS: '0',
      LOGIN_LOCK_AFTER: '3',
      LOGIN_LOCK_MINUTES: '60',
    });
    expect(set.rateLimit).toEqual({ perToken: 5, perAddress: 0 });
    expect(set.loginThrottle.userLockAfter).toBe(3);
    expect(set.loginThrottle.lockMinutes).toBe(60);
  });
});

describe('read cache size', () => {
  it('is 32 MB unless READ_CACHE_MB says otherwise; 0 turns it off, anything else is refused by name', () => {
    expect(loadConfig(base).readCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ ...base, READ_CACHE_MB: '0' }).readCacheBytes).toBe(0);
    expect(errorOf({ ...base, READ_CACHE_MB: '-1' })).toContain('READ_CACHE_MB');
    expect(errorOf({ ...base, READ_CACHE_MB: 'lots' })).toContain('READ_CACHE_MB');
  });
});

describe('B6 development defaults outside work', () => {
  it('refuses live and demo with the embedded provider and its development defaults, naming every variable to set', () => {
    for (const deployment of ['live', 'demo']) {
      const message = errorOf({ ...base, DEPLOYMENT: deployment });
      expect(message).toContain('DEPLOYMENT');
      for (const name of [
        'COOKIE_KEYS',
        'DEMO_PASSWORD_ADMIN',
        'DEMO_PASSWORD_REVIEWER',
        'DEMO_PASSWORD_INTERN',
        'DEMO_PASSWORD_EXTERN',
        'DEMO_PASSWORD_NOROLE',
      ])
        expect(message).toContain(name);
    }
  });
  it('refuses a demo password that is its user name, and the development cookie key given explicitly', () => {
    const message = errorOf({ ...base, ...strong, DEPLOYMENT: 'live', DEMO_PASSWORD_INTERN: 'Intern' });
    expect(message).toContain('DEMO_PASSWORD_INTERN');
    expect(message).not.toContain('DEMO_PASSWORD_ADMIN');
    expect(
      errorOf({ ...base, ...strong, DEPLOYMENT: 'demo', COOKIE_KEYS: 'digital-portfolio-dev-cookie-key-change-me' }),
    ).toContain('COOKIE_KEYS');
  });
  it('starts live with every secret set, and with an external provider (which does not use them)', () => {
    expect(loadConfig({ ...base, ...strong, DEPLOYMENT: 'live' }).developmentDefaults).toEqual([]);
    expect(loadConfig({ ...base, ...external, DEPLOYMENT: 'live' }).developmentDefaults).toEqual([]);
  });
  it('on work, warns only when it listens beyond loopback with the defaults', () => {
    const work = loadConfig(base);
    expect(work.developmentDefaults).toContain('COOKIE_KEYS');
    expect(developmentDefaultsWarning(work)).toMatch(
      /^WARNING: listening on 0\.0\.0\.0.*Set COOKIE_KEYS, DEMO_PASSWORD_ADMIN/,
    );
    expect(developmentDefaultsWarning(loadConfig({ ...base, HOST: '127.0.0.1' }))).toBeUndefined();
    expect(developmentDefaultsWarning(loadConfig({ ...base, HOST: 'localhost' }))).toBeUndefined();
    expect(developmentDefaultsWarning(loadConfig({ ...base, ...strong }))).toBeUndefined();
  });
});

describe('B8 IDP_KEY_SECRET', () => {
  it('is optional and must be long when given', () => {
    expect(loadConfig(base).idpKeySecret).toBeUndefined();
    expect(errorOf({ ...base, IDP_KEY_SECRET: 'short' })).toContain('IDP_KEY_SECRET: must be at least 32 characters');
  });
});

describe('watchers’ mail (issue 42)', () => {
  const secret = 'x'.repeat(32);
  it('is off without SMTP_URL', () => {
    expect(loadConfig({}).mail).toBeUndefined();
  });

  it('reads SMTP_URL with credentials, MAIL_FROM and the digest interval (default 60 minutes)', () => {
    const mail = loadConfig({
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      MAIL_FROM: 'Portfolio <portfolio@example.com>',
      MAIL_LINK_SECRET: secret,
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:p%40ss@mail.example.com:465',
      from: 'Portfolio <portfolio@example.com>',
      digestMinutes: 60,
      linkSecret: secret,
      intervalSeconds: 10,
    });
    const base = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@example.com', MAIL_LINK_SECRET: secret };
    expect(loadConfig({ ...base, NOTIFY_DIGEST_MINUTES: '0' }).mail?.digestMinutes).toBe(0);
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: must be smtp://'],
    [{ SMTP_URL: 'smtp://mail.example.com' }, 'MAIL_FROM: must be set together with SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'nobody' }, 'MAIL_FROM: must be an address'],
    [{ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'a@example.com' }, 'MAIL_LINK_SECRET: must be set together'],
    [{ NOTIFY_DIGEST_MINUTES: '-1' }, 'NOTIFY_DIGEST_MINUTES'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
