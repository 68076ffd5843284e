import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { logLines } from '../../../test/log-lines';
import { createMailer } from './mailer';
import { mailSettings } from './mail-settings';

const dir = mkdtempSync(path.join(tmpdir(), 'yingku-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mail = {
  to: 'member@example.com',
  subject: '影库：重置密码',
  text: '您好：\n\nhttps://site.example/reset-password#token=abc\n',
  html: '<p>您好：</p>',
  link: 'https://site.example/reset-password#token=abc',
};

describe('the mailer without SMTP_URL', () => {
  it('writes the whole message to DATA_DIR/outbox and prints its link', async () => {
    const { stream, lines } = logLines();
    const settings = mailSettings({}, dir, 'https://site.example');
    expect(settings.from).toBe('影库 <no-reply@site.example>');
    const mailer = createMailer(settings, pino(stream));
    mailer.send(mail);
    await mailer.close();

    const [file] = readdirSync(path.join(dir, 'outbox'));
    const parsed = await simpleParser(readFileSync(path.join(dir, 'outbox', file!)));
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from?.value).toEqual([{ name: '影库', address: 'no-reply@site.example' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'member@example.com' }] });
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.messageId).toMatch(/@site\.example>$/);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'mail.outbox', link: mail.link }));
  });
});

describe('the mailer with SMTP_URL', () => {
  it('logs a server that cannot be reached, and the caller is not held or failed', async () => {
    const { stream, lines } = logLines();
    const mailer = createMailer(
      {
        smtpUrl: 'smtp://127.0.0.1:1',
        from: '影库 <no-reply@site.example>',
        outboxDir: undefined,
        siteUrl: '',
      },
      pino(stream),
    );
    expect(() => mailer.send(mail)).not.toThrow();
    await mailer.close();
    expect(lines).toContainEqual(expect.objectContaining({ event: 'mail.failed', level: 50 }));
    // The link never reaches the log when mail goes out by SMTP.
    expect(JSON.stringify(lines)).not.toContain('token=abc');
  });

  it('refuses a From without an address when it would go to real mailboxes', () => {
    expect(() =>
      mailSettings({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: '影库' }, dir, 'https://site.example'),
    ).toThrow(/MAIL_FROM/);
  });
});
