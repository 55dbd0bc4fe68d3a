import type { AccountDataPort } from './ports.js';

/** The AccountDataPort of one app: the parts the features added to it. */
export function createAccountData(): AccountDataPort {
  const parts = new Map<string, (userId: string) => Promise<unknown>>();
  return {
    add(name, part) {
      if (parts.has(name)) throw new Error(`Account data part ${name} added twice`);
      parts.set(name, part);
    },
    async collect(userId) {
      const collected: Record<string, unknown> = {};
      for (const [name, part] of parts) collected[name] = await part(userId);
      return collected;
    },
  };
}
