import { randomBytes, randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '../../shared/vehicles/sticker-code.js';
import { VERIFICATION_WORDS } from '../../shared/vehicles/verification-words.js';

/** 128 random bits, URL-safe: unguessable (ADDENDUM §4); replaced only when the owner replaces the sticker. */
export const generateQrCode = () => randomBytes(16).toString('base64url');

/** 8 Crockford base32 characters from 40 random bits (5 bytes, 5 bits a character). */
export function generateShortCode(): string {
  const bits = randomBytes(5).reduce((value, byte) => value * 256n + BigInt(byte), 0n);
  let code = '';
  for (let i = SHORT_CODE_LENGTH - 1; i >= 0; i--) {
    code += SHORT_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return code;
}

/** One word of the list, each as likely as the others. */
export const pickVerificationWord = () => VERIFICATION_WORDS[randomInt(VERIFICATION_WORDS.length)] as string;

/** A new QR code, short code and word together: what a vehicle gets when registered or its sticker replaced. */
export const newStickerCodes = () => ({
  qrCode: generateQrCode(),
  shortCode: generateShortCode(),
  verificationWord: pickVerificationWord(),
});
