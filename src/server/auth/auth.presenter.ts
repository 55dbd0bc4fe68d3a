import type { User } from '../../shared/auth/auth.contract.js';
import type { SessionUser } from '../plugins/session.js';

/** What leaves the server of the signed-in user: their own account, nothing else. */
export function presentUser(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    authProvider: user.authProvider,
    locale: user.locale,
  };
}
