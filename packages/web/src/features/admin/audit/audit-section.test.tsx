import {
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_OBJECTS,
  type AuditRow,
  fillPath,
  STAFF_API,
} from '@yingku/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp, setTestRuntimeConfig, stubApi } from '../../../test/render';
import { ADMIN_TEXT } from '../texts';
import { AuditSection } from './audit-section';
import { AUDIT_TEXT } from './texts';

// 操作日志 as an admin reads it: only fetch is stubbed (the list and one entry).

/** An audit entry as the server answers it; `overrides` for the case at hand. */
const buildEntry = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  id: '901',
  time: '2025-03-04 05:06:07',
  actorId: '7',
  actorName: 'finance1',
  action: 'user.vip',
  objectType: 'user',
  objectId: '42',
  before: { vipUntil: '2030-01-02 03:04:05', levelId: 2 },
  after: { vipUntil: null, levelId: 1 },
  reason: '用户申请退款',
  ip: '203.0.113.9',
  requestId: 'req-abc',
  ...overrides,
});
const VIP = buildEntry();
const MINT = buildEntry({
  id: '900',
  action: 'codes.mint',
  objectType: 'codeBatch',
  objectId: '2025春节',
  before: null,
  after: { count: 10 },
  reason: null,
});

/** The console's /admin/audit route, the way the shell mounts it. */
function openAudit(path = '/admin/audit') {
  const calls = stubApi({
    [STAFF_API.audit]: () => ({ code: 200, msg: '', rows: [VIP, MINT], total: 2 }),
    [fillPath(STAFF_API.auditEntry, { id: '555' })]: () => ({
      code: 200,
      msg: '',
      data: buildEntry({ id: '555', reason: '从链接打开' }),
    }),
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path="/admin/audit/:entryId?" element={<AuditSection />} />
    </Routes>,
    { path },
  );
  /** The query of each list call, as sent. */
  const listQueries = () =>
    calls.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(STAFF_API.audit))
      .map((url) => url.searchParams);
  return { ...rendered, calls, listQueries };
}

beforeAll(() => setTestRuntimeConfig());

describe('操作日志', () => {
  it('lists entries with who, what, which object and why', async () => {
    openAudit();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((row) => row.getAttribute('data-entry'))).toEqual(['901', '900']);
    const vip = within(rows[0]!);
    expect(vip.getByText('finance1')).toBeTruthy();
    expect(vip.getByRole('link', { name: AUDIT_ACTIONS['user.vip'] })).toBeTruthy();
    expect(vip.getByText(AUDIT_OBJECTS.user)).toBeTruthy();
    expect(vip.getByText('用户申请退款')).toBeTruthy();
    expect(within(rows[1]!).getByText(AUDIT_OBJECTS.codeBatch)).toBeTruthy();
    expect(within(rows[1]!).getByText(ADMIN_TEXT.none)).toBeTruthy();
  });

  it('asks again with the filters on 查询, from the first page', async () => {
    const { user, listQueries } = openAudit();
    await screen.findAllByTestId('audit-row');
    const filters = screen.getByTestId('audit-filters');
    await user.type(within(filters).getByLabelText(AUDIT_TEXT.actor), 'finance1');
    await user.selectOptions(within(filters).getByLabelText(AUDIT_TEXT.action), 'user.vip');
    await user.selectOptions(within(filters).getByLabelText(AUDIT_TEXT.object), 'user');
    await user.type(within(filters).getByLabelText(AUDIT_TEXT.objectId), '42');
    await user.click(within(filters).getByRole('button', { name: AUDIT_TEXT.apply }));

    await waitFor(() => expect(listQueries()).toHaveLength(2));
    const sent = Object.fromEntries(listQueries()[1]!);
    expect(sent).toMatchObject({
      actor: 'finance1',
      action: 'user.vip',
      objectType: 'user',
      objectId: '42',
      pageNum: '1',
    });
  });

  it('opens an entry from the list with each field before and after, asking nothing more', async () => {
    const { user, listQueries, calls } = openAudit();
    const [vip] = await screen.findAllByTestId('audit-row');
    await user.click(vip!);

    const detail = await screen.findByTestId('audit-entry');
    expect(within(detail).getByTestId('audit-entry-ip').textContent).toBe('203.0.113.9');
    expect(within(detail).getByTestId('audit-entry-request').textContent).toBe('req-abc');
    const changes = within(detail).getByTestId('audit-changes');
    const vipUntil = changes.querySelector('[data-field="vipUntil"]')!;
    expect([...vipUntil.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      `${AUDIT_FIELDS.vipUntil}vipUntil`,
      '2030-01-02 03:04:05',
      ADMIN_TEXT.none,
    ]);
    expect(calls).toHaveBeenCalledTimes(listQueries().length);
  });

  it('loads an entry opened by its link', async () => {
    openAudit('/admin/audit/555');
    const detail = await screen.findByTestId('audit-entry');
    expect(await within(detail).findByText('从链接打开')).toBeTruthy();
  });
});
