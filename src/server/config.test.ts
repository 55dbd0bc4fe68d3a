import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appOrigin: 'http://localhost:3000',
      isHttps: false,
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      oidc: undefined,
      supportEmail: 'support@localhost',
      rateLimitMultiplier: 1,
      pushTimeoutMs: 10_000,
      shutdownDelayMs: 5_000,
      logLevel: 'info',
      trustProxy: false,
      pushServiceHosts: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ],
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('logs JSON lines unless its output is a terminal, and LOG_FORMAT decides either way', () => {
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it('derives the origin from PORT and normalises APP_ORIGIN', () => {
    expect(loadConfig({ PORT: '8080' }).appOrigin).toBe('http://localhost:8080');
    const config = loadConfig({ APP_ORIGIN: 'https://Cars.Example.org/some/path' });
    expect(config.appOrigin).toBe('https://cars.example.org');
    expect(config.isHttps).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/app',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Cars <cars@example.org>',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_PROVIDER_NAME: 'Example ID',
      PUSH_SERVICE_HOSTS: ' push.example.org , *.Push.test:8443 ',
      SUPPORT_EMAIL: 'help@example.org',
      RATE_LIMIT_MULTIPLIER: '0.5',
      PUSH_TIMEOUT_MS: '2500',
      SHUTDOWN_DELAY_MS: '15000',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      VAPID_SUBJECT: 'mailto:ops@example.org',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@db/app',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Cars <cars@example.org>',
      oidc: {
        issuer: 'https://id.example.org',
        clientId: 'client',
        clientSecret: 'secret',
        providerName: 'Example ID',
      },
      pushServiceHosts: ['push.example.org', '*.push.test:8443'],
      supportEmail: 'help@example.org',
      rateLimitMultiplier: 0.5,
      pushTimeoutMs: 2500,
      shutdownDelayMs: 15000,
      logLevel: 'warn',
      logFormat: 'pretty',
      vapid: { subject: 'mailto:ops@example.org' },
    });
  });

  it('believes only the proxies it is told about', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('does not repeat a password from a bad URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/app' })).toThrow(
      /mysql:\/\/admin:\*\*\*@db\/app/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/app' })).not.toThrow(/hunter2/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_ORIGIN: 'cars.example.org' }, 'APP_ORIGIN'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ SMTP_URL: 'mail.example.org' }, 'SMTP_URL'],
    [{ RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER'],
    [{ RATE_LIMIT_MULTIPLIER: 'off' }, 'RATE_LIMIT_MULTIPLIER'],
    [{ PUSH_TIMEOUT_MS: '0' }, 'PUSH_TIMEOUT_MS'],
    [{ PUSH_TIMEOUT_MS: '1.5' }, 'PUSH_TIMEOUT_MS'],
    [{ PUSH_TIMEOUT_MS: 'soon' }, 'PUSH_TIMEOUT_MS'],
    [{ SHUTDOWN_DELAY_MS: '-1' }, 'SHUTDOWN_DELAY_MS'],
    [{ SHUTDOWN_DELAY_MS: 'later' }, 'SHUTDOWN_DELAY_MS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ OIDC_CLIENT_ID: 'client' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
    [{ VAPID_PUBLIC_KEY: 'abc' }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'mailto:me@localhost' }, 'VAPID_SUBJECT'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid ${name}:`)).toBe(true);
    expect(message).not.toContain('\n');
  });
});
