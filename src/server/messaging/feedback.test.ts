import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.js';
import { type FeedbackRating, feedbackTexts } from '../../shared/messaging/feedback.contract.js';
import { MESSAGE_RETENTION_MS, messageTexts } from '../../shared/messaging/messages.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { REPUTATION_WINDOW_MS } from './reputation.js';

const DAY_SECONDS = 24 * 3600;

/** An address no other test writes from: a visitor is also known by their network (decision 0151). */
const uniqueIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** What the tests of issue 33, point 3 do: owners, a visitor writing to them, and ratings. */
function feedbackWorld(t: () => TestApp) {
  const owner = async () => {
    const account = await createVerifiedUser(t());
    const vehicle = await buildVehicle(t().app, account.cookie);
    return { ...account, vehicle };
  };
  /** A visitor (one browser, one network) writing to vehicles; answers each send's response. */
  const visitor = (ip = uniqueIp()) => {
    let cookie = '';
    return {
      ip,
      async send(vehicleId: string, content = 'Your lights are on') {
        const response = await call(t().app, 'POST', '/api/messages/anonymous', {
          body: { vehicleId, content },
          cookie,
          ip,
        });
        const set = response.cookies.find((c) => c.name === 'visitor');
        if (set) cookie = `visitor=${set.value}`;
        return response;
      },
      get cookie() {
        return cookie;
      },
      clearCookie() {
        cookie = '';
      },
    };
  };
  const rate = (cookie: string | undefined, messageId: string, rating: unknown) =>
    call(t().app, 'POST', `/api/messages/${messageId}/feedback`, { cookie, body: { rating } });
  /** Each owner receives a message from `from` and rates it. */
  const rateBy = async (
    owners: { cookie: string; vehicle: { id: string } }[],
    from: ReturnType<typeof visitor>,
    rating: FeedbackRating,
  ) => {
    for (const rater of owners) {
      const sent = await from.send(rater.vehicle.id);
      expect(sent.statusCode, sent.body).toBe(201);
      const rated = await rate(rater.cookie, sent.json().id, rating);
      expect(rated.statusCode, rated.body).toBe(200);
    }
  };
  return { owner, visitor, rate, rateBy };
}

