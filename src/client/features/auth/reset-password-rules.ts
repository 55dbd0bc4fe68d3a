import { authTexts, passwordProblem } from '../../../shared/auth/auth.contract.js';

export interface FormProblem {
  title: string;
  description: string;
}

const problemTitles: Record<string, string> = {
  [authTexts.missingPassword]: 'Missing password',
  [authTexts.passwordsDontMatch]: "Passwords don't match",
  [authTexts.passwordTooShort]: 'Password too short',
  [authTexts.passwordTooWeak]: 'Password too weak',
};

/** The reset form's checks, in the spec's order: required, matching, length, strength (spec §5). */
export function resetPasswordProblem(password: string, confirmation: string): FormProblem | undefined {
  const description =
    password.length === 0
      ? authTexts.missingPassword
      : password !== confirmation
        ? authTexts.passwordsDontMatch
        : passwordProblem(password);
  if (description === undefined) return undefined;
  return { title: problemTitles[description] ?? 'Error', description };
}
