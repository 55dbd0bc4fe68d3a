import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { OWNER_STATUS_CODES } from '../../shared/messaging/status.contract.js';
import { databaseSnapshot } from '../test/database-snapshot.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

type Response = Awaited<ReturnType<typeof call>>;

/** Issue 33: deleting an account leaves nothing of it behind (docs/decisions/0149). */
describe.each(testEngines)('deleting an account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Every table of the database, from the database itself (no list kept here). */
  async function tableNames(): Promise<string[]> {
    if (engine === 'sqlite') {
      const rows = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db);
      return rows.rows.map((row) => row.name);
    }
    const rows = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db);
    return rows.rows.map((row) => row.name);
  }

  /** The tables any of whose rows holds one of `needles`, with what it held. */
  async function rowsHolding(needles: string[]) {
    const found: string[] = [];
    for (const table of await tableNames()) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db)).rows;
      const text = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
      for (const needle of needles) {
        if (text.toLowerCase().includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
      }
    }
    return found;
  }

  /** The SQLite files (the database and its log) that hold one of `needles`; none on PostgreSQL. */
  async function filesHolding(needles: string[]) {
    if (engine !== 'sqlite') return [];
    const [main] = (await sql<{ file: string }>`pragma database_list`.execute(t.db)).rows;
    const file = main?.file ?? '';
    const found: string[] = [];
    for (const part of [file, `${file}-wal`]) {
      if (!fs.existsSync(part)) continue;
      const bytes = fs.readFileSync(part);
      for (const needle of needles)
        if (bytes.includes(needle)) found.push(`${path.basename(part)}: ${needle}`);
    }
    return found;
  }

  const deleteAccount = (cookie: string | undefined, body: object) =>
    call(t.app, 'DELETE', '/api/auth/user', { cookie, body });

  const visitorCookieOf = (response: Response) => {
    const cookie = response.cookies.find((c) => c.name === 'visitor');
    if (!cookie) throw new Error(`no visitor cookie: ${response.body}`);
    return `visitor=${cookie.value}`;
  };

  /** An account with a vehicle, a conversation each way with another account, a visitor's, settings, a block. */
  async function accountWithEverything() {
    // Letters only: a run of 7 digits in a message would be masked as a phone number (decision 0148).
    const tag = randomUUID()
      .slice(0, 8)
      .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] as string);
    const firstName = `Leaving${tag}`;
    const lastName = `Person${tag}`;
    const email = uniqueEmail(`leaving${tag}`);
    const leaving = await createVerifiedUser(t, email, { firstName, lastName });
    const other = await createVerifiedUser(t);
    const blockedVisitorText = `Visitor ${tag} writes`;
    const vehicle = await buildVehicle(t.app, leaving.cookie, { displayName: `Car${tag}` });
    const otherVehicle = await buildVehicle(t.app, other.cookie);

    const toLeaving = `To leaving ${tag}`;
    const written = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: other.cookie,
      body: { vehicleId: vehicle.id, content: toLeaving },
    });
    expect(written.statusCode).toBe(201);
    const answer = `Answer of leaving ${tag}`;
    const conversationId = written.json().conversationId as string;
    const answered = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: leaving.cookie,
      body: { content: answer },
    });
    expect(answered.statusCode).toBe(201);
    const ownerStatus = await call(t.app, 'POST', `/api/conversations/${conversationId}/status`, {
      cookie: leaving.cookie,
      body: { code: OWNER_STATUS_CODES[0] },
    });
    expect(ownerStatus.statusCode).toBe(200);
    const fromLeaving = `From leaving ${tag}`;
    const wrote = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: leaving.cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: { vehicleId: otherVehicle.id, content: fromLeaving },
    });
    expect(wrote.statusCode).toBe(201);
    const ownerAnswer = `Owner answers ${tag}`;
    const ownerAnswered = await call(
      t.app,
      'POST',
      `/api/conversations/${wrote.json().conversationId}/messages`,
      {
        cookie: other.cookie,
        body: { content: ownerAnswer },
      },
    );
    expect(ownerAnswered.statusCode).toBe(201);
    const visitor = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: blockedVisitorText },
    });
    expect(visitor.statusCode).toBe(201);
    const visitorNote = `Visitor ${tag} again`;
    const visitorWrote = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: visitorCookieOf(visitor),
      body: { vehicleId: vehicle.id, content: visitorNote },
    });
    expect(visitorWrote.statusCode).toBe(201);
    const blocked = await call(t.app, 'POST', '/api/block', {
      cookie: leaving.cookie,
      body: { conversationId: visitor.json().conversationId },
    });
    expect(blocked.statusCode).toBe(201);
    // Ratings each way (decision 0151): the account rates what it received, and is rated.
    const ratings = [
      call(t.app, 'POST', `/api/messages/${written.json().id}/feedback`, {
        cookie: leaving.cookie,
        body: { rating: 'helpful' },
      }),
      call(t.app, 'POST', `/api/messages/${wrote.json().id}/feedback`, {
        cookie: other.cookie,
        body: { rating: 'not_helpful' },
      }),
    ];
    for (const rated of await Promise.all(ratings)) expect(rated.statusCode).toBe(200);
    const settings = [
      call(t.app, 'PUT', '/api/push/preferences', { cookie: leaving.cookie, body: { showPreviews: false } }),
      call(t.app, 'PUT', '/api/messages/preferences', {
        cookie: leaving.cookie,
        body: { readReceipts: false },
      }),
    ];
    for (const set of await Promise.all(settings)) expect(set.statusCode).toBe(200);

    const userId = (await call(t.app, 'GET', '/api/auth/user', { cookie: leaving.cookie })).json()
      .id as string;
    return {
      leaving,
      other,
      userId,
      vehicle,
      conversationId,
      sentConversationId: wrote.json().conversationId as string,
      ownerAnswer,
      toLeaving,
      visitor: { cookie: visitorCookieOf(visitor), messageId: visitorWrote.json().id as string },
      /** What the account wrote. */
      texts: [answer, fromLeaving],
      /** What others wrote to it: theirs, kept on their side (decision 0152). */
      othersTexts: [toLeaving, blockedVisitorText, visitorNote],
      traces: [
        userId,
        email,
        firstName,
        lastName,
        vehicle.id,
        vehicle.licensePlate,
        vehicle.qrCode,
        `Car${tag}`,
      ],
    };
  }

  it('refuses a signed-out caller and a wrong password, and changes nothing', async () => {
    const account = await accountWithEverything();
    expect((await deleteAccount(undefined, { password: STRONG_PASSWORD })).statusCode).toBe(401);
    const wrong = await deleteAccount(account.leaving.cookie, { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(authTexts.deletePasswordWrong);
    const missing = await deleteAccount(account.leaving.cookie, {});
    expect(missing.statusCode).toBe(400);

    expect(
      (await call(t.app, 'GET', '/api/auth/user', { cookie: account.leaving.cookie })).json(),
    ).toMatchObject({
      id: account.userId,
    });
    expect((await call(t.app, 'GET', `/api/vehicles/qr/${account.vehicle.qrCode}`)).statusCode).toBe(200);
    // The search that finds nothing after a deletion finds it all before one.
    const found = await rowsHolding([...account.traces, ...account.texts, ...account.othersTexts]);
    for (const table of ['users', 'vehicles', 'messages', 'blocks', 'feedback']) {
      expect(found.some((entry) => entry.startsWith(`${table}: `))).toBe(true);
    }
    const messages = await call(t.app, 'GET', `/api/conversations/${account.conversationId}/messages`, {
      cookie: account.leaving.cookie,
    });
    expect(messages.json()).toHaveLength(2);
  });

  it('deletes everything of the account at once, and leaves no trace in any table or file', async () => {
    const account = await accountWithEverything();
    const deleted = await deleteAccount(account.leaving.cookie, { password: STRONG_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: authTexts.accountDeleted });

    expect(await rowsHolding([...account.traces, ...account.texts])).toEqual([]);
    // What others wrote to it is theirs, and stays on their side until retention takes it.
    expect(await rowsHolding(account.othersTexts)).toHaveLength(account.othersTexts.length);
    await expect
      .poll(() => filesHolding([...account.texts, account.traces[1] ?? '']), {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual([]);

    // Signed out, and signing in again fails.
    expect(
      (await call(t.app, 'GET', '/api/auth/user', { cookie: account.leaving.cookie })).json(),
    ).toBeNull();
    const signIn = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: account.leaving.email, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    // Its QR code and plate answer as unknown ones do.
    expect((await call(t.app, 'GET', `/api/vehicles/qr/${account.vehicle.qrCode}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/vehicles/qr/${randomUUID()}`)).statusCode).toBe(404);
    const plate = encodeURIComponent(account.vehicle.licensePlate);
    expect((await call(t.app, 'GET', `/api/vehicles/lookup/${plate}`)).statusCode).toBe(404);

    // The owner it wrote to keeps their side, from a "Deleted account", and can no longer answer.
    const list = await call(t.app, 'GET', '/api/conversations', { cookie: account.other.cookie });
    const kept = list.json().find((c: { id: string }) => c.id === account.sentConversationId);
    expect(kept).toMatchObject({
      vehicleTwo: { kind: 'anonymous', label: messageTexts.deletedAccount },
      canReply: false,
    });
    const keptMessages = await call(
      t.app,
      'GET',
      `/api/conversations/${account.sentConversationId}/messages`,
      {
        cookie: account.other.cookie,
      },
    );
    expect(keptMessages.json().map((m: { content: string }) => m.content)).toEqual([account.ownerAnswer]);

    // The sender who wrote to the deleted account's vehicle keeps their side too (decision 0152): the
    // vehicle, the owner, their answer and their one-tap status are gone; "Deleted account", no reply.
    const written = list.json().find((c: { id: string }) => c.id === account.conversationId);
    const deletedAccount = { kind: 'anonymous', label: messageTexts.deletedAccount };
    expect(written).toMatchObject({
      vehicleOneId: null,
      vehicleOne: deletedAccount,
      otherParty: deletedAccount,
      canReply: false,
      ownerStatus: null,
      lastMessage: account.toLeaving,
    });
    const writtenMessages = await call(
      t.app,
      'GET',
      `/api/conversations/${account.conversationId}/messages`,
      {
        cookie: account.other.cookie,
      },
    );
    expect(writtenMessages.json().map((m: { content: string }) => m.content)).toEqual([account.toLeaving]);
    // Their own data, downloaded, holds it as shown, and nothing of the account that left.
    const exported = await call(t.app, 'GET', '/api/auth/user/export', { cookie: account.other.cookie });
    expect(exported.statusCode).toBe(200);
    expect(
      JSON.parse(exported.body).conversations.find((c: { id: string }) => c.id === account.conversationId),
    ).toMatchObject({ vehicleOne: deletedAccount, messages: [{ content: account.toLeaving }] });
    for (const trace of account.traces) expect(exported.body).not.toContain(trace);

    // The other participant can no longer write to either conversation, nor answer with one tap: 410, and
    // nothing changes.
    const before = await databaseSnapshot(t.db);
    for (const conversationId of [account.conversationId, account.sentConversationId]) {
      const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: account.other.cookie,
        body: { content: 'Still there?' },
      });
      expect(reply.statusCode).toBe(410);
      expect(reply.json().message).toBe(messageTexts.deletedAccountReply);
    }
    const tapped = await call(t.app, 'POST', `/api/conversations/${account.sentConversationId}/status`, {
      cookie: account.other.cookie,
      body: { code: OWNER_STATUS_CODES[0] },
    });
    expect(tapped.statusCode).toBe(410);
    expect(tapped.json().message).toBe(messageTexts.deletedAccountReply);

    // A visitor who wrote to it still sees their message on its status page, and that nobody reads on.
    const status = await call(t.app, 'GET', `/api/messages/${account.visitor.messageId}/status`, {
      cookie: account.visitor.cookie,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      vehicleId: null,
      recipientDeleted: true,
      canNotifyAgain: false,
      notifyAgainAt: null,
      ownerStatus: null,
      sentAs: 'visitor',
    });
    const notify = await call(t.app, 'POST', `/api/messages/${account.visitor.messageId}/notify-again`, {
      cookie: account.visitor.cookie,
    });
    expect(notify.statusCode).toBe(410);
    // Writing to the vehicle again: it is unknown now.
    const again = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: account.visitor.cookie,
      body: { vehicleId: account.vehicle.id, content: 'Anyone?' },
    });
    expect(again.statusCode).toBe(404);
    // Nobody is left to block.
    const block = await call(t.app, 'POST', '/api/block', {
      cookie: account.other.cookie,
      body: { conversationId: account.conversationId },
    });
    expect(block.statusCode).toBe(404);
    expect(await databaseSnapshot(t.db)).toEqual(before);

    // The sender reads it, then deletes it from their list: nobody sees it any more, so it is erased.
    const read = await call(t.app, 'PATCH', `/api/conversations/${account.conversationId}/read`, {
      cookie: account.other.cookie,
    });
    expect(read.statusCode).toBe(200);
    const cleared = await call(t.app, 'DELETE', `/api/conversations/${account.conversationId}`, {
      cookie: account.other.cookie,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await rowsHolding([account.toLeaving])).toEqual([]);

    // The address is told.
    const mail = await t.mail.waitFor(account.leaving.email, /account has been deleted/);
    expect(mail.text).toContain('cannot be restored');
  });

  it('exports what the account holds, as it is shown it, and nothing of anyone else', async () => {
    const account = await accountWithEverything();
    const otherId = (await call(t.app, 'GET', '/api/auth/user', { cookie: account.other.cookie })).json().id;
    const exported = await call(t.app, 'GET', '/api/auth/user/export', { cookie: account.leaving.cookie });
    expect(exported.statusCode).toBe(200);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="vehicle-contact-data-${day}.json"`,
    );
    const body = exported.body;
    const data = JSON.parse(body);
    expect(data.profile).toMatchObject({ email: account.leaving.email, signsInWith: 'password' });
    expect(data.vehicles.active.map((v: { qrCode: string }) => v.qrCode)).toEqual([account.vehicle.qrCode]);
    for (const text of account.texts) expect(body).toContain(text);
    expect(data.blockedUsers).toHaveLength(1);
    expect(data.messagePreferences).toEqual({ readReceipts: false });
    expect(data.notificationPreferences).toMatchObject({ showPreviews: false });
    expect(data.sessions.length).toBeGreaterThan(0);

    const others = await t.db
      .selectFrom('conversations')
      .select(['visitorTwoHash', 'visitorTwoNetwork'])
      .where('ownerOneId', '=', account.userId)
      .execute();
    const sessionHashes = await t.db.selectFrom('sessions').select('tokenHash').execute();
    const secrets = [
      account.other.email,
      otherId,
      ...others.flatMap((row) => [row.visitorTwoHash, row.visitorTwoNetwork]),
      ...sessionHashes.map((row) => row.tokenHash),
    ].filter((value): value is string => Boolean(value));
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/passwordHash|tokenHash|oidcSubject/);

    expect((await call(t.app, 'GET', '/api/auth/user/export')).statusCode).toBe(401);
  });
});
