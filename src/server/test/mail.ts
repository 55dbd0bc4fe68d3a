import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading the mail the app sends, wherever it lands: the SMTP sink of the API tests, or the outbox
 * directory the built server writes to (journeys, benchmarks). Plain node, no app code: the API tests,
 * the journeys and the benchmarks import it.
 */

export interface MailParts {
  /** The To header. */
  to: string;
  subject: string;
  /** The text/plain part (or the whole body), quoted-printable decoded. */
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) decoded: a German or Chinese subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** A message or a MIME part: its headers, and its body split off at the first empty line. */
function splitEntity(entity: string): { headers: string; body: string } {
  const [headers = '', ...rest] = entity.split(/\r?\n\r?\n/);
  return { headers, body: rest.join('\n\n') };
}

/** The boundary a multipart entity's Content-Type names, if it names one. */
const boundaryOf = (headers: string) => /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];

/** The parts of a raw message (as sent over SMTP, or an .eml file) that tests read. */
export function parseMail(raw: string): MailParts {
  const message = splitEntity(raw);
  // Long headers are folded onto indented lines.
  const headers = message.headers.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    decodeHeader(new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '');
  // The text/plain part of a multipart/alternative message (or the whole body). Parts end at the
  // boundary only: a line of the text may itself start with "--" (a wrapped link's token can).
  const boundary = boundaryOf(message.headers);
  const parts = boundary ? message.body.split(`--${boundary}`).map(splitEntity) : [message];
  const textPart = parts.find((part) => /^Content-Type: text\/plain/im.test(part.headers)) ?? message;
  const text = boundary ? textPart.body.replace(/\r?\n$/, '') : textPart.body;
  const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(textPart.headers);
  // Text mostly outside ASCII (Chinese) comes base64-encoded.
  const isBase64 = /^Content-Transfer-Encoding: base64/im.test(textPart.headers);
  return {
    to: header('To'),
    subject: header('Subject'),
    text: isQuotedPrintable
      ? decodeQuotedPrintable(text)
      : isBase64
        ? Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8')
        : text,
  };
}

/** The first link into the app in a mail. */
export function linkIn(mail: { subject: string; text: string }): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

export interface OutboxMail extends MailParts {
  file: string;
}

/** The server writes a mail in one go, but a reader can still catch the file half written. */
function isComplete(raw: string): boolean {
  const boundary = boundaryOf(splitEntity(raw).headers);
  return boundary === undefined || raw.includes(`--${boundary}--`);
}

/** Every complete mail in the outbox of a server run with DATA_DIR `dataDir`, newest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  return files.flatMap((file) => {
    let raw: string;
    try {
      raw = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return []; // removed by another test's clean-up since the listing
    }
    return isComplete(raw) ? [{ file: path.join(dir, file), ...parseMail(raw) }] : [];
  });
}

/** Whether a mail's To header names `address` (addresses compared without letter case). */
export const isMailTo = (mail: MailParts, address: string) => mail.to.toLowerCase() === address.toLowerCase();

/** The newest mail in the outbox of `dataDir` to `to` whose subject matches, if one is there yet. */
export function outboxMailTo(dataDir: string, to: string, subject: RegExp): OutboxMail | undefined {
  return readOutbox(dataDir).find((mail) => isMailTo(mail, to) && subject.test(mail.subject));
}
