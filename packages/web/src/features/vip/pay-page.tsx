import type { VipPackage } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { NoticeBar, Skeleton } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { CircleCheckIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { runtimeConfig } from '../../api/runtime-config';
import { PATHS } from '../../app/paths';
import { useCurrentUser } from '../../session/current-user';
import { vipStatus } from '../member/member-model';
import { PayDialogs, usePayFlow } from './pay-flow';
import { PackageCard } from './package-card';
import { fill, VIP_TEXT } from './texts';
import { showYuan } from './vip-model';
import { packagesOptions } from './vip-queries';
import { VipScreen } from './vip-screen';
import styles from './pay-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * /pay (docs/product.md §2, §4), outside the main layout: what VIP gives, the packages with their prices,
 * the no-refund notice, and a pay button for the chosen one. Anyone may look; buying needs a login.
 */
export function PayPage() {
  const packages = useQuery(packagesOptions());
  const rows = packages.data?.rows;
  const [chosenId, setChosenId] = useState<string>();
  // The first package until one is tapped (and again if the chosen one is withdrawn).
  const chosen: VipPackage | undefined = rows?.find((pkg) => pkg.id === chosenId) ?? rows?.[0];
  const flow = usePayFlow(chosen);
  // A VIP buying again extends the membership: the hero says until when it runs now.
  const user = useCurrentUser().data;
  const vip = user && user.level.levelId > 1 ? vipStatus(user.user.vipUntil, new Date()) : null;
  const { payChannels, paySandbox } = runtimeConfig();
  const canPay = payChannels.length > 0;

  const footer = chosen && (
    <div className={styles.buyBar}>
      <div className={styles.buyTotal}>
        <span className={styles.buyName}>{chosen.name}</span>
        <span className={styles.buyPrice}>
          <small>¥</small>
          {showYuan(chosen.currentPrice)}
        </span>
      </div>
      <Button
        color="primary"
        shape="rounded"
        className={styles.buyButton}
        loading={flow.submitting}
        disabled={!canPay}
        onClick={flow.start}
      >
        {VIP_TEXT.buy}
      </Button>
    </div>
  );

  return (
    <VipScreen title={VIP_TEXT.payTitle} footer={footer}>
      <header className={styles.hero}>
        <div className={styles.heroTitle}>
          <StarIcon fill="currentColor" aria-hidden="true" /> {VIP_TEXT.heroTitle}
        </div>
        <p className={styles.heroIntro}>
          {vip?.kind === 'active' ? fill(VIP_TEXT.heroVipUntil, { date: vip.date }) : VIP_TEXT.heroIntro}
        </p>
        <ul className={styles.benefits}>
          {VIP_TEXT.benefits.map((benefit) => (
            <li key={benefit}>
              <CircleCheckIcon aria-hidden="true" /> {benefit}
            </li>
          ))}
        </ul>
      </header>

      {!canPay && (
        <NoticeBar
          className={styles.payNotice}
          color="info"
          wrap
          content={
            <span data-testid="pay-unavailable">
              {VIP_TEXT.payUnavailable} <Link to={PATHS.sub}>{VIP_TEXT.toRedeem}</Link>
            </span>
          }
        />
      )}
      {canPay && paySandbox && (
        <NoticeBar
          className={styles.payNotice}
          color="info"
          wrap
          content={<span data-testid="pay-sandbox">{VIP_TEXT.sandboxNotice}</span>}
        />
      )}

      <h2 className={styles.sectionTitle} id="vip-packages">
        {VIP_TEXT.packagesLabel}
      </h2>
      {packages.isPending ? (
        <div data-state="loading">
          <Skeleton animated className={styles.cardSkeleton} />
          <Skeleton animated className={styles.cardSkeleton} />
        </div>
      ) : packages.isError ? (
        <ErrorBlock status="default" title={VIP_TEXT.packagesFailed} description="" data-state="error">
          <Button onClick={() => void packages.refetch()}>{VIP_TEXT.retry}</Button>
        </ErrorBlock>
      ) : rows && rows.length > 0 ? (
        <div role="radiogroup" aria-labelledby="vip-packages" className={styles.cards}>
          {rows.map((pkg) => (
            <PackageCard
              key={pkg.id}
              pkg={pkg}
              selected={pkg.id === chosen?.id}
              onSelect={() => setChosenId(pkg.id)}
            />
          ))}
        </div>
      ) : (
        <ErrorBlock status="empty" title={VIP_TEXT.packagesEmpty} description="" data-state="empty" />
      )}

      <NoticeBar
        className={styles.notice}
        color="alert"
        wrap
        content={
          <span data-testid="no-refund">
            <strong>{VIP_TEXT.noRefundTitle}：</strong>
            {VIP_TEXT.noRefund}
          </span>
        }
      />
      <PayDialogs
        step={flow.step}
        pkg={chosen}
        onClose={flow.close}
        onConfirm={flow.toChannel}
        onPay={flow.submit}
      />
    </VipScreen>
  );
}
