import { RECOVERY_LIMITS } from '@yingku/contract';
import type { Mail } from '../mail/mailer';

// The mails of getting an account back, in the site's Chinese: the same words as plain text and
// as HTML, the link written out in full (no tracking, no images), as a mail client expects.

interface Letter {
  to: string;
  userName: string;
  subject: string;
  /** Paragraphs; `{link}` stands where the link goes. */
  paragraphs: string[];
  link?: string;
}

function letter({ to, userName, subject, paragraphs, link }: Letter): Mail {
  const lines = [`您好，${userName}：`, ...paragraphs, '影库'];
  const text = lines.map((line) => (link ? line.replace('{link}', link) : line)).join('\n\n') + '\n';
  const html = [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head><body>',
    ...lines.map((line) => {
      const escaped = escapeHtml(line);
      return `<p>${link ? escaped.replace('{link}', `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : escaped}</p>`;
    }),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, ...(link ? { link } : {}) };
}

export function resetMail(to: string, userName: string, link: string): Mail {
  return letter({
    to,
    userName,
    link,
    subject: '影库：重置密码',
    paragraphs: [
      `我们收到了重置您影库账号密码的请求。请在${RECOVERY_LIMITS.resetLinkMinutes}分钟内打开下面的链接设置新密码，链接只能使用一次：`,
      '{link}',
      '密码重置后，所有已登录的设备都会退出。如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。',
    ],
  });
}

export function verifyMail(to: string, userName: string, link: string): Mail {
  return letter({
    to,
    userName,
    link,
    subject: '影库：验证安全邮箱',
    paragraphs: [
      `请在${RECOVERY_LIMITS.verifyLinkHours}小时内打开下面的链接，验证这个邮箱是您影库账号的安全邮箱。验证后，忘记密码时可以用它找回账号：`,
      '{link}',
      '如果您没有在影库使用这个邮箱，请忽略这封邮件。',
    ],
  });
}

/** To the old address when the safe e-mail changes: the member hears of it where they did before. */
export function emailChangedMail(to: string, userName: string): Mail {
  return letter({
    to,
    userName,
    subject: '影库：安全邮箱已修改',
    paragraphs: [
      '您影库账号的安全邮箱刚刚被修改，以后重置密码的邮件将发送到新邮箱。',
      '如果这不是您本人的操作，请立即登录并修改密码，或联系客服。',
    ],
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
