import { permissionsOf, ROLE_LABELS, ROLE_PERMISSIONS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SECTIONS,
  codesAsText,
  codesCsvFileName,
  codeTailShown,
  consolePermissions,
  consoleViewer,
  downloadStatusTag,
  fromDateTimeInput,
  openableLink,
  openSections,
  orderStatusTag,
  pageCount,
  parseInteger,
  roleNames,
  sectionPath,
  shownTime,
  staffRoleLabels,
  threadStatusTag,
  toDateTimeInput,
} from './admin-model';
import { ADMIN_TEXT } from './texts';

describe('consoleViewer', () => {
  it('lets any console role in, and tells visitors from members', () => {
    expect(consoleViewer(null)).toBe('visitor');
    expect(consoleViewer(undefined)).toBe('visitor');
    expect(consoleViewer({ roles: ['member'] })).toBe('member');
    expect(consoleViewer({ roles: [] })).toBe('member');
    for (const role of ['support', 'content', 'finance', 'admin']) {
      expect(consoleViewer({ roles: ['member', role] })).toBe('staff');
    }
  });

  it('keeps the retired staff role, and any unknown one, out', () => {
    expect(consoleViewer({ roles: ['member', 'staff'] })).toBe('member');
    expect(consoleViewer({ roles: ['root'] })).toBe('member');
  });
});

describe('consolePermissions', () => {
  it('keeps the permissions the console knows, in the contract’s order', () => {
    expect(consolePermissions({ permissions: ['orders.read', 'support.threads'] })).toEqual([
      'support.threads',
      'orders.read',
    ]);
    // RuoYi-style strings of old answers open nothing.
    expect(consolePermissions({ permissions: ['*:*:*', 'support:reply'] })).toEqual([]);
  });
});

/** The sidebar of someone with these roles, as getInfo would describe them. */
const sidebarOf = (...roles: string[]) =>
  openSections(consolePermissions({ permissions: permissionsOf(roles) })).map((section) => section.path);

describe('openSections', () => {
  it('shows each role the sections of its job, in sidebar order', () => {
    expect(sidebarOf('member', 'support')).toEqual(['inbox', 'orders', 'users']);
    expect(sidebarOf('member', 'content')).toEqual(['catalogue', 'downloads', 'reviews']);
    expect(sidebarOf('member', 'finance')).toEqual(['orders', 'packages', 'codes', 'users']);
  });

  it('gives an admin every section, 操作日志 last; a member none', () => {
    expect(sidebarOf('member', 'admin')).toEqual(ADMIN_SECTIONS.map((section) => section.path));
    expect(sidebarOf('member', 'admin').at(-1)).toBe('audit');
    expect(sidebarOf('member')).toEqual([]);
  });

  it('joins the sections of several roles without repeating one', () => {
    expect(sidebarOf('support', 'finance')).toEqual(['inbox', 'orders', 'packages', 'codes', 'users']);
  });

  it('opens only sections whose permission some role grants', () => {
    const granted = new Set(Object.values(ROLE_PERMISSIONS).flat());
    for (const section of ADMIN_SECTIONS) expect(granted.has(section.permission)).toBe(true);
  });
});

describe('role labels', () => {
  it('names the console roles, 会员 left out, in the contract’s order', () => {
    expect(staffRoleLabels(['member', 'finance', 'support'])).toEqual([
      { role: 'support', label: ROLE_LABELS.support },
      { role: 'finance', label: ROLE_LABELS.finance },
    ]);
    expect(staffRoleLabels(['member', 'admin'])).toEqual([{ role: 'admin', label: ROLE_LABELS.admin }]);
    expect(staffRoleLabels(['member', 'staff'])).toEqual([]);
  });

  it('shows 会员 for an account with no console role', () => {
    expect(roleNames(['member'])).toBe(ROLE_LABELS.member);
    expect(roleNames(['member', 'content', 'admin'])).toBe(`${ROLE_LABELS.content}、${ROLE_LABELS.admin}`);
  });
});

