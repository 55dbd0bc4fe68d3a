/**
 * A sticker's short code (issue 34, docs/decisions/0155-sticker-codes.md): 8 characters of Crockford's
 * base32 (0-9 and A-Z without I, L, O, U), 40 random bits. Stored and sent as the 8 characters, upper case,
 * without the dash; shown `XXXX-XXXX`. A typed code is read leniently: case, spaces and dashes ignored, and
 * Crockford's look-alikes read as the digits they look like (O as 0, I and L as 1).
 */
export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SHORT_CODE_LENGTH = 8;

const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{8}$/;
/** Longer input is refused before it is read: no code is this long, even typed with spaces. */
const MAX_TYPED_LENGTH = 32;

/** The canonical code a typed or linked one stands for, or undefined when it cannot be a code. */
export function normaliseShortCode(typed: string): string | undefined {
  if (typed.length > MAX_TYPED_LENGTH) return undefined;
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CANONICAL.test(code) ? code : undefined;
}

/** `XXXX-XXXX`, as a sticker and the screens show it. */
export const formatShortCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
