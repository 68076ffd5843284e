import { RECOVERY_MSG } from '@yingku/contract';

/**
 * The check of the current password that confirms a change here (the e-mail, new recovery codes,
 * 注销账号): typed at all; the server judges it.
 */
export const checkCurrentPassword = (value: string): string | undefined =>
  value === '' ? RECOVERY_MSG.passwordRequired : undefined;
