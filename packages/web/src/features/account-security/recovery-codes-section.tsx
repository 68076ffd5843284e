import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { accountSecurityApi } from '../../api/account-security';
import { Button } from '../../components/button/button';
import { PasswordField } from '../account/password-input';
import { useAccountForm } from '../account/use-account-form';
import { securityKeys, securityOverviewOptions } from './security-queries';
import { checkCurrentPassword } from './current-password';
import { NewCodes } from './new-codes';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/**
 * 恢复码: how many are left; 生成新的恢复码 asks the password, then shows the new set this once
 * (the server keeps only their hashes), with 复制全部 and 下载, until 我已保存. The old set stops working.
 */
export function RecoveryCodesSection() {
  const overview = useQuery(securityOverviewOptions());
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const left = overview.data?.recoveryCodesLeft;
  return (
    <section className={styles.card} aria-labelledby="codes-heading" data-testid="recovery-codes">
      <h2 id="codes-heading" className={styles.heading}>
        {SECURITY_TEXT.recoveryHeading}
      </h2>
      <p className={styles.intro}>{SECURITY_TEXT.recoveryIntro}</p>
      {left !== undefined && (
        <div className={styles.emailRow}>
          <KeyRoundIcon className={styles.rowIcon} aria-hidden="true" />
          <span data-testid="codes-left">{SECURITY_TEXT.codesLeft(left)}</span>
        </div>
      )}
      {codes ? (
        <NewCodes
          codes={codes}
          warning={SECURITY_TEXT.newCodesWarning}
          label={SECURITY_TEXT.newCodesLabel}
          fileName="yingku-recovery-codes.txt"
          testId="new-recovery-codes"
          onSaved={() => setCodes(undefined)}
        />
      ) : asking ? (
        <MakeCodesForm
          warn={(left ?? 0) > 0}
          onMade={(made) => {
            setAsking(false);
            setCodes(made);
          }}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <div className={styles.buttonRow}>
          <Button fill="outline" shape="rounded" onClick={() => setAsking(true)}>
            {SECURITY_TEXT.makeCodes}
          </Button>
        </div>
      )}
    </section>
  );
}

function MakeCodesForm(props: { warn: boolean; onMade: (codes: string[]) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const form = useAccountForm('codes', { password: '' }, { password: checkCurrentPassword });
  // A wrong password is the client's toast; the form stays.
  const make = useMutation({
    mutationFn: (password: string) => accountSecurityApi.makeRecoveryCodes(password),
    onSuccess: async ({ data }) => {
      props.onMade(data.codes);
      await queryClient.invalidateQueries({ queryKey: securityKeys.overview });
    },
  });
  return (
    <form
      name="recovery-codes"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => make.mutate(values.password))}
    >
      {props.warn && <p className={styles.warning}>{SECURITY_TEXT.makeCodesWarning}</p>}
      <PasswordField
        field={form.text('password')}
        label={SECURITY_TEXT.oldPassword}
        placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
        autoComplete="current-password"
      />
      <div className={styles.buttonRow}>
        <Button type="submit" color="primary" shape="rounded" loading={make.isPending}>
          {SECURITY_TEXT.makeCodesSubmit}
        </Button>
        <Button fill="none" shape="rounded" onClick={props.onCancel}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
