/**
 * `npm run admin -- create-admin USER`: the first admin is made from the command line, and
 * `reset-password USER` gives any account a new password without touching its roles. Their
 * usage, command lines, password sources (asked on a terminal, one line of stdin, or generated
 * and printed once) and what they print. The account rules are the accounts feature's.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  checkEmail,
  checkNewPassword,
  checkUserName,
  type OperatorAccountResult,
  type OperatorAccounts,
  randomPassword,
} from '../features/accounts/operator-accounts.service';
import { CommandError } from './command-error';
import type { CliOutput } from './admin-output';

export const ACCOUNTS_USAGE = `  npm run admin -- create-admin USER [--email EMAIL] [--password-stdin] [--reset-password]
      Makes USER an admin (roles member, staff, admin). A new account (USER: 6 … 32
      characters, as at registration) gets the password asked twice on a terminal, read as one
      line of stdin with --password-stdin, or else generated and printed once on stdout; its
      e-mail is EMAIL or a placeholder. An existing account (any case of its name) keeps its
      password unless --password-stdin or --reset-password (asked, or generated) gives a new
      one, which ends its logins; a disabled one is enabled again.
  npm run admin -- reset-password USER [--password-stdin]
      Gives USER (any case of its name) a new password, asked twice on a terminal, read as one
      line of stdin with --password-stdin, or else generated and printed once on stdout, and
      ends its logins. Its roles, e-mail and state are left as they are.`;

/** `reset-password` as typed. */
export interface ResetPasswordCommand {
  name: 'reset-password';
  userName: string;
  passwordStdin: boolean;
}

/** `reset-password …` (argv after the command's name); null: show the usage. */
export function parseResetPassword(argv: string[]): ResetPasswordCommand | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'password-stdin': { type: 'boolean' } },
    });
    if (positionals.length !== 1) return null;
    return {
      name: 'reset-password',
      userName: positionals[0]!,
      passwordStdin: values['password-stdin'] === true,
    };
  } catch {
    return null;
  }
}

/** `create-admin` as typed. */
export interface CreateAdminCommand {
  name: 'create-admin';
  userName: string;
  email: string | undefined;
  passwordStdin: boolean;
  resetPassword: boolean;
}

/** `create-admin …` (argv after the command's name); null: show the usage. */
export function parseCreateAdmin(argv: string[]): CreateAdminCommand | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'reset-password': { type: 'boolean' },
      },
    });
    if (positionals.length !== 1) return null;
    return {
      name: 'create-admin',
      userName: positionals[0]!,
      email: values.email,
      passwordStdin: values['password-stdin'] === true,
      resetPassword: values['reset-password'] === true,
    };
  } catch {
    return null; // an unknown option, or one without its value
  }
}

/** Where a password comes from: the terminal, or stdin. */
export interface PasswordPrompt {
  /** Whether stdin is a terminal a person types at. */
  isTTY: boolean;
  /** The first line of stdin (without its line break); undefined when stdin ends first. */
  readLine(): Promise<string | undefined>;
  /** Asks on the terminal without echoing what is typed. */
  askHidden(question: string): Promise<string>;
}

/** A terminal's input as askHidden needs it: a stream it can put in raw mode. */
export type TerminalInput = Readable & { setRawMode(raw: boolean): unknown };

/**
 * Passwords from `input` (stdin): a line of it, or, when it is a terminal, typed at the
 * question shown on `shown` (stderr; stdout carries only a generated password).
 */
export function streamPrompt(input: Readable & { isTTY?: boolean }, shown: Writable): PasswordPrompt {
  return {
    isTTY: input.isTTY === true,
    async readLine() {
      const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
      try {
        for await (const line of lines) return line;
        return undefined;
      } finally {
        lines.close();
      }
    },
    askHidden: (question) => askHidden(question, input as TerminalInput, shown),
  };
}

/** The process's own stdin and stderr. */
export const terminalPrompt = (): PasswordPrompt => streamPrompt(process.stdin, process.stderr);

