import type { Db } from '../db/index.js';
import type { OidcLoginStatesTable } from '../db/schema.js';
import type { UserFields } from './auth.repo.js';

export type OidcLoginState = OidcLoginStatesTable;

type OidcLinkChanges = { oidcSubject: string } & Partial<UserFields>;

/** SQL of external sign-in: the pending logins, and linking a provider account to a user. */
export function createOidcRepo(db: Db) {
  return {
    async insertLoginState(state: OidcLoginState) {
      await db.insertInto('oidcLoginStates').values(state).execute();
    },

    /**
     * Deletes and answers the pending login, expired or not, so a state is usable once: of two
     * concurrent callbacks with one state, exactly one gets the row. The caller checks the expiry.
     */
    consumeLoginState(stateHash: string) {
      return db
        .deleteFrom('oidcLoginStates')
        .where('stateHash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
    },

    /** Logins abandoned at the provider leave rows behind; each new login sweeps them. */
    async deleteExpiredLoginStates(now: number) {
      await db.deleteFrom('oidcLoginStates').where('expiresAt', '<=', now).execute();
    },

    /**
     * Sets the user's provider account, with `changes`, unless the user is already linked to one;
     * false then. One statement, so of two provider accounts racing for a user only one links.
     */
    async linkOidcSubject(userId: string, changes: OidcLinkChanges, now: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ ...changes, updatedAt: now })
        .where('id', '=', userId)
        .where('oidcSubject', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type OidcRepo = ReturnType<typeof createOidcRepo>;
