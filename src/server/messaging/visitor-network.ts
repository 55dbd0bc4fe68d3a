import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { loadedOnce, storedServerKey } from '../db/server-keys.js';
import { addressKeyOf } from '../rate-limit/address.js';

const KEY_NAME = 'visitor-network';

/**
 * The network a visitor writes from, as blocks keep it (docs/decisions/0139-blocking-a-visitor-honestly.md):
 * their IPv4 address or IPv6 /64 (addressKeyOf, as the limits count them), as an HMAC under a key the server
 * made once for every instance, so the tables never hold an address, and a copy of them cannot be turned back
 * into one by trying the 2^32 IPv4 addresses.
 */
export function visitorNetworks(db: Db, clock: Clock): (ip: string) => Promise<string> {
  const key = loadedOnce(() =>
    storedServerKey(db, KEY_NAME, () => randomBytes(32).toString('base64url'), clock()),
  );
  return async (ip) =>
    createHmac('sha256', await key())
      .update(addressKeyOf(ip))
      .digest('base64url');
}
