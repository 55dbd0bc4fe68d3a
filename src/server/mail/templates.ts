import { EMAIL_FALLBACK_AFTER_MS } from '../../shared/messaging/status.contract.js';
import type { Mail } from './mailer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string },
): Mail {
  const text = [...paragraphs, '', `${action.label}: ${action.link}`, '', 'Vehicle Contact'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">If the button does not work, open this address: ${escapeHtml(action.link)}</p>
</body></html>`;
  return { to, subject, text, html, link: action.link };
}

export const verifyEmailMail = (to: string, link: string) =>
  layout(
    to,
    'Verify your email address',
    [
      'Welcome to Vehicle Contact.',
      'Please confirm your email address. Verification prevents spam and makes sure messages about your vehicles reach you.',
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Verify email address', link },
  );

export const resetPasswordMail = (to: string, link: string) =>
  layout(
    to,
    'Reset your password',
    [
      'Someone asked to reset the password of your Vehicle Contact account.',
      'If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', link },
  );

export const accountExistsMail = (to: string, link: string) =>
  layout(
    to,
    'You already have an account',
    [
      'Someone tried to create a Vehicle Contact account with this email address, but an account already exists.',
      'If it was you, sign in instead, or reset your password if you have forgotten it.',
      'If it was not you, ignore this email.',
    ],
    { label: 'Sign in', link },
  );

/** Decision 0149: the account was deleted; the mail says what went and that nothing can bring it back. */
export const accountDeletedMail = (to: string, appOrigin: string) =>
  layout(
    to,
    'Your account has been deleted',
    [
      'Your Vehicle Contact account has been deleted, as you asked.',
      'Its vehicles, QR codes, conversations, messages and settings are gone, and cannot be restored.',
      'If it was not you, your password was known to someone else: you can create a new account at any time.',
    ],
    { label: 'Open Vehicle Contact', link: appOrigin },
  );

/**
 * Issue 32's e-mail fallback (docs/decisions/0145): a message for the owner's vehicle that no notification
 * delivered. `subject` names the vehicle as the push does; `text` is the message, or the line a push shows
 * when the owner hides previews; `settingName` is the switch that turns these mails off. Nothing of who
 * wrote.
 */
export const newMessageMail = (
  to: string,
  mail: { subject: string; text: string; isPreview: boolean; settingName: string; link: string },
) =>
  layout(
    to,
    mail.subject,
    [
      `${mail.subject}.`,
      mail.isPreview ? `“${mail.text}”` : mail.text,
      `You get this email because your notifications could not reach you within ${EMAIL_FALLBACK_AFTER_MS / 60_000} minutes. To stop these emails, turn off “${mail.settingName}” in Settings.`,
    ],
    { label: 'Open the conversation', link: mail.link },
  );
