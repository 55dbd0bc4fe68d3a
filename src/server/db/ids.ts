import { randomBytes } from 'node:crypto';

let lastMs = -1;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562): 48 bits of milliseconds, then a counter, then random bits. Ids made later sort
 * later (in this process, also within one millisecond), so rows of equal time keep their order. It
 * carries its creation time: use it only where that time is shown anyway (messages), never for what the
 * public may see of an account (vehicle ids stay random).
 */
export function timeOrderedId(now = Date.now()): string {
  if (now <= lastMs) {
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
  } else {
    lastMs = now;
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
  bytes[6] = 0x70 | ((counter >>> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
