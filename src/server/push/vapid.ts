import webpush from 'web-push';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { PushRepo } from './push.repo.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about this server (RFC 8292): a mailto: or https: address. */
  subject: string;
}

const KEY_NAME = 'vapid';

/**
 * The VAPID key pair: from the environment, else the one kept in the database, else a new pair stored
 * there for every instance (ADDENDUM §8). Of instances starting together, the first to store wins and all
 * use that one.
 */
export async function loadVapidKeys(config: Config, repo: PushRepo, clock: Clock): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  let stored = await repo.findServerKey(KEY_NAME);
  if (!stored) {
    const pair = webpush.generateVAPIDKeys();
    await repo.insertServerKeyIfAbsent(KEY_NAME, JSON.stringify(pair), clock());
    stored = await repo.findServerKey(KEY_NAME);
  }
  if (!stored) throw new Error('The VAPID key pair could not be stored');
  const pair = JSON.parse(stored.value) as { publicKey: string; privateKey: string };
  return { ...pair, subject };
}

/**
 * VAPID_SUBJECT; else the app's own https origin; else the support address; else (a laptop on
 * http://localhost) the support address as it is: push services other than Apple's accept it, and
 * config.ts refuses a VAPID_SUBJECT that is not a real address.
 */
export function vapidSubject(config: Config): string {
  if (config.vapid.subject) return config.vapid.subject;
  if (config.appOrigin.startsWith('https://')) return config.appOrigin;
  return `mailto:${config.supportEmail}`;
}

/**
 * The keys, loaded on first use and kept: the app starts while the database is out of reach (its calls
 * answer 503 until it is back), and a failed load is tried again by the next call.
 */
export function lazyVapidKeys(load: () => Promise<VapidKeys>): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
