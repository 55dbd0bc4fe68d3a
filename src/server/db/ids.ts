import { randomBytes } from 'node:crypto';

/** Ids made in one millisecond by this process, told apart in order by a counter of this many bits. */
const COUNTER_BITS = 26;

let lastMs = -1;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562) for something made at `at` (epoch ms, from the injected clock: the row's own time,
 * never Date.now()): 48 bits of milliseconds, a 26-bit counter (the 12 bits of rand_a and the first 14 of
 * rand_b, RFC 9562 §6.2 method 1), then random bits. The id's time is `at`, so ids sort as their rows'
 * times do, and ids this process makes at one time sort in the order they were made. It carries its
 * time: use it only where that time is shown anyway (messages), never for what the public may see of an
 * account (vehicle ids stay random).
 */
export function timeOrderedId(at: number): string {
  if (at === lastMs) {
    counter += 1;
    // 67 million ids in one millisecond: the next millisecond's first, rather than an id out of order.
    if (counter >= 2 ** COUNTER_BITS) {
      lastMs += 1;
      counter = 0;
    }
  } else {
    lastMs = at;
    counter = 0;
  }
  const bytes = randomBytes(16);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  // Version 7, then the counter's high 12 bits; the variant (10), then its low 14 bits.
  bytes[6] = 0x70 | ((counter >>> 22) & 0x0f);
  bytes[7] = (counter >>> 14) & 0xff;
  bytes[8] = 0x80 | ((counter >>> 8) & 0x3f);
  bytes[9] = counter & 0xff;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
