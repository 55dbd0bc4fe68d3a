import { type CountryCode, findNumbers, type NumberFound } from 'libphonenumber-js/max';
import { LinkifyIt } from 'linkify-it';
import { scrubTexts } from '../../../shared/messaging/scrub-texts.js';

/**
 * Masks the contact details a message carries (issue 33 point 2, docs/decisions/0148): phone numbers
 * (libphonenumber-js, plus digits spaced out, dotted or spelled), e-mail addresses (also "at"/"dot"
 * obfuscated), links (linkify-it) and messenger handles. Plates, times, prices, dates and ordinary
 * sentences with numbers stay. Every detector marks spans of the original text; overlapping spans are
 * joined and each is replaced by its text from `scrubTexts`.
 */

export type ScrubKind = 'phone' | 'email' | 'link' | 'contact';

interface Span {
  start: number;
  end: number;
  kind: ScrubKind;
}

/** Which text a joined span shows when detectors overlap: the most specific. */
const priority: Record<ScrubKind, number> = { email: 3, link: 2, phone: 1, contact: 0 };

/** A phone number has at least this many digits; plates, times and prices have fewer in a row. */
const MIN_PHONE_DIGITS = 7;

/** The regions whose national formats are tried, besides numbers written with their country code. */
const regions: CountryCode[] = ['GB', 'US', 'DE', 'FR', 'ES', 'IT', 'NL', 'IN', 'BR', 'AU', 'CN', 'PL'];

/**
 * `findNumbers` with the leniency its README documents but its types leave out: "POSSIBLE" takes a number
 * of a possible length for its region, also one no carrier has handed out yet (the "555" ones).
 */
const findPossibleNumbers = findNumbers as (
  text: string,
  options: { defaultCountry?: CountryCode; v2: true; leniency: 'POSSIBLE' },
) => NumberFound[];

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

const TLD =
  '(?:com|net|org|info|biz|edu|gov|io|co|me|app|dev|xyz|online|site|eu|uk|de|fr|es|it|nl|be|at|ch|pl|cz|hu|ro|pt|ie|se|no|dk|fi|gr|tr|ru|ua|us|ca|au|nz|in|br|mx|ar|cn|jp|kr)';
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const LOCAL = "[a-z0-9][a-z0-9._%+'-]*";
const BRACKET = (word: string) => `\\s*[\\[({<]\\s*${word}\\s*[\\])}>]\\s*`;
/** "at" written out: " at ", "(at)", "[at]". */
const AT_WORD = `(?:\\s+at\\s+|${BRACKET('at')})`;
/** "." written out: " dot ", "(dot)", "[.]". */
const DOT_WORD = `(?:\\s+dot\\s+|${BRACKET('dot')}|${BRACKET('\\.')})`;

const patterns = {
  /** "john @ gmail . com": an "@" with spaces around its parts. */
  spacedEmail: new RegExp(`\\b${LOCAL}\\s*@\\s*${LABEL}(?:\\s*\\.\\s*${LABEL})*\\s*\\.\\s*${TLD}\\b`, 'gi'),
  /** "john at gmail dot com", "john(at)gmail.com". */
  wordEmail: new RegExp(
    `\\b${LOCAL}${AT_WORD}${LABEL}(?:(?:${DOT_WORD}|\\.)${LABEL})*?(?:${DOT_WORD}|\\.)${TLD}\\b`,
    'gi',
  ),
  /** "gmail dot com", "example(dot)co(dot)uk". */
  wordDomain: new RegExp(`\\b${LABEL}(?:${DOT_WORD}${LABEL})*?${DOT_WORD}${TLD}\\b`, 'gi'),
  /** "@john_doe", not an e-mail's "@" nor "@5pm". */
  handle: /(?<![\w@.])@[a-z_][a-z0-9_.]{1,29}[a-z0-9_]/gi,
  /** "insta: kate99", "my telegram is @kate", "snap = kate.m": the handle after a messenger's name. */
  messengerHandle:
    /\b(?:telegram|tg|whatsapp|signal|snapchat|snap|insta|instagram|ig|tiktok|facebook|fb|twitter|discord|wechat|viber|skype|kik|threads|messenger|linkedin)\b(?:\s+(?:id|handle|name|username|user))?(?:\s*[:=]\s*@?([\w.]{3,})|\s+(?:is|at|on)\s+(@[\w.]{3,}|[\w.]*[\d_.][\w.]*))/gi,
  /** A digit or a spelled-out one, and what may stand between those of a phone number. */
  digitRun:
    /(?:\d+|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b)(?:[\s.,\-–()+]{1,3}(?:\d+|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b)|(?:\d+))*/gi,
};

