import { permissionsOf, ROLE_LABELS, type SessionUser, STAFF_API } from '@yingku/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp, setTestRuntimeConfig, stubApi } from '../../test/render';
import { consolePermissions } from './admin-model';
import { AdminShell } from './admin-shell';
import { ADMIN_TEXT } from './texts';

// The console's frame for a staff member by their roles: only fetch is stubbed (the lists the
// first open section asks for).

const USER: SessionUser = { userId: '7', userName: 'desk', avatar: '', email: '', vipUntil: null };
const emptyTable = () => ({ code: 200, msg: '', rows: [], total: 0 });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** /admin/* at `path` for someone with `roles`, their permissions as getInfo would list them. */
function openConsole(roles: string[], path = '/admin') {
  const calls = stubApi({
    [STAFF_API.inbox]: emptyTable,
    [STAFF_API.orders]: emptyTable,
    [STAFF_API.works]: emptyTable,
    [STAFF_API.imports]: emptyTable,
    [STAFF_API.mediaList]: emptyTable,
  });
  const permissions = consolePermissions({ permissions: permissionsOf(roles) });
  renderWithApp(
    <Routes>
      <Route
        path="/admin/*"
        element={
          <>
            <AdminShell user={USER} roles={roles} permissions={permissions} />
            <Where />
          </>
        }
      />
    </Routes>,
    { path },
  );
  const calledPaths = () =>
    calls.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  return { calledPaths };
}

const sidebar = () =>
  within(screen.getByRole('navigation', { name: ADMIN_TEXT.sections }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeAll(() => setTestRuntimeConfig());

describe('the console by role', () => {
  it('shows 财务 its own sections and its role, opening the first', async () => {
    openConsole(['member', 'finance']);
    expect(sidebar()).toEqual([ADMIN_TEXT.orders, ADMIN_TEXT.packages, ADMIN_TEXT.codes, ADMIN_TEXT.users]);
    expect(within(screen.getByTestId('admin-user')).getByText(ROLE_LABELS.finance)).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/orders');
  });

  it('leads a closed section’s address to the first open one, asking nothing of it', async () => {
    const { calledPaths } = openConsole(['member', 'support'], '/admin/audit');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/inbox'));
    await waitFor(() => expect(calledPaths().some((path) => path.endsWith(STAFF_API.inbox))).toBe(true));
    expect(calledPaths().some((path) => path.includes(STAFF_API.audit))).toBe(false);
  });

  it('gives an admin 操作日志 and names every role held', () => {
    openConsole(['member', 'support', 'admin'], '/admin/catalogue');
    expect(sidebar().at(-1)).toBe(ADMIN_TEXT.audit);
    const who = within(screen.getByTestId('admin-user'));
    expect(who.getByText(ROLE_LABELS.support)).toBeTruthy();
    expect(who.getByText(ROLE_LABELS.admin)).toBeTruthy();
  });
});
