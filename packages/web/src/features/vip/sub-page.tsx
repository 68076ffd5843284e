import { type Membership } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Result } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { commerceApi } from '../../api/commerce';
import { PATHS } from '../../app/paths';
import { hasStoredSession } from '../../session/auth-storage';
import { vipStatus } from '../member/member-model';
import { VIP_TEXT } from './texts';
import { checkActivationCode } from './vip-model';
import { refreshMembership } from './vip-queries';
import { VipScreen } from './vip-screen';
import styles from './sub-page.module.css';

interface SubValues {
  code?: string;
}

/**
 * /sub (docs/product.md §2, §5): an activation code, checked here first (trimmed, 激活码至少8位, nothing
 * sent), then redeemed; the answer's membership (group and VIP end) is shown and the current
 * user asked again, so the member center shows the new level. Server refusals are the client's toast.
 */
export function SubPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<SubValues>();
  const [granted, setGranted] = useState<Membership>();
  // A refusal needs nothing here: the client has shown why (wrong code, locked, the login dialog…).
  const redeem = useMutation({
    mutationFn: (code: string) => commerceApi.redeem({ code }),
    onSuccess: async ({ data }) => {
      setGranted(data);
      form.resetFields();
      await refreshMembership(queryClient);
    },
  });

  function submit(values: SubValues) {
    const checked = checkActivationCode(values.code);
    if (checked.ok) redeem.mutate(checked.code);
  }

  return (
    <VipScreen title={VIP_TEXT.subTitle}>
      <section className={styles.panel}>
        <div className={styles.icon} aria-hidden="true">
          <KeyRoundIcon />
        </div>
        <h1 className={styles.heading}>{VIP_TEXT.subHeading}</h1>
        <p className={styles.intro}>{VIP_TEXT.subIntro}</p>
        {!hasStoredSession() && <p className={styles.loginHint}>{VIP_TEXT.loginHint}</p>}
        <Form
          form={form}
          name="redeem"
          className={styles.form}
          layout="vertical"
          validateTrigger="onSubmit"
          onFinish={submit}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              shape="rounded"
              loading={redeem.isPending}
            >
              {VIP_TEXT.activate}
            </Button>
          }
        >
          <Form.Item
            name="code"
            label={VIP_TEXT.codeLabel}
            rules={[
              {
                validator: (_rule: unknown, value: string | undefined) => {
                  const checked = checkActivationCode(value);
                  return checked.ok ? Promise.resolve() : Promise.reject(new Error(checked.message));
                },
              },
            ]}
          >
            <Input
              className={styles.codeInput}
              placeholder={VIP_TEXT.codePlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              clearable
            />
          </Form.Item>
        </Form>
      </section>

      {granted && (
        <Result
          className={styles.result}
          status="success"
          title={VIP_TEXT.activated}
          data-testid="redeem-result"
          description={
            <dl className={styles.granted}>
              <dt>{VIP_TEXT.newGroup}</dt>
              <dd data-testid="granted-group">{granted.groupName}</dd>
              {granted.vipUntil && (
                <>
                  <dt>{VIP_TEXT.vipUntil}</dt>
                  <dd data-testid="granted-until">
                    {vipStatus(granted.vipUntil, new Date())?.date ?? granted.vipUntil}
                  </dd>
                </>
              )}
              <dd className={styles.toMember}>
                <Button size="small" color="primary" fill="outline" onClick={() => void navigate(PATHS.user)}>
                  {VIP_TEXT.toMember}
                </Button>
              </dd>
            </dl>
          }
        />
      )}
    </VipScreen>
  );
}
