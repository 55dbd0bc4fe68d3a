import type { Db } from '../db/index.js';
import type { OidcLoginStatesTable } from '../db/schema.js';

export type OidcLoginState = OidcLoginStatesTable;

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
     * Links the provider account to the user unless the user is already linked to one; false then.
     * Linking an address nobody had proven drops the password it was registered with: whoever chose
     * it never showed they own the mailbox (a pre-registered account must not stay theirs).
     */
    async linkOidcSubject(
      user: { id: string; hasProvenEmail: boolean },
      oidcSubject: string,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          oidcSubject,
          emailVerified: 1,
          updatedAt: now,
          ...(user.hasProvenEmail ? {} : { passwordHash: null, authProvider: 'oidc' as const }),
        })
        .where('id', '=', user.id)
        .where('oidcSubject', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type OidcRepo = ReturnType<typeof createOidcRepo>;
