/** Random tokens (sessions, links, visitor cookies) and what the database keeps of them, for every feature. */
import { hash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
