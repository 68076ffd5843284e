import type { TextFieldProps } from '../account/use-account-form';
import { PasswordField } from '../account/password-input';
import { RECOVERY_TEXT } from './texts';

/** 新密码 and 确认新密码, as both ways to reset (the mailed link, a recovery code) ask them. */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: TextFieldProps;
  confirm: TextFieldProps;
}) {
  return (
    <>
      <PasswordField
        field={password}
        label={RECOVERY_TEXT.newPassword}
        placeholder={RECOVERY_TEXT.newPasswordPlaceholder}
        autoComplete="new-password"
      />
      <PasswordField
        field={confirm}
        label={RECOVERY_TEXT.confirmPassword}
        placeholder={RECOVERY_TEXT.confirmPasswordPlaceholder}
        autoComplete="new-password"
      />
    </>
  );
}
