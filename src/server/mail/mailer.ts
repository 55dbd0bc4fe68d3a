import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; the outbox prints it so a newcomer needs no mail server. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Writes each mail to DIR as an .eml file and prints its link on the console (local use, no SMTP).
 * `print` is the console; the structured log never carries links (ADDENDUM §10).
 */
export function createOutboxMailer(
  directory: string,
  from: string,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      print(`\n  Mail "${mail.subject}" written to ${file}\n  Its link: ${mail.link}\n`);
    },
    close: () => undefined,
  };
}
