import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { UsersTable, VerificationPurpose } from '../db/schema.js';

export type UserRow = UsersTable;

export function createAuthRepo(db: Db) {
  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByOidcSubject(subject: string) {
      return db.selectFrom('users').selectAll().where('oidcSubject', '=', subject).executeTakeFirst();
    },

    /** Inserts the user unless the email is taken; answers the new row or undefined. */
    async insertUser(user: Omit<UserRow, 'id' | 'createdAt' | 'updatedAt'>, now: number) {
      return db
        .insertInto('users')
        .values({ ...user, id: randomUUID(), createdAt: now, updatedAt: now })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async updateUser(id: string, changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>, now: number) {
      await db
        .updateTable('users')
        .set({ ...changes, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    async insertSession(
      session: { tokenHash: string; userId: string; isPersistent: boolean; expiresAt: number },
      now: number,
    ) {
      await db
        .insertInto('sessions')
        .values({ ...session, isPersistent: session.isPersistent ? 1 : 0, createdAt: now, lastSeenAt: now })
        .execute();
    },

    /** The session and its user, in one query, if the session has not expired. */
    findActiveSession(tokenHash: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.tokenHash',
          'sessions.isPersistent',
          'sessions.expiresAt',
          'users.id',
          'users.email',
          'users.firstName',
          'users.lastName',
          'users.authProvider',
          'users.emailVerified',
        ])
        .where('sessions.tokenHash', '=', tokenHash)
        .where('sessions.expiresAt', '>', now)
        .executeTakeFirst();
    },

    async extendSession(tokenHash: string, expiresAt: number, now: number) {
      const result = await db
        .updateTable('sessions')
        .set({ expiresAt, lastSeenAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteSession(tokenHash: string) {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    async deleteSessionsOfUser(userId: string) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
    },

    async deleteExpiredSessions(now: number) {
      await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
    },

    /** Issues a verification of `purpose`, retiring any earlier one of the same user and purpose. */
    async replaceVerification(
      verification: { userId: string; purpose: VerificationPurpose; tokenHash: string; expiresAt: number },
      now: number,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('verifications')
          .where('userId', '=', verification.userId)
          .where('purpose', '=', verification.purpose)
          .execute();
        await trx
          .insertInto('verifications')
          .values({ ...verification, id: randomUUID(), createdAt: now })
          .execute();
      });
    },

    /** Deletes and answers the verification if it is valid: of two concurrent uses, exactly one gets it. */
    consumeVerification(tokenHash: string, purpose: VerificationPurpose, now: number) {
      return db
        .deleteFrom('verifications')
        .where('tokenHash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('expiresAt', '>', now)
        .returning(['userId'])
        .executeTakeFirst();
    },

    async deleteExpiredVerifications(now: number) {
      await db.deleteFrom('verifications').where('expiresAt', '<=', now).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
