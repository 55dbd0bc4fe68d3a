import { authTexts, passwordProblem } from '../../../shared/auth/auth.contract.js';
import { authScreenTexts } from './texts.js';

export interface FormProblem {
  title: string;
  description: string;
}

/** Each problem's title, by its description, in the language of the moment. */
const problemTitles = (): Record<string, string> => ({
  [authTexts.missingPassword]: authScreenTexts.missingPasswordTitle,
  [authTexts.passwordsDontMatch]: authScreenTexts.passwordsDontMatchTitle,
  [authTexts.passwordTooShort]: authScreenTexts.passwordTooShortTitle,
  [authTexts.passwordTooWeak]: authScreenTexts.passwordTooWeakTitle,
});

/** The reset form's checks, in the spec's order: required, matching, length, strength (spec §5). */
export function resetPasswordProblem(password: string, confirmation: string): FormProblem | undefined {
  const description =
    password.length === 0
      ? authTexts.missingPassword
      : password !== confirmation
        ? authTexts.passwordsDontMatch
        : passwordProblem(password);
  if (description === undefined) return undefined;
  return { title: problemTitles()[description] ?? authScreenTexts.error, description };
}
