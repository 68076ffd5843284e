import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, parsed by mailparser, with its envelope. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  /** What SMTP_URL the app is given. */
  url: string;
  received: ReceivedMail[];
  /** Waits until a mail to `address` arrives (or one after `after` of them), and answers it. */
  next(address: string, after?: number): Promise<ReceivedMail>;
  /** The link in a received mail's plain text (the first http(s) URL). */
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server library, from nodemailer's authors): the
 * app's mails go through SMTP as in production and the tests read what arrived.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            for (const wake of waiters) wake();
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(address, after = 0) {
      const find = () => received.filter((mail) => mail.to.includes(address))[after];
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail number ${after + 1} to ${address} within 15 s`));
        }, 15_000);
        function check() {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token in a mailed link (`…#token=…`). */
export function linkToken(mail: ReceivedMail): { link: string; token: string } {
  const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')?.[0];
  if (!link) throw new Error(`no link in the mail: ${mail.parsed.text}`);
  return { link, token: link.slice(link.indexOf('#token=') + '#token='.length) };
}