describe('sectionPath', () => {
  it('builds /admin/{section}[/{id}], the id encoded', () => {
    expect(sectionPath('inbox')).toBe('/admin/inbox');
    expect(sectionPath('inbox', '1234567890123456')).toBe('/admin/inbox/1234567890123456');
    expect(sectionPath('inbox', 'a/b')).toBe('/admin/inbox/a%2Fb');
    expect(sectionPath('audit', '77')).toBe('/admin/audit/77');
  });
});

describe('status tags', () => {
  it('reads thread statuses from customer service’s side', () => {
    expect(threadStatusTag(0).label).toBe(ADMIN_TEXT.statusAwaiting);
    expect(threadStatusTag(1).label).toBe(ADMIN_TEXT.statusReplied);
    expect(threadStatusTag(9).label).toBe(ADMIN_TEXT.statusClosed);
  });

  it('reads order statuses, an unknown one as its number', () => {
    expect(orderStatusTag(0).label).toBe(ADMIN_TEXT.orderUnpaid);
    expect(orderStatusTag(1)).toEqual({ label: ADMIN_TEXT.orderPaid, color: 'success' });
    expect(orderStatusTag(2).label).toBe(ADMIN_TEXT.orderClosed);
    expect(orderStatusTag(7).label).toBe('7');
  });

  it('reads cloud-download statuses', () => {
    expect(downloadStatusTag(0)).toEqual({ label: ADMIN_TEXT.downloadRequested, color: 'warning' });
    expect(downloadStatusTag(1)).toEqual({ label: ADMIN_TEXT.downloadDone, color: 'success' });
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('datetime-local conversions', () => {
  it('turns the console’s time into an input value and back', () => {
    expect(toDateTimeInput('2025-03-04 05:06:07')).toBe('2025-03-04T05:06:07');
    expect(toDateTimeInput(null)).toBe('');
    expect(fromDateTimeInput('2025-03-04T05:06:07')).toBe('2025-03-04 05:06:07');
    expect(fromDateTimeInput('2025-03-04T05:06')).toBe('2025-03-04 05:06:00');
    expect(fromDateTimeInput('  ')).toBeNull();
    // Anything else goes as typed, for the server to refuse with its message.
    expect(fromDateTimeInput('tomorrow')).toBe('tomorrow');
  });
});

describe('parseInteger', () => {
  it('accepts whole numbers only', () => {
    expect(parseInteger(' 30 ')).toBe(30);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('3.5')).toBeUndefined();
    expect(parseInteger('')).toBeUndefined();
    expect(parseInteger('1e3')).toBeUndefined();
  });
});

describe('codes', () => {
  it('names the CSV after its batch, safely', () => {
    expect(codesCsvFileName('2025春节')).toBe('activation-codes-2025春节.csv');
    expect(codesCsvFileName('../a b')).toBe('activation-codes-.._a_b.csv');
    expect(codesCsvFileName('///')).toBe('activation-codes.csv');
  });

  it('copies one code a line and shows tails', () => {
    expect(codesAsText(['A', 'B'])).toBe('A\nB');
    expect(codeTailShown('HV3PC')).toBe('…HV3PC');
    expect(codeTailShown('')).toBe(ADMIN_TEXT.none);
  });
});

describe('shownTime', () => {
  it('shows minutes, or — for none', () => {
    expect(shownTime('2025-03-04 05:06:07')).toBe('2025-03-04 05:06');
    expect(shownTime(null)).toBe(ADMIN_TEXT.none);
    expect(shownTime('odd')).toBe('odd');
  });
});

describe('openableLink', () => {
  it('links web and magnet addresses only', () => {
    expect(openableLink(' https://example.com/a ')).toBe('https://example.com/a');
    expect(openableLink('magnet:?xt=urn:btih:abc')).toBe('magnet:?xt=urn:btih:abc');
    expect(openableLink('javascript:alert(1)')).toBeUndefined();
    expect(openableLink('data:text/html,x')).toBeUndefined();
    expect(openableLink('')).toBeUndefined();
  });
});
