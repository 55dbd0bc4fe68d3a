import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCode } from '../../shared/errors.js';
import { type Clock, systemClock } from '../clock.js';
import { HttpError } from '../errors/http-error.js';
import { UnavailableError } from '../errors/unavailable.js';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /** A rule of conduct, not of load: RATE_LIMIT_MULTIPLIER leaves its limit as it is (decision 0151). */
  isExact?: boolean;
}

/**
 * Counts hits in windows that start at a subject's first hit. Memory for one process; Redis so
 * instances share the counts.
 */
export interface WindowCount {
  count: number;
  /** Until the window ends and the count starts again from nothing. */
  remainingMs: number;
}

/** One hit of `RateLimitStore.hitInTurn`: its key, its window and the count past which it is refused. */
export interface LimitedHit {
  key: string;
  windowMs: number;
  limit: number;
}

export interface RateLimitStore {
  /** Adds one hit to `key` and answers the count in the current window and the time left in it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Adds one hit to each key in turn until one goes past its limit: answers that one's place and the time
   * left in its window (the keys after it get no hit), or null when none did. One round trip on Redis.
   */
  hitInTurn(hits: readonly LimitedHit[]): Promise<{ index: number; remainingMs: number } | null>;
  /** The count in the current window of `key` (0 when none), without adding a hit. */
  peek(key: string): Promise<WindowCount>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private lastSweep: number;

  constructor(private readonly clock: Clock = systemClock) {
    this.lastSweep = clock();
  }

  async hit(key: string, windowMs: number) {
    const now = this.clock();
    this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, remainingMs: counter.resetAt - now };
  }

  async hitInTurn(hits: readonly LimitedHit[]) {
    for (const [index, { key, windowMs, limit }] of hits.entries()) {
      const { count, remainingMs } = await this.hit(key, windowMs);
      if (count > limit) return { index, remainingMs };
    }
    return null;
  }

  async peek(key: string) {
    const counter = this.counters.get(key);
    const now = this.clock();
    return counter && counter.resetAt > now
      ? { count: counter.count, remainingMs: counter.resetAt - now }
      : { count: 0, remainingMs: 0 };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

/**
 * `RedisRateLimitStore.hitInTurn` as one script: KEYS are the counters, ARGV each one's window (ms) and
 * limit in turn. Answers the 1-based place of the first counter past its limit and its time left, or 0.
 */
const HIT_IN_TURN = `
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[2 * i - 1], 'NX')
  if count > tonumber(ARGV[2 * i]) then
    return {i, redis.call('PTTL', key)}
  end
end
return {0, 0}`;

/** Windows run on Redis's own clock (its key expiry), shared by every instance. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {
    // ioredis sends the script's SHA and the script itself only when Redis does not know it yet.
    if (!('rateLimitHitInTurn' in redis)) {
      redis.defineCommand('rateLimitHitInTurn', { lua: HIT_IN_TURN });
    }
  }

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
      return { count, remainingMs: Math.max(ttl, 0) };
    } catch (error) {
      // Fail closed: while Redis is out of reach, limited actions are refused, not let through.
      throw new UnavailableError('Rate limit store unavailable', { cause: error });
    }
  }

  async hitInTurn(hits: readonly LimitedHit[]) {
    const keys = hits.map((hit) => `${this.prefix}${hit.key}`);
    const args = hits.flatMap((hit) => [hit.windowMs, hit.limit]);
    try {
      const withScript = this.redis as Redis & {
        rateLimitHitInTurn(keyCount: number, ...keysAndArgs: Array<string | number>): Promise<unknown>;
      };
      const reply = await withScript.rateLimitHitInTurn(keys.length, ...keys, ...args);
      const [place, ttl] = Array.isArray(reply) ? reply.map(Number) : [];
      if (!Number.isInteger(place) || !Number.isFinite(ttl)) throw new Error('unexpected reply from Redis');
      return place ? { index: (place as number) - 1, remainingMs: Math.max(ttl as number, 0) } : null;
    } catch (error) {
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
      return { count, remainingMs: Math.max(ttl, 0) };
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
  consume(rule: RateLimitRule, subject: string): Promise<void> {
    return this.consumeInTurn([rule, subject]);
  }

  /**
   * `consume` for each rule and subject in turn, in one trip to the store: the first refused throws its
   * 429, and the rules after it do not count this action.
   */
  async consumeInTurn(...checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<void> {
    const refused = await this.store.hitInTurn(
      checks.map(([rule, subject]) => ({
        key: this.key(rule, subject),
        windowMs: rule.windowMs,
        limit: this.limitOf(rule),
      })),
    );
    if (refused === null) return;
    const [rule] = checks[refused.index] ?? [];
    throw rule
      ? tooMany(rule, refused.remainingMs)
      : new Error('The rate limit store refused a rule not given to it');
  }

  /** Throws the 429 when `subject` has used up `rule` already, without counting this action. */
  async refuseIfExhausted(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, remainingMs } = await this.store.peek(this.key(rule, subject));
    if (count >= this.limitOf(rule)) throw tooMany(rule, remainingMs);
  }

  /** Counts one action (a failure, say) of `subject` under `rule`, without refusing it. */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.hit(this.key(rule, subject), rule.windowMs);
  }

  private key(rule: RateLimitRule, subject: string) {
    return `${rule.name}:${this.subjectKeys.of(subject)}`;
  }

  /** A subject's key: a hash, so that no address or account is kept in the store as it is. */
  private readonly subjectKeys = new RecentHashes();

  private limitOf(rule: RateLimitRule) {
    if (rule.isExact) return rule.limit;
    return Math.max(1, Math.floor(rule.limit * this.multiplier));
  }
}

/** How many subjects' hashes are kept: the hot ones (an address looking up plates) are hashed once. */
const RECENT_SUBJECTS = 10_000;

/** SHA-256 of recent subjects, kept: the same visitor's requests do not hash their address again. */
class RecentHashes {
  private readonly hashes = new Map<string, string>();

  of(subject: string): string {
    let hash = this.hashes.get(subject);
    if (hash === undefined) {
      hash = createHash('sha256').update(subject).digest('base64url').slice(0, 22);
      if (this.hashes.size >= RECENT_SUBJECTS) this.hashes.delete(this.hashes.keys().next().value as string);
      this.hashes.set(subject, hash);
    }
    return hash;
  }
}

function tooMany(rule: RateLimitRule, remainingMs: number) {
  const retryAfterSeconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new HttpError(429, rule.message, {
    code: ErrorCode.rateLimited,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
