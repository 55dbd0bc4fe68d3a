import type { User } from '../../../shared/auth/auth.contract.js';
import { authScreenTexts } from './texts.js';

/** "First Last" when either name exists, else null. */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return name === '' ? null : name;
}

/** The one letter shown in the avatar: the first name's, else the email's. */
export function userInitial(user: Pick<User, 'firstName' | 'email'>): string {
  const source = user.firstName?.trim() || user.email;
  return (source.charAt(0) || '?').toUpperCase();
}

/**
 * Home's greeting: "Hi, {first name}" when the user has one, else a greeting without a name ("Hi there"),
 * never a bare "Hi" (docs/decisions/0060-client-home-greeting.md).
 */
export function greeting(user: Pick<User, 'firstName'>): string {
  const firstName = user.firstName?.trim();
  return firstName ? authScreenTexts.greeting({ name: firstName }) : authScreenTexts.greetingWithoutName;
}
