import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type MailParts, parseMail } from './mail.js';

export interface ReceivedMail extends Omit<MailParts, 'to'> {
  from: string;
  /** The envelope's recipients (the To header aside). */
  to: string[];
  raw: string;
}

/**
 * How the sink turns mail away while it refuses: each recipient at RCPT TO (550, the sender learns
 * before sending the message), or each message after DATA (554, once the whole message was sent).
 */
export type Refusal = 'recipient' | 'message';

/** A message the sink refused: its envelope recipients, and at which step. */
export interface RefusedMail {
  to: string[];
  at: Refusal;
}

/** A real SMTP server on loopback that keeps what it receives (or refuses it, when told to). */
export async function startMailSink() {
  const messages: ReceivedMail[] = [];
  const refused: RefusedMail[] = [];
  const waiters: Array<() => void> = [];
  const wakeWaiters = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  let refusal: Refusal | undefined;
  const refusalError = (code: number, message: string) =>
    Object.assign(new Error(message), { responseCode: code });

  /** Resolves once `found` answers something, waking on each delivery or refusal; fails after 10 s. */
  async function waitUntil<T>(found: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const result = found();
      if (result !== undefined) return result;
      if (Date.now() > deadline) throw new Error(`${what} within 10 s`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal !== 'recipient') return callback();
      refused.push({ to: [address.address], at: 'recipient' });
      wakeWaiters();
      callback(refusalError(550, 'Mailbox unavailable (the test sink refuses mail)'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (refusal === 'message') {
          refused.push({ to, at: 'message' });
          wakeWaiters();
          return callback(refusalError(554, 'Transaction failed (the test sink refuses mail)'));
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ ...parseMail(raw), from, to, raw });
        wakeWaiters();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    /** Mail sent to `to` (optionally matching `subject`), waiting up to 10 s for it to arrive. */
    waitFor(to: string, subject?: RegExp): Promise<ReceivedMail> {
      return waitUntil(
        () => messages.findLast((m) => m.to.includes(to) && (!subject || subject.test(m.subject))),
        `No mail for ${to}${subject ? ` matching ${subject}` : ''}`,
      );
    },
    /** A refused attempt to mail `to`, waiting up to 10 s for one. */
    waitForRefusal(to: string): Promise<RefusedMail> {
      return waitUntil(() => refused.findLast((r) => r.to.includes(to)), `No refused mail for ${to}`);
    },
    /** From now on refuses every mail, at `at`, until `accept()`; what it refused is in `refused`. */
    refuse(at: Refusal) {
      refusal = at;
    },
    accept() {
      refusal = undefined;
    },
    count: (to: string) => messages.filter((m) => m.to.includes(to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>;