/** Text that has digits but is no phone number: ids, dates, times, prices. Hidden from the phone detectors. */
const keptShapes = [
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /(?<![\d./-])\d{4}([-./])\d{1,2}\1\d{1,2}(?![./-]?\d)/g,
  /(?<![\d./-])\d{1,2}([-./])\d{1,2}\1(?:\d{4}|\d{2})(?![./-]?\d)/g,
  /\b\d{1,2}[:h]\d{2}(?::\d{2})?\b/gi,
  /\b\d{1,2}(?:[.:]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|uhr)\b/gi,
  /[€$£¥₹]\s?\d[\d.,]*/g,
  /\b\d[\d.,]*\s?(?:€|\$|£|eur|euros?|usd|gbp|dollars?|pounds?|kr|chf|zł|pln|cents?|p)\b/gi,
  /(?<![\d.,])\d{1,4}[.,]\d{2}(?![.,]?\d)/g,
  /\b[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?\b/g,
];

const digitValue = /zero|oh|one|two|three|four|five|six|seven|eight|nine|\d/gi;

function countDigits(text: string): number {
  return text.match(digitValue)?.length ?? 0;
}

function spansOf(pattern: RegExp, text: string, kind: ScrubKind, group?: number): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern)) {
    const whole = match[0];
    const part = group === undefined ? whole : (match[group] ?? match[group + 1]);
    if (!part) continue;
    const start = match.index + (group === undefined ? 0 : whole.lastIndexOf(part));
    spans.push({ start, end: start + part.length, kind });
  }
  return spans;
}

/** The text with every kept shape blanked to "#", so the phone detectors neither see nor join across it. */
function withKeptShapesBlanked(text: string): string {
  let blanked = text;
  for (const shape of keptShapes) {
    blanked = blanked.replace(shape, (found) => '#'.repeat(found.length));
  }
  return blanked;
}

function phoneSpans(text: string): Span[] {
  // Most messages hold no phone number's worth of digits ("Your lights are on"): no span of theirs could
  // count MIN_PHONE_DIGITS (`keep` counts the same way, within the text), so the 13 passes of the phone
  // detectors are skipped. The count is an upper bound ("someone" counts its "one"): nothing is missed.
  if (countDigits(text) < MIN_PHONE_DIGITS) return [];
  const blanked = withKeptShapesBlanked(text);
  const spans: Span[] = [];
  const keep = (start: number, end: number) => {
    if (countDigits(text.slice(start, end)) >= MIN_PHONE_DIGITS) spans.push({ start, end, kind: 'phone' });
  };
  for (const defaultCountry of [undefined, ...regions]) {
    for (const found of findPossibleNumbers(blanked, { defaultCountry, v2: true, leniency: 'POSSIBLE' })) {
      keep(found.startsAt, found.endsAt);
    }
  }
  for (const match of blanked.matchAll(patterns.digitRun)) keep(match.index, match.index + match[0].length);
  return spans;
}

/** "ok.so", "here.it": two words a missing space joined, not a link (a link has a path, "www." or a longer name). */
const looksLikeJoinedWords = (link: string) => /^[a-z]+\.[a-z]{2}$/i.test(link);

function linkSpans(text: string): Span[] {
  const links = (linkify.match(text) ?? []).filter(
    (match) => match.schema !== '' || !looksLikeJoinedWords(match.raw),
  );
  return links.map((match) => ({
    start: match.index,
    end: match.lastIndex,
    kind: match.schema === 'mailto:' ? 'email' : 'link',
  }));
}

/** Every span found, joined where they overlap or touch, in order. */
function joined(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const result: Span[] = [];
  for (const span of sorted) {
    const last = result.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      if (priority[span.kind] > priority[last.kind]) last.kind = span.kind;
    } else {
      result.push({ ...span });
    }
  }
  return result;
}

/** The spans of contact details in a text (exported for the corpus test). */
export function contactSpans(text: string): Span[] {
  return joined([
    ...linkSpans(text),
    ...spansOf(patterns.spacedEmail, text, 'email'),
    ...spansOf(patterns.wordEmail, text, 'email'),
    ...spansOf(patterns.wordDomain, text, 'link'),
    ...spansOf(patterns.handle, text, 'contact'),
    ...spansOf(patterns.messengerHandle, text, 'contact', 1),
    ...phoneSpans(text),
  ]);
}

/** The text with every contact detail replaced by its "[… hidden]" text. */
export function scrubContactDetails(text: string): string {
  const spans = contactSpans(text);
  if (spans.length === 0) return text;
  let result = '';
  let at = 0;
  for (const span of spans) {
    result += text.slice(at, span.start) + scrubTexts[span.kind];
    at = span.end;
  }
  return result + text.slice(at);
}
