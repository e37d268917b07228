/**
 * Outgoing mail. By default each message is written to `${DATA_DIR}/outbox` as JSON (nothing
 * leaves the machine); with SMTP_URL it goes through that server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const FROM = 'Listboard <no-reply@listboard.local>';

export function outboxDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(
    config.DATA_DIR === 'memory://' ? path.join(process.cwd(), '.tmp') : config.DATA_DIR,
    'outbox',
  );
}

/** Where the outbox reports links in development; pino's and Fastify's loggers fit. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

const linksIn = (text: string) => text.match(/https?:\/\/[^\s<>"]+/g) ?? [];

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'APP_VERSION'>>,
  log?: MailLog,
): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const dir = outboxDir(config);
  return {
    async send(mail) {
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`,
      );
      await fs.promises.writeFile(
        file,
        JSON.stringify({ from: FROM, ...mail, date: new Date().toISOString() }, null, 2),
      );
      // Without a mail server a developer still needs the verification and reset links.
      if (config.APP_VERSION === 'DEVELOPMENT' && log) {
        log.info({ to: mail.to, subject: mail.subject, links: linksIn(mail.text), file }, 'mail');
      }
    },
  };
}
