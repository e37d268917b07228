/**
 * A real SMTP server on loopback, for tests that read what the app mailed: each message is kept
 * as a mail client shows it, headers and body with the transfer encoding undone.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres-server';

export interface Delivered {
  to: string[];
  /** The message as a mail client shows it: headers and the decoded body. */
  text: string;
}

export interface SmtpSink {
  /** For SMTP_URL. */
  url: string;
  inbox: Delivered[];
  /** Waits for a message to the address whose text matches, and takes it out of the inbox. */
  mailTo(address: string, about: RegExp): Promise<Delivered>;
  close(): Promise<void>;
}

/** Undoes the transfer encoding the sender chose for the body. */
function decode(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    return head + '\n\n' + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const text = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return head + '\n\n' + Buffer.from(text, 'latin1').toString('utf8');
  }
  return raw;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: Delivered[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decode(Buffer.concat(chunks).toString('latin1')),
        });
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async mailTo(address, about) {
      for (let i = 0; i < 400; i++) {
        const found = inbox.find((m) => m.to.includes(address) && about.test(m.text));
        if (found) {
          inbox.splice(inbox.indexOf(found), 1);
          return found;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${address} matching ${about}`);
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
