import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCode } from '../../shared/errors.js';
import { HttpError, UnavailableError } from '../plugins/errors.js';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * Counts hits in windows that start at a subject's first hit. Memory for one process; Redis so
 * instances share the counts.
 */
export interface RateLimitStore {
  /** Adds one hit to `key` and answers the count in the current window and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The count in the current window of `key` (0 when none), without adding a hit. */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { ...counter };
  }

  async peek(key: string) {
    const counter = this.counters.get(key);
    const now = Date.now();
    return counter && counter.resetAt > now ? { ...counter } : { count: 0, resetAt: now };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  async hit(key: string, windowMs: number) {
    const fullKey = `${this.prefix}${key}`;
    try {
      // The window starts at the first hit and the counter expires with it (NX: set only once).
      const results = await this.redis
        .multi()
        .incr(fullKey)
        .pexpire(fullKey, windowMs, 'NX')
        .pttl(fullKey)
        .exec();
      const count = Number(results?.[0]?.[1]);
      const ttl = Number(results?.[2]?.[1]);
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error('unexpected reply from Redis');
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    } catch (error) {
      // Fail closed: while Redis is out of reach, limited actions are refused, not let through.
      throw new UnavailableError('Rate limit store unavailable', { cause: error });
    }
  }

  async peek(key: string) {
    const fullKey = `${this.prefix}${key}`;
    try {
      const results = await this.redis.multi().get(fullKey).pttl(fullKey).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[1]?.[1]);
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error('unexpected reply from Redis');
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    } catch (error) {
      throw new UnavailableError('Rate limit store unavailable', { cause: error });
    }
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly multiplier: number,
  ) {}

  /** Counts one action of `subject` under `rule`; throws a 429 with Retry-After past the limit. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, resetAt } = await this.store.hit(this.key(rule, subject), rule.windowMs);
    if (count > this.limitOf(rule)) throw tooMany(rule, resetAt);
  }

  /** Throws the 429 when `subject` has used up `rule` already, without counting this action. */
  async refuseIfExhausted(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, resetAt } = await this.store.peek(this.key(rule, subject));
    if (count >= this.limitOf(rule)) throw tooMany(rule, resetAt);
  }

  /** Counts one action (a failure, say) of `subject` under `rule`, without refusing it. */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.hit(this.key(rule, subject), rule.windowMs);
  }

  private key(rule: RateLimitRule, subject: string) {
    return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
  }

  private limitOf(rule: RateLimitRule) {
    return Math.max(1, Math.floor(rule.limit * this.multiplier));
  }
}

function tooMany(rule: RateLimitRule, resetAt: number) {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new HttpError(
    429,
    rule.message,
    ErrorCode.rateLimited,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