describe.each(testEngines)('feedback and the reputation nobody sees on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const { owner, visitor, rate, rateBy } = feedbackWorld(() => t);

  it('holds a visitor three owners rated to one message a day, everywhere, and tells them nothing more', async () => {
    const raters = [await owner(), await owner(), await owner()];
    const spammer = visitor();
    await rateBy(raters.slice(0, 2), spammer, 'not_helpful');
    await rateBy(raters.slice(2), spammer, 'abusive');

    const fourth = await owner();
    const first = await spammer.send(fourth.vehicle.id, 'Hello');
    expect(first.statusCode, first.body).toBe(201);
    const second = await spammer.send(fourth.vehicle.id, 'Hello again');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: "You have reached today's limit", code: ErrorCode.rateLimited });
    expect(second.headers['retry-after']).toBe(String(DAY_SECONDS));
    expect(Object.keys(second.headers).filter((name) => /ratelimit|reputation/i.test(name))).toEqual([]);
    // Everywhere: another owner's vehicle, a cleared cookie on the same network, the same browser elsewhere.
    expect((await spammer.send((await owner()).vehicle.id)).statusCode).toBe(429);
    const sameBrowser = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: fourth.vehicle.id, content: 'From another network' },
      cookie: spammer.cookie,
      ip: uniqueIp(),
    });
    expect(sameBrowser.statusCode).toBe(429);
    spammer.clearCookie();
    const privateTab = await spammer.send(fourth.vehicle.id, 'Private tab');
    expect(privateTab.statusCode).toBe(429);
    expect(privateTab.json().message).toBe(feedbackTexts.dailyLimit);

    // The fourth owner learns nothing of the sender's history: their conversation is as any other.
    const list = await call(t.app, 'GET', '/api/conversations', { cookie: fourth.cookie });
    expect(list.body).not.toMatch(/rating|helpful|abusive|reputation|held/i);

    // A day later, one message again, then the limit.
    t.clock.advance(DAY_SECONDS * 1000);
    const next = visitor(spammer.ip);
    expect((await next.send(fourth.vehicle.id)).statusCode).toBe(201);
    expect((await next.send(fourth.vehicle.id)).statusCode).toBe(429);
  });

  it('does not hold a visitor two owners rated, nor one the same owner rated three times', async () => {
    const twice = visitor();
    await rateBy([await owner(), await owner()], twice, 'abusive');
    const target = await owner();
    for (let i = 0; i < 3; i += 1) expect((await twice.send(target.vehicle.id)).statusCode).toBe(201);

    const sameOwner = await owner();
    const thrice = visitor();
    await rateBy([sameOwner, sameOwner, sameOwner], thrice, 'not_helpful');
    for (let i = 0; i < 3; i += 1) expect((await thrice.send(target.vehicle.id)).statusCode).toBe(201);
  });

  it('lets Helpful ratings of other owners cancel negative ones, and counts each owner by their latest rating', async () => {
    const target = await owner();
    const decayed = visitor();
    await rateBy([await owner(), await owner(), await owner()], decayed, 'not_helpful');
    await rateBy([await owner()], decayed, 'helpful');
    for (let i = 0; i < 3; i += 1) expect((await decayed.send(target.vehicle.id)).statusCode).toBe(201);

    // An owner who changes their mind counts once, as they think now: Helpful, then abusive, is negative.
    const changing = await owner();
    const held = visitor();
    await rateBy([changing], held, 'helpful');
    await rateBy([await owner(), await owner()], held, 'not_helpful');
    expect((await held.send(target.vehicle.id)).statusCode).toBe(201);
    const again = await held.send(changing.vehicle.id);
    expect(again.statusCode).toBe(201);
    expect((await rate(changing.cookie, again.json().id, 'abusive')).statusCode).toBe(200);
    expect((await held.send(target.vehicle.id)).statusCode).toBe(201);
    expect((await held.send(target.vehicle.id)).statusCode).toBe(429);
  });

  it('holds an account in its replies too', async () => {
    const sender = await createVerifiedUser(t);
    const raters = [await owner(), await owner(), await owner()];
    const conversations: string[] = [];
    for (const rater of raters) {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        cookie: sender.cookie,
        body: { vehicleId: rater.vehicle.id, content: 'Move your car' },
      });
      conversations.push(sent.json().conversationId);
      expect((await rate(rater.cookie, sent.json().id, 'not_helpful')).statusCode).toBe(200);
    }
    const reply = (conversationId: string | undefined) =>
      call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: sender.cookie,
        body: { content: 'Still there?' },
      });
    expect((await reply(conversations[0])).statusCode).toBe(201);
    const refused = await reply(conversations[1]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: feedbackTexts.dailyLimit, code: ErrorCode.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes a rating from the recipient only, changeable, and 404s everyone else', async () => {
    const recipient = await owner();
    const writer = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: writer.cookie,
      body: { vehicleId: recipient.vehicle.id, content: 'Your window is open' },
    });
    const messageId = sent.json().id as string;
    const conversationId = sent.json().conversationId as string;
    const notFound = { message: messageTexts.messageNotFound, code: ErrorCode.notFound };
    for (const cookie of [writer.cookie, stranger.cookie, undefined]) {
      const refused = await rate(cookie, messageId, 'abusive');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    // A visitor's browser (the writer's own, when it wrote without an account) is no rater either.
    const anonymous = visitor();
    const theirs = await anonymous.send(recipient.vehicle.id);
    expect((await rate(anonymous.cookie, theirs.json().id, 'helpful')).statusCode).toBe(404);
    expect((await rate(recipient.cookie, 'no-such-message', 'helpful')).statusCode).toBe(404);
    expect((await rate(recipient.cookie, 'x'.repeat(300), 'helpful')).statusCode).toBe(404);

    // A bad rating: 400, nothing kept.
    for (const bad of ['great', '', 5, null]) {
      const refused = await rate(recipient.cookie, messageId, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    const rows = () => t.db.selectFrom('feedback').selectAll().where('messageId', '=', messageId).execute();
    expect(await rows()).toEqual([]);

    // The recipient rates, then changes their mind: one row, the latest rating.
    const helpful = await rate(recipient.cookie, messageId, 'helpful');
    expect(helpful.statusCode).toBe(200);
    expect(helpful.json()).toEqual({ message: feedbackTexts.saved, rating: 'helpful' });
    expect((await rate(recipient.cookie, messageId, 'not_helpful')).json().rating).toBe('not_helpful');
    expect((await rows()).map((row) => row.rating)).toEqual(['not_helpful']);
    // The rows keep no text, and the caller reads back only their own ratings.
    expect(JSON.stringify(await rows())).not.toContain('Your window is open');
    const given = await call(t.app, 'GET', `/api/conversations/${conversationId}/feedback`, {
      cookie: recipient.cookie,
    });
    expect(given.json()).toEqual([{ messageId, rating: 'not_helpful' }]);
    const writersView = await call(t.app, 'GET', `/api/conversations/${conversationId}/feedback`, {
      cookie: writer.cookie,
    });
    expect(writersView.json()).toEqual([]);

    // The owner's reply is the writer's to rate, not the owner's.
    const answer = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: recipient.cookie,
      body: { content: 'Thanks' },
    });
    expect((await rate(recipient.cookie, answer.json().id, 'helpful')).statusCode).toBe(404);
    expect((await rate(writer.cookie, answer.json().id, 'helpful')).statusCode).toBe(200);

    // The export holds what the account gave, and nothing others gave about it.
    const exported = (await call(t.app, 'GET', '/api/auth/user/export', { cookie: recipient.cookie })).json();
    expect(exported.feedbackGiven).toEqual([
      { messageId, rating: 'not_helpful', ratedAt: expect.any(String) },
    ]);
    const writersExport = await call(t.app, 'GET', '/api/auth/user/export', { cookie: writer.cookie });
    expect(writersExport.json().feedbackGiven).toEqual([
      { messageId: answer.json().id, rating: 'helpful', ratedAt: expect.any(String) },
    ]);
    expect(writersExport.body).not.toContain('not_helpful');
  });

  it('blocks the sender of a message reported abusive, as Block does', async () => {
    const recipient = await owner();
    const abuser = visitor();
    const sent = await abuser.send(recipient.vehicle.id, 'Pay me or else');
    const reported = await rate(recipient.cookie, sent.json().id, 'abusive');
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ message: feedbackTexts.reported, rating: 'abusive' });

    const again = await abuser.send(recipient.vehicle.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(messageTexts.userBlocked);
    // A private tab on the same network, for a day (decision 0139).
    abuser.clearCookie();
    expect((await abuser.send(recipient.vehicle.id)).statusCode).toBe(403);
    const blocked = await call(t.app, 'GET', '/api/blocked-users', { cookie: recipient.cookie });
    expect(blocked.json()).toEqual([expect.objectContaining({ reason: feedbackTexts.reportReason })]);
    const list = await call(t.app, 'GET', '/api/conversations', { cookie: recipient.cookie });
    const conversation = list.json().find((c: { id: string }) => c.id === sent.json().conversationId);
    expect(conversation.block).not.toBeNull();
    // Reporting again changes nothing more.
    expect((await rate(recipient.cookie, sent.json().id, 'abusive')).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/blocked-users', { cookie: recipient.cookie })).json(),
    ).toHaveLength(1);
  });
});

