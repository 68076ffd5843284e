import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger';
import type { MailSettings } from './mail-settings';

/** One mail: the same text as plain text and as HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Printed in the log when the mail goes to the outbox (no SMTP): the link it carries. */
  link?: string;
}

export interface Mailer {
  /**
   * Hands the mail over without waiting for it: the caller answers at once, whether or not there
   * was anyone to write to, and a slow or failing mail server never holds a request. A failure
   * is logged.
   */
  send(mail: Mail): void;
  /** Waits for the mails on their way (the app's close). */
  close(): Promise<void>;
}

/**
 * Mail through SMTP with nodemailer when SMTP_URL is set; otherwise each mail is written, as the
 * message a server would send (RFC 5322, with From, Date and Message-ID), to DATA_DIR/outbox and
 * its link printed in the log, so a demo shows the whole flow (decision 066).
 */
export function createMailer(settings: MailSettings, log: Logger): Mailer {
  const smtp = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : undefined;
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  const domain = /@([^>\s]+)>?$/.exec(settings.from)?.[1] ?? 'localhost';

  async function deliver(mail: Mail): Promise<void> {
    const message = {
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      date: new Date(),
      messageId: `<${randomUUID()}@${domain}>`,
    };
    if (smtp) {
      const sent = await smtp.sendMail(message);
      log.info({ event: 'mail.sent', messageId: sent.messageId }, 'mail sent');
      return;
    }
    if (!settings.outboxDir) {
      log.info({ event: 'mail.dropped', subject: mail.subject }, 'mail not sent: no SMTP_URL and no outbox');
      return;
    }
    const built = await builder.sendMail(message);
    await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
    const file = path.join(
      settings.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    log.info(
      { event: 'mail.outbox', file, link: mail.link },
      `mail written to the outbox (no SMTP_URL): ${mail.subject}`,
    );
  }

  return {
    send(mail) {
      const sending = deliver(mail)
        .catch((error: unknown) => log.error({ event: 'mail.failed', err: error }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.allSettled([...pending]);
      smtp?.close();
    },
  };
}
