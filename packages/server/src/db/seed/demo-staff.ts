import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createOperatorAccounts, randomPassword } from '../../features/accounts/operator-accounts.service';
import { AppError } from '../../http/errors';
import type { DB } from '../schema';

/** The demo data's customer-service account (roles member and staff, not admin). */
export const DEMO_STAFF_USER_NAME = 'demo_staff';
/** Where, under DATA_DIR, its password is kept (as the generated JWT secret is). */
export const DEMO_STAFF_PASSWORD_FILE = 'demo-staff-password';

/** A user name and password that log in. */
export interface DemoStaffLogin {
  userName: string;
  password: string;
}

const passwordFile = (dataDir: string) => path.join(dataDir, DEMO_STAFF_PASSWORD_FILE);

/**
 * Makes the demo staff account with a new random password, kept in DATA_DIR, so whoever runs
 * the demo can try the console: called when the demo catalogue has just been loaded. Never a
 * fixed password, which would open every demo site on the internet. An account of that name
 * that exists already is left alone (null).
 */
export async function createDemoStaff(db: Kysely<DB>, dataDir: string): Promise<DemoStaffLogin | null> {
  const accounts = createOperatorAccounts(db);
  if (await accounts.find(DEMO_STAFF_USER_NAME)) return null;
  const password = randomPassword();
  // Written before the account exists: an account whose only password was lost helps nobody.
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(passwordFile(dataDir), `${password}\n`, { mode: 0o600 });
  try {
    await accounts.ensure({
      userName: DEMO_STAFF_USER_NAME,
      roles: ['member', 'support', 'content', 'finance'],
      password,
      email: 'demo_staff@yingku.invalid',
    });
  } catch (error) {
    // Another instance on the same PostgreSQL made it first: theirs stands, nothing to print.
    if (error instanceof AppError && error.code === 409) return null;
    throw error;
  }
  return { userName: DEMO_STAFF_USER_NAME, password };
}

/**
 * The demo staff login to print at start: only while the account exists, is enabled, holds
 * the staff role and still takes the password kept in DATA_DIR (an operator who changed or
 * disabled it stops the line). Null otherwise.
 */
export async function demoStaffLogin(db: Kysely<DB>, dataDir: string): Promise<DemoStaffLogin | null> {
  const file = passwordFile(dataDir);
  if (!existsSync(file)) return null;
  const password = readFileSync(file, 'utf8').trim();
  if (!password) return null;
  const works = await createOperatorAccounts(db).canLogIn(DEMO_STAFF_USER_NAME, password);
  return works ? { userName: DEMO_STAFF_USER_NAME, password } : null;
}