/** Reads one line in raw mode, echoing nothing; Ctrl-C or Ctrl-D cancels. */
export function askHidden(question: string, stdin: TerminalInput, stderr: Writable): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CommandError('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed.push(ch);
      }
    };
    // Echo off before the question shows: whatever is typed after seeing it stays hidden.
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
    stderr.write(question);
  });
}

async function askTwice(prompt: PasswordPrompt, userName: string): Promise<string> {
  const first = checkNewPassword(await prompt.askHidden(`Password for ${userName} (8 … 32 characters): `));
  const second = await prompt.askHidden('Repeat the password: ');
  if (first !== second) throw new CommandError('the two passwords differ; nothing was changed');
  return first;
}

/** Opens the database for `work` on the accounts, then closes it. */
export type WithAccounts = <T>(work: (accounts: OperatorAccounts) => Promise<T>) => Promise<T>;

/**
 * Makes the admin. Every typed value, a password from stdin too, is checked before the
 * database is opened; then the password the account needs (see {@link ACCOUNTS_USAGE}) is
 * asked or generated, and written. A generated password is printed only once the account
 * holds it, so a failed run never shows one that does not work.
 */
export async function runCreateAdmin(
  command: CreateAdminCommand,
  prompt: PasswordPrompt,
  withAccounts: WithAccounts,
  output: CliOutput,
): Promise<number> {
  const userName = checkUserName(command.userName);
  const email = command.email === undefined ? undefined : checkEmail(command.email);
  const piped = command.passwordStdin ? await pipedPassword(prompt) : undefined;
  return withAccounts(async (accounts) => {
    const existing = await accounts.find(userName);
    let password = piped;
    let generated = false;
    if (password === undefined && (!existing || command.resetPassword)) {
      generated = !prompt.isTTY;
      password = generated ? randomPassword() : await askTwice(prompt, existing?.userName ?? userName);
    }
    const result = await accounts.ensure({ userName, roles: ['member', 'admin'], password, email });
    if (generated) output.out(password!);
    output.err(summary(result, generated));
    return 0;
  });
}

/**
 * Resets the password: the name (and a password from stdin) checked before the database is
 * opened, the account found, the password asked or generated, written, and a generated one
 * printed only once the account holds it.
 */
export async function runResetPassword(
  command: ResetPasswordCommand,
  prompt: PasswordPrompt,
  withAccounts: WithAccounts,
  output: CliOutput,
): Promise<number> {
  const userName = checkUserName(command.userName);
  const piped = command.passwordStdin ? await pipedPassword(prompt) : undefined;
  return withAccounts(async (accounts) => {
    const existing = await accounts.find(userName);
    if (!existing) throw new CommandError(`there is no account ${userName}; nothing was changed`);
    const generated = piped === undefined && !prompt.isTTY;
    const password = piped ?? (generated ? randomPassword() : await askTwice(prompt, existing.userName));
    const reset = await accounts.resetPassword(existing.userName, password);
    if (generated) output.out(password);
    const who = `${reset.userName} (user ${reset.userId})`;
    output.err(
      generated
        ? `${who} has a new password, printed above once (only its hash is stored); its logins have ended.`
        : `${who} has a new password; its logins have ended.`,
    );
    return 0;
  });
}

async function pipedPassword(prompt: PasswordPrompt): Promise<string> {
  const line = await prompt.readLine();
  if (line === undefined) throw new CommandError('--password-stdin: stdin held no line');
  return checkNewPassword(line);
}

function summary(result: OperatorAccountResult, generated: boolean): string {
  const who = `${result.userName} (user ${result.userId})`;
  const roles = result.roles.join(', ');
  const lines = [result.created ? `Created ${who} with roles ${roles}.` : `${who} now has roles ${roles}.`];
  if (generated) lines.push('Its password is printed above, once: only its hash is stored.');
  else if (result.passwordChanged && !result.created)
    lines.push('Its password is changed; its logins have ended.');
  else if (!result.created) lines.push('Its password is unchanged.');
  if (result.reEnabled) lines.push('It had been disabled and can log in again.');
  return lines.join(' ');
}
