import { MSG, type PayChannel, type VipPackage } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { ChoiceSheet } from '../../components/choice-sheet/choice-sheet';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { commerceApi } from '../../api/commerce';
import { runtimeConfig } from '../../api/runtime-config';
import { PATHS } from '../../app/paths';
import { CHANNEL_NAME, VIP_TEXT } from './texts';
import { paymentTarget, showYuan } from './vip-model';
import { WechatQr } from './wechat-qr';
import { refreshMembership } from './vip-queries';
import styles from './pay-page.module.css';

/**
 * Where the purchase is (docs/product.md §4): confirming, picking the channel, or the payment page opened.
 */
export type PayStep =
  | { kind: 'idle' }
  | { kind: 'confirm' }
  | { kind: 'channel' }
  | { kind: 'started'; url: string; opened: boolean }
  | { kind: 'scan'; code: string };

/**
 * The purchase of docs/product.md §4 for the chosen package: confirm, pick Alipay or WeChat, submit, open the
 * returned link in a new window (or offer it as a link when the browser blocks that), then point
 * at the orders page. `error` as the answer shows 支付系统故障了 (docs/product.md §8); a visitor's submit
 * meets the server's 403 and the client's login dialog.
 */
export function usePayFlow(pkg: VipPackage | undefined) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PayStep>({ kind: 'idle' });
  const started = step.kind === 'started' || step.kind === 'scan';

  // The payment happens in the other window: coming back here, the level may have changed.
  useEffect(() => {
    if (!started) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') void refreshMembership(queryClient);
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [started, queryClient]);

  // A failure needs nothing here: the client has shown why (the login dialog for a visitor).
  const order = useMutation({
    mutationFn: async (body: { groupId: string; payChannel: PayChannel }) => {
      const loading = Toast.show({ icon: 'loading', content: VIP_TEXT.submitting, duration: 0 });
      try {
        return (await commerceApi.submitOrder(body)).data;
      } finally {
        loading.close();
      }
    },
    onSuccess: (data) => {
      const target = paymentTarget(data, window.location.href);
      if (!target) {
        Toast.show({ icon: 'fail', content: MSG.paymentBroken });
        return;
      }
      if (target.kind === 'qr') {
        setStep({ kind: 'scan', code: target.code });
        return;
      }
      // Not `noopener`: with it window.open always answers null, and a block could not be told.
      const opened = window.open(target.url, '_blank');
      if (opened) opened.opener = null;
      setStep({ kind: 'started', url: target.url, opened: opened !== null });
    },
  });

  return {
    step,
    submitting: order.isPending,
    /** 立即开通: opens the confirmation. */
    start: () => setStep({ kind: 'confirm' }),
    submit: (payChannel: PayChannel) => {
      if (!pkg) return;
      setStep({ kind: 'idle' });
      order.mutate({ groupId: pkg.id, payChannel });
    },
    close: () => setStep({ kind: 'idle' }),
    toChannel: () => setStep({ kind: 'channel' }),
  };
}

export interface PayDialogsProps {
  step: PayStep;
  /** The package being bought. */
  pkg: VipPackage | undefined;
  /** 取消, 关闭, or the dialog dismissed. */
  onClose: () => void;
  /** 确认支付: on to the channel sheet. */
  onConfirm: () => void;
  /** A channel was chosen: the order is submitted. */
  onPay: (channel: PayChannel) => void;
}

/** The confirmation, the channel sheet and the "payment opened" dialog of a purchase at `step`. */
export function PayDialogs({ step, pkg, onClose, onConfirm, onPay }: PayDialogsProps) {
  const navigate = useNavigate();
  return (
    <>
      <Dialog
        visible={step.kind === 'confirm' && pkg !== undefined}
        title={VIP_TEXT.confirmTitle}
        content={pkg && <ConfirmContent pkg={pkg} />}
        closeOnMaskClick
        onClose={onClose}
        actions={[
          [
            { key: 'cancel', text: VIP_TEXT.cancel, onClick: onClose },
            { key: 'pay', text: VIP_TEXT.confirmPay, bold: true, onClick: onConfirm },
          ],
        ]}
      />
      <ChoiceSheet
        visible={step.kind === 'channel'}
        label={VIP_TEXT.channelTitle}
        title={VIP_TEXT.channelTitle}
        cancelText={VIP_TEXT.cancel}
        onClose={onClose}
        choices={runtimeConfig().payChannels.map((channel) => ({
          key: channel,
          text: <span className={styles[channel]}>{CHANNEL_NAME[channel]}</span>,
        }))}
        onChoose={onPay}
      />
      <Dialog
        visible={step.kind === 'scan'}
        title={VIP_TEXT.scanTitle}
        content={step.kind === 'scan' && <WechatQr code={step.code} />}
        onClose={onClose}
        actions={[
          [
            { key: 'close', text: VIP_TEXT.close, onClick: onClose },
            {
              key: 'orders',
              text: VIP_TEXT.toOrders,
              bold: true,
              onClick: () => void navigate(PATHS.orders),
            },
          ],
        ]}
      />
      <Dialog
        visible={step.kind === 'started'}
        title={step.kind === 'started' && !step.opened ? VIP_TEXT.blockedTitle : VIP_TEXT.startedTitle}
        content={step.kind === 'started' && <StartedContent url={step.url} opened={step.opened} />}
        onClose={onClose}
        actions={[
          [
            { key: 'close', text: VIP_TEXT.close, onClick: onClose },
            {
              key: 'orders',
              text: VIP_TEXT.toOrders,
              bold: true,
              onClick: () => void navigate(PATHS.orders),
            },
          ],
        ]}
      />
    </>
  );
}

function ConfirmContent({ pkg }: { pkg: VipPackage }) {
  return (
    <div className={styles.confirm} data-testid="pay-confirm">
      <dl className={styles.confirmRows}>
        <dt>{VIP_TEXT.confirmPackage}</dt>
        <dd>{pkg.name}</dd>
        <dt>{VIP_TEXT.confirmAmount}</dt>
        <dd className={styles.confirmAmount}>¥{showYuan(pkg.currentPrice)}</dd>
      </dl>
      <p className={styles.confirmNotice}>{VIP_TEXT.noRefund}</p>
    </div>
  );
}

function StartedContent({ url, opened }: { url: string; opened: boolean }) {
  return (
    <div className={styles.started} data-testid="pay-started">
      <p>{opened ? VIP_TEXT.startedText : VIP_TEXT.blockedText}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={opened ? styles.payLink : styles.payButton}
      >
        {opened ? VIP_TEXT.reopenPayment : VIP_TEXT.openPayment}
      </a>
    </div>
  );
}
