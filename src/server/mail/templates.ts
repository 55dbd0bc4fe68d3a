import { EMAIL_FALLBACK_AFTER_MS } from '../../shared/messaging/status.contract.js';
import type { Mail } from './mailer.js';
import { mailTexts } from './texts.js';

/*
 * Every mail is built in the language of the moment: its caller runs it in its recipient's
 * (`withLocale(accountLocale, ...)`, docs/decisions/0164), and its words come from ./texts.ts.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  button: { name: string; link: string },
): Mail {
  const text = [...paragraphs, '', `${button.name}: ${button.link}`, '', 'Vehicle Contact'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(button.link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button.name)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(mailTexts.buttonFallback({ link: button.link }))}</p>
</body></html>`;
  return { to, subject, text, html, link: button.link };
}

/** A mail of fixed words (./texts.ts) with its one link. */
const fixedMail = (
  words: { subject: string; paragraphs: string[]; action: string },
  to: string,
  link: string,
) => layout(to, words.subject, words.paragraphs, { name: words.action, link });

export const verifyEmailMail = (to: string, link: string) => fixedMail(mailTexts.verifyEmail, to, link);

export const resetPasswordMail = (to: string, link: string) => fixedMail(mailTexts.resetPassword, to, link);

export const accountExistsMail = (to: string, link: string) => fixedMail(mailTexts.accountExists, to, link);

/** Decision 0149: the account was deleted; the mail says what went and that nothing can bring it back. */
export const accountDeletedMail = (to: string, appOrigin: string) =>
  fixedMail(mailTexts.accountDeleted, to, appOrigin);

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
      mailTexts.newMessage.headline({ subject: mail.subject }),
      mail.isPreview ? mailTexts.newMessage.quoted({ text: mail.text }) : mail.text,
      mailTexts.newMessage.why({ minutes: EMAIL_FALLBACK_AFTER_MS / 60_000, setting: mail.settingName }),
    ],
    { name: mailTexts.newMessage.action, link: mail.link },
  );
