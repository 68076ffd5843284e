import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, fillPath, SERVER_MSG, STAFF_API, TWO_FACTOR_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectBadRequest, giveSecondFactor } from '../../../test/staff';
import {
  createDemoStaff,
  DEMO_STAFF_PASSWORD_FILE,
  DEMO_STAFF_USER_NAME,
  demoStaffLogin,
} from './demo-staff';

let t: TestApp;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'yk-demo-staff-'));
  dirs.push(dir);
  return dir;
};
const account = () =>
  t.database.db
    .selectFrom('users')
    .selectAll()
    .where('user_name_key', '=', DEMO_STAFF_USER_NAME)
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the demo staff account', () => {
  it('is made with a random password kept in DATA_DIR, and printed while that password works', async () => {
    const dir = dataDir();
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();

    const made = await createDemoStaff(t.database.db, dir);
    expect(made).toEqual({ userName: DEMO_STAFF_USER_NAME, password: expect.stringMatching(/^\w{24}$/) });
    const file = path.join(dir, DEMO_STAFF_PASSWORD_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`${made!.password}\n`);
    // Readable by its owner only, as the JWT secret is.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await account())?.roles).toEqual(['member', 'support', 'content', 'finance']);
    expect(await demoStaffLogin(t.database.db, dir)).toEqual(made);

    // It logs in; the console asks it to set up a second factor first, then answers; not an admin.
    const res = await t.send('POST', API.login, { userName: made!.userName, password: made!.password });
    expect(res.statusCode, res.body).toBe(200);
    const headers = { authorization: `Bearer ${res.json().data.accessToken}` };
    expect((await t.get(STAFF_API.downloads, {}, headers)).json().msg).toBe(TWO_FACTOR_MSG.enrolRequired);
    await giveSecondFactor(t, (await account())!.id);
    expect((await t.get(STAFF_API.downloads, {}, headers)).statusCode).toBe(200);
    const grant = await t.send(
      'POST',
      fillPath(STAFF_API.user, { id: (await account())!.id }),
      { roles: ['admin'] },
      headers,
    );
    expect(grant.statusCode).toBe(403);

    // A second load leaves the account and its password alone.
    expect(await createDemoStaff(t.database.db, dataDir())).toBeNull();
    expect(await demoStaffLogin(t.database.db, dir)).toEqual(made);
  });

  it('is no longer printed once its password, role or state changed, or the file is gone', async () => {
    const dir = dataDir();
    const file = path.join(dir, DEMO_STAFF_PASSWORD_FILE);
    expect(await createDemoStaff(t.database.db, dir)).toBeNull(); // made by the test above
    writeFileSync(file, 'not-the-password\n');
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();
    writeFileSync(file, '\n');
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();

    const [first] = dirs;
    const kept = readFileSync(path.join(first!, DEMO_STAFF_PASSWORD_FILE), 'utf8').trim();
    writeFileSync(file, kept);
    expect(await demoStaffLogin(t.database.db, dir)).toEqual({
      userName: DEMO_STAFF_USER_NAME,
      password: kept,
    });

    const users = t.database.db.updateTable('users').where('user_name_key', '=', DEMO_STAFF_USER_NAME);
    await users.set({ roles: ['member'] }).execute();
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();
    await users.set({ roles: ['member', 'support'], disabled_at: new Date() }).execute();
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();
    await users.set({ disabled_at: null }).execute();
    expect(await demoStaffLogin(t.database.db, dir)).not.toBeNull();
    rmSync(file);
    expect(await demoStaffLogin(t.database.db, dir)).toBeNull();
  });

  it('gets a new random password on a fresh database', async () => {
    const other = await createTestApp();
    try {
      const dir = dataDir();
      const made = await createDemoStaff(other.database.db, dir);
      const [first] = dirs;
      const kept = readFileSync(path.join(first!, DEMO_STAFF_PASSWORD_FILE), 'utf8').trim();
      expect(made?.password).not.toBe(kept);
      expectBadRequest(
        await other.send('POST', API.login, { userName: DEMO_STAFF_USER_NAME, password: kept }),
        SERVER_MSG.loginFailed,
      );
    } finally {
      await other.close();
    }
  });
});
