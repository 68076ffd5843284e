import type { TwoFactorEnrolment, TwoFactorStatus } from '@yingku/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { twoFactorApi } from '../../api/two-factor';
import { Button } from '../../components/button/button';
import { ErrorBlock } from '../../components/error-block/error-block';
import { TextField } from '../account/form-field';
import { PasswordField } from '../account/password-input';
import { useAccountForm } from '../account/use-account-form';
import { copyText } from '../magnets/clipboard';
import { checkCurrentPassword } from './current-password';
import { NewCodes } from './new-codes';
import { OtpQr } from './otp-qr';
import { securityKeys, twoFactorStatusOptions } from './security-queries';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/** The id 账号与安全's link from elsewhere (the console's refusal) scrolls to. */
export const TWO_FACTOR_ANCHOR = 'two-factor';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'newCodes' }
  | { kind: 'disable' };

const checkAppCode = (value: string) =>
  /^\d{6}$/.test(value.replace(/\s/g, '')) ? undefined : SECURITY_TEXT.codeInvalid;
const checkAnyCode = (value: string) => (value.trim() === '' ? SECURITY_TEXT.codeRequired : undefined);

/**
 * 两步验证 (decision 070): off — 开启 asks the password, shows the QR code and the secret, and a
 * code from the app turns it on (every other login ends) and shows the backup codes once; on —
 * since when, backup codes left, a new set (with a code), 关闭 (the password and a code).
 */
