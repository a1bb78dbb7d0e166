import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
  /** Files sent with the message (a driver's document, say). */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** 'smtp' when an SMTP server took the message, 'outbox' when it was written as an .eml file. */
  readonly via: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * DATA_DIR/outbox, so nothing is lost on a machine without a mail server and an operator can read it.
 */
export function createMailer({ smtpUrl, from, outboxDir }: MailConfig): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      via: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    via: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