describe.each(testEngines)('ratings over time on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const { owner, visitor, rate, rateBy } = feedbackWorld(() => t);

  it('refuses a rating of a message past its 24 hours', async () => {
    const recipient = await owner();
    const sent = await visitor().send(recipient.vehicle.id);
    t.clock.advance(MESSAGE_RETENTION_MS);
    expect((await rate(recipient.cookie, sent.json().id, 'helpful')).statusCode).toBe(404);
  });

  it('forgets ratings after 30 days: the sender writes freely, and retention deletes the rows', async () => {
    const spammer = visitor();
    await rateBy([await owner(), await owner(), await owner()], spammer, 'not_helpful');
    const target = await owner();
    expect((await spammer.send(target.vehicle.id)).statusCode).toBe(201);
    expect((await spammer.send(target.vehicle.id)).statusCode).toBe(429);

    // The ratings outlive the 24-hour messages: still held after the retention sweep of a day and more.
    t.clock.advance(2 * MESSAGE_RETENTION_MS);
    await t.app.jobs.runNow('message-retention');
    expect(await t.db.selectFrom('feedback').selectAll().execute()).toHaveLength(3);
    expect((await spammer.send(target.vehicle.id)).statusCode).toBe(201);
    expect((await spammer.send(target.vehicle.id)).statusCode).toBe(429);

    t.clock.advance(REPUTATION_WINDOW_MS);
    for (let i = 0; i < 3; i += 1) expect((await spammer.send(target.vehicle.id)).statusCode).toBe(201);
    await t.app.jobs.runNow('message-retention');
    expect(await t.db.selectFrom('feedback').selectAll().execute()).toEqual([]);
  });
});
