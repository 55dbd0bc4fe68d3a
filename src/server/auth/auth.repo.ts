import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { prepareQuery } from '../db/prepared.js';
import type { Database, UsersTable, VerificationPurpose } from '../db/schema.js';
import { type UntilWriteCache, untilWriteCache } from '../db/until-write-cache.js';

export type UserRow = Selectable<UsersTable>;
/** The columns of a user the app writes (the inbox version moves by itself: src/server/messaging/inbox.repo.ts). */
export type UserFields = Omit<
  UserRow,
  'id' | 'createdAt' | 'updatedAt' | 'inboxVersion' | 'locale' | 'signInLocale'
> &
  Partial<Pick<UserRow, 'locale' | 'signInLocale'>>;

// Read by every signed-in request: compiled once (src/server/db/prepared.ts).
const activeSession = prepareQuery(
  (db: Kysely<Database>, args: { tokenHash: string; now: number; createdAfter: number }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select([
        'sessions.tokenHash',
        'sessions.isPersistent',
        'sessions.expiresAt',
        'sessions.createdAt',
        'users.id',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.authProvider',
        'users.emailVerified',
        'users.inboxVersion',
        'users.locale',
      ])
      .where('sessions.tokenHash', '=', args.tokenHash)
      .where('sessions.expiresAt', '>', args.now)
      .where('sessions.createdAt', '>', args.createdAfter),
);

type ActiveSessionRow = NonNullable<Awaited<ReturnType<typeof activeSession.first>>>;

/** How many sessions one instance keeps read (docs/decisions/0120-reads-kept-until-a-write.md). */
const KEPT_SESSIONS = 10_000;

/** The sessions read from each SQLite database, kept until its next write (none on PostgreSQL). */
const keptSessions = new WeakMap<Kysely<Database>, UntilWriteCache<ActiveSessionRow> | undefined>();

function keptSessionsOf(db: Kysely<Database>) {
  if (!keptSessions.has(db)) keptSessions.set(db, untilWriteCache<ActiveSessionRow>(db, KEPT_SESSIONS));
  return keptSessions.get(db);
}

/** The SQL conditions of activeSession, on a row read before `now`. */
const isActive = (row: ActiveSessionRow, now: number, maxAge: number) =>
  row.expiresAt > now && row.createdAt > now - maxAge;

/**
 * An account's chosen language and its last sign-in's (docs/decisions/0164), read through `db` (a
 * transaction's, when the caller is in one); undefined: no such account. What auth's accounts port answers.
 */
export function findAccountLocales(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['locale', 'signInLocale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** SQL of accounts, sessions, verification links and trusted browsers. */
export function createAuthRepo(db: Kysely<Database>) {
  const kept = keptSessionsOf(db);
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
    async insertUser(user: UserFields, now: number) {
      return db
        .insertInto('users')
        .values({ ...user, id: randomUUID(), createdAt: now, updatedAt: now })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async updateUser(id: string, changes: Partial<UserFields>, now: number) {
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

    /** The session and its user, in one query, if the session has not expired nor outlived `maxAge`. */
    async findActiveSession(tokenHash: string, now: number, maxAge: number) {
      const read = () => activeSession.first(db, { tokenHash, now, createdAfter: now - maxAge });
      if (!kept) return read();
      const row = kept.get(tokenHash) ?? (await kept.load(tokenHash, read));
      return row && isActive(row, now, maxAge) ? row : undefined;
    },

    /**
     * The active session of `tokenHash` as read since the database's last write, without a query: null
     * when it is not active, undefined when nothing is kept (findActiveSession then reads it).
     */
    keptActiveSession(tokenHash: string, now: number, maxAge: number) {
      const row = kept?.get(tokenHash);
      if (row === undefined) return undefined;
      return isActive(row, now, maxAge) ? row : null;
    },

    async extendSession(tokenHash: string, expiresAt: number, now: number, maxAge: number) {
      const result = await db
        .updateTable('sessions')
        .set({ expiresAt, lastSeenAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now)
        .where('createdAt', '>', now - maxAge)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteSession(tokenHash: string) {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    /** When a session (by its id) was made: a provider's sign-in, for an account without a password. */
    async sessionCreatedAt(tokenHash: string) {
      const row = await db
        .selectFrom('sessions')
        .select('createdAt')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.createdAt);
    },

    /**
     * The last of an account's deletion (decision 0149), once the features' handlers ran: its sessions,
     * links, trusted browsers and its row.
     */
    async deleteAccountRows(userId: string) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
      await db.deleteFrom('verifications').where('userId', '=', userId).execute();
      await db.deleteFrom('trustedDevices').where('userId', '=', userId).execute();
      const deleted = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** The account's sessions, for its export (the caller keeps the hashes to itself). */
    listSessionsOf(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['tokenHash', 'createdAt', 'lastSeenAt', 'expiresAt', 'isPersistent'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    /** The browsers trusted for the account, for its export. */
    listTrustedDevicesOf(userId: string) {
      return db
        .selectFrom('trustedDevices')
        .select(['createdAt', 'expiresAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    async deleteSessionsOfUser(userId: string) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
    },

    /** Deletes sessions past their expiry or their absolute lifetime; answers whose they were. */
    deleteExpiredSessions(now: number, maxAge: number) {
      return db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('createdAt', '<=', now - maxAge)]))
        .returning(['userId', 'tokenHash'])
        .execute();
    },

    /**
     * Issues a verification link. An account may hold several email verification links at once (each
     * works until one is used); a new reset link retires the older one (ADDENDUM §5).
     */
    async insertVerification(
      verification: {
        userId: string;
        purpose: VerificationPurpose;
        tokenHash: string;
        bindingHash: string | null;
        expiresAt: number;
      },
      now: number,
    ) {
      const { tokenHash, bindingHash, expiresAt } = verification;
      const insert = db
        .insertInto('verifications')
        .values({ ...verification, id: randomUUID(), createdAt: now });
      if (verification.purpose !== 'reset-password') return void (await insert.execute());
      await insert
        .onConflict((conflict) =>
          conflict
            .column('userId')
            .where('purpose', '=', sql.lit('reset-password')) // as written in the partial index
            .doUpdateSet({ tokenHash, bindingHash, expiresAt, createdAt: now }),
        )
        .execute();
    },

    /** Whether a verification is valid now, without using it up. */
    async isVerificationValid(tokenHash: string, purpose: VerificationPurpose, now: number) {
      const row = await db
        .selectFrom('verifications')
        .select('id')
        .where('tokenHash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses up a valid link together with every other link of its account and purpose, in one statement,
     * and answers it. Of two concurrent uses (of one link, or of two links of one account), exactly one
     * gets it.
     */
    async consumeVerification(tokenHash: string, purpose: VerificationPurpose, now: number) {
      const used = await db
        .deleteFrom('verifications')
        .where('purpose', '=', purpose)
        .where('userId', '=', (eb) =>
          eb
            .selectFrom('verifications')
            .select('userId')
            .where('tokenHash', '=', tokenHash)
            .where('purpose', '=', purpose)
            .where('expiresAt', '>', now),
        )
        .returning(['userId', 'bindingHash', 'tokenHash', 'expiresAt'])
        .execute();
      const link = used.find((row) => row.tokenHash === tokenHash && row.expiresAt > now);
      return link && { userId: link.userId, bindingHash: link.bindingHash };
    },

    async insertTrustedDevice(device: { tokenHash: string; userId: string; expiresAt: number }, now: number) {
      await db
        .insertInto('trustedDevices')
        .values({ ...device, createdAt: now })
        .execute();
    },

    findTrustedDevice(tokenHash: string, now: number) {
      return db
        .selectFrom('trustedDevices')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
    },

    async deleteTrustedDevice(tokenHash: string) {
      await db.deleteFrom('trustedDevices').where('tokenHash', '=', tokenHash).execute();
    },

    async deleteTrustedDevicesOfUser(userId: string) {
      await db.deleteFrom('trustedDevices').where('userId', '=', userId).execute();
    },

    async deleteExpiredTrustedDevices(now: number) {
      await db.deleteFrom('trustedDevices').where('expiresAt', '<=', now).execute();
    },

    async deleteExpiredVerifications(now: number) {
      await db.deleteFrom('verifications').where('expiresAt', '<=', now).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
