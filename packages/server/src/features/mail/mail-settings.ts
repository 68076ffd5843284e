import path from 'node:path';
import { z } from 'zod';

/** The mail settings' environment variables (docs/configuration.md#mail). */
export const mailEnvShape = {
  /** smtp:// or smtps:// with user and password in it; unset: mails go to the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, '应为 smtp:// 或 smtps:// 开头的地址')
    .optional(),
  /** The From of every mail, e.g. `影库 <no-reply@example.com>`. */
  MAIL_FROM: z.string().max(200).optional(),
};

export interface MailSettings {
  /** Where mails are sent; undefined: written to {@link outboxDir} and printed in the log. */
  smtpUrl: string | undefined;
  from: string;
  /** DATA_DIR/outbox, or undefined (tests without a mail server): only the log line. */
  outboxDir: string | undefined;
  /** The site's public origin that links in mails start with (PUBLIC_URL). */
  siteUrl: string;
}

/** A From the receiving side can check: a name and an address at the site's own host. */
export function mailSettings(
  e: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined },
  dataDir: string,
  siteUrl: string,
): MailSettings {
  const host = new URL(siteUrl).hostname;
  const from = e.MAIL_FROM ?? `影库 <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
  if (e.SMTP_URL && !/<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/.test(from)) {
    throw new Error('MAIL_FROM: 应为 "名字 <地址>" 或一个邮箱地址');
  }
  return { smtpUrl: e.SMTP_URL, from, outboxDir: path.join(dataDir, 'outbox'), siteUrl };
}