export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusOptions());
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <section
      ref={ref}
      id={TWO_FACTOR_ANCHOR}
      className={styles.card}
      aria-labelledby="two-factor-heading"
      data-testid="two-factor"
    >
      <h2 id="two-factor-heading" className={styles.heading}>
        {SECURITY_TEXT.twoFactorHeading}
      </h2>
      <p className={styles.intro}>{SECURITY_TEXT.twoFactorIntro}</p>
      {status.isError && (
        <ErrorBlock status="default" title={SECURITY_TEXT.twoFactorLoadFailed} description="" />
      )}
      {status.data && step.kind !== 'codes' && <StatusLine status={status.data} />}
      {step.kind === 'password' && (
        <EnrolPasswordForm onStarted={(enrolment) => setStep({ kind: 'scan', enrolment })} onCancel={idle} />
      )}
      {step.kind === 'scan' && (
        <ScanStep
          enrolment={step.enrolment}
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={idle}
        />
      )}
      {step.kind === 'codes' && (
        <NewCodes
          codes={step.codes}
          warning={SECURITY_TEXT.backupWarning}
          label={SECURITY_TEXT.backupCodesLabel}
          fileName={SECURITY_TEXT.backupFileName}
          testId="new-backup-codes"
          onSaved={idle}
        />
      )}
      {step.kind === 'newCodes' && (
        <CodeForm
          name="backup-codes"
          hint={SECURITY_TEXT.makeBackupCodesHint}
          submit={SECURITY_TEXT.makeBackupCodesSubmit}
          send={async ({ code }) => {
            const { data } = await twoFactorApi.makeBackupCodes(code);
            setStep({ kind: 'codes', codes: data.backupCodes });
          }}
          onCancel={idle}
        />
      )}
      {step.kind === 'disable' && (
        <CodeForm
          name="disable-two-factor"
          hint={SECURITY_TEXT.disableHint}
          submit={SECURITY_TEXT.disableSubmit}
          withPassword
          danger
          send={async ({ code, password }) => {
            await twoFactorApi.disable(password, code);
            Toast.show({ icon: 'success', content: SECURITY_TEXT.twoFactorDisabled });
            idle();
          }}
          onCancel={idle}
        />
      )}
      {step.kind === 'idle' && status.data && (
        <div className={styles.buttonRow}>
          {status.data.enabled ? (
            <>
              <Button fill="outline" shape="rounded" onClick={() => setStep({ kind: 'newCodes' })}>
                {SECURITY_TEXT.makeBackupCodes}
              </Button>
              <Button
                color="danger"
                fill="outline"
                shape="rounded"
                onClick={() => setStep({ kind: 'disable' })}
              >
                {SECURITY_TEXT.disableTwoFactor}
              </Button>
            </>
          ) : (
            <Button color="primary" shape="rounded" onClick={() => setStep({ kind: 'password' })}>
              {SECURITY_TEXT.enableTwoFactor}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  const Icon = status.enabled ? ShieldCheckIcon : ShieldIcon;
  return (
    <div className={styles.emailRow} data-testid="two-factor-status">
      <Icon className={styles.rowIcon} aria-hidden="true" />
      <span className={status.enabled ? styles.on : styles.off}>
        {status.enabled ? SECURITY_TEXT.twoFactorOn : SECURITY_TEXT.twoFactorOff}
      </span>
      {status.enabledAt && <span>{SECURITY_TEXT.twoFactorSince(status.enabledAt)}</span>}
      {status.enabled && <span>{SECURITY_TEXT.backupCodesLeft(status.backupCodesLeft)}</span>}
    </div>
  );
}

function EnrolPasswordForm(props: {
  onStarted: (enrolment: TwoFactorEnrolment) => void;
  onCancel: () => void;
}) {
  const form = useAccountForm('two-factor-password', { password: '' }, { password: checkCurrentPassword });
  // A wrong password is the client's toast; the form stays.
  const start = useMutation({
    mutationFn: (password: string) => twoFactorApi.startEnrolment(password),
    onSuccess: ({ data }) => props.onStarted(data),
  });
  return (
    <form
      name="two-factor-password"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => start.mutate(values.password))}
    >
      <p className={styles.intro}>{SECURITY_TEXT.enrolPasswordHint}</p>
      <PasswordField
        field={form.text('password')}
        label={SECURITY_TEXT.oldPassword}
        placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
        autoComplete="current-password"
      />
      <div className={styles.buttonRow}>
        <Button type="submit" color="primary" shape="rounded" loading={start.isPending}>
          {SECURITY_TEXT.enrolNext}
        </Button>
        <Button fill="none" shape="rounded" onClick={props.onCancel}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The secret in fours, as apps ask for it to be typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

function ScanStep(props: {
  enrolment: TwoFactorEnrolment;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useAccountForm('two-factor-confirm', { code: '' }, { code: checkAppCode });
  const confirm = useMutation({
    mutationFn: (code: string) => twoFactorApi.confirm(code.replace(/\s/g, '')),
    onSuccess: async ({ data }) => {
      Toast.show({ icon: 'success', content: SECURITY_TEXT.twoFactorEnabled(data.endedSessions) });
      props.onEnabled(data.backupCodes);
      await queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    },
    onError: () => form.set('code', ''),
  });
  const { secret, otpauthUri } = props.enrolment;
  return (
    <form
      name="two-factor-confirm"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => confirm.mutate(values.code))}
    >
      <h3 className={styles.step}>{SECURITY_TEXT.scanHeading}</h3>
      <OtpQr uri={otpauthUri} />
      <p className={styles.intro}>{SECURITY_TEXT.secretLabel}</p>
      <p className={styles.secret} data-testid="two-factor-secret">
        {grouped(secret)}
      </p>
      <div className={styles.buttonRow}>
        <Button size="small" fill="outline" shape="rounded" onClick={() => void copyText(secret)}>
          {SECURITY_TEXT.copySecret}
        </Button>
      </div>
      <h3 className={styles.step}>{SECURITY_TEXT.confirmHeading}</h3>
      <TextField
        field={form.text('code')}
        label={SECURITY_TEXT.code}
        placeholder={SECURITY_TEXT.codePlaceholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
      />
      <div className={styles.buttonRow}>
        <Button type="submit" color="primary" shape="rounded" loading={confirm.isPending}>
          {SECURITY_TEXT.confirmEnable}
        </Button>
        <Button fill="none" shape="rounded" onClick={props.onCancel}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

/** A code (of the app, or a backup code), with the password where `withPassword`, then `send`. */
function CodeForm(props: {
  name: string;
  hint: string;
  submit: string;
  withPassword?: boolean;
  danger?: boolean;
  send: (values: { code: string; password: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useAccountForm(
    props.name,
    { password: '', code: '' },
    props.withPassword ? { password: checkCurrentPassword, code: checkAnyCode } : { code: checkAnyCode },
  );
  // A refusal (a wrong password or code) is the client's toast; the code is typed again.
  const send = useMutation({
    mutationFn: (values: { code: string; password: string }) => props.send(values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
    onError: () => form.set('code', ''),
  });
  return (
    <form
      name={props.name}
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => send.mutate(values))}
    >
      <p className={styles.intro}>{props.hint}</p>
      {props.withPassword && (
        <PasswordField
          field={form.text('password')}
          label={SECURITY_TEXT.oldPassword}
          placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
          autoComplete="current-password"
        />
      )}
      <TextField
        field={form.text('code')}
        label={SECURITY_TEXT.code}
        placeholder={SECURITY_TEXT.anyCodePlaceholder}
        autoComplete="one-time-code"
        autoCapitalize="off"
        maxLength={32}
      />
      <div className={styles.buttonRow}>
        <Button
          type="submit"
          color={props.danger ? 'danger' : 'primary'}
          shape="rounded"
          loading={send.isPending}
        >
          {props.submit}
        </Button>
        <Button fill="none" shape="rounded" onClick={props.onCancel}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
