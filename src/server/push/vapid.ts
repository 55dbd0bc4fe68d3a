import webpush from 'web-push';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { loadedOnce } from '../db/server-keys.js';
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
  const stored = await repo.serverKey(KEY_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()), clock());
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
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

/** The keys, loaded on first use and kept (a failed load is tried again by the next call). */
export const lazyVapidKeys = (load: () => Promise<VapidKeys>) => loadedOnce(load);
