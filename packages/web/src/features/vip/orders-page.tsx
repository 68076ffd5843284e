import type { OrderRow } from '@yingku/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton, Tag, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { commerceApi } from '../../api/commerce';
import { PATHS } from '../../app/paths';
import { hasStoredSession } from '../../session/auth-storage';
import { sessionKeys } from '../../session/session-end';
import { VIP_TEXT } from './texts';
import { channelName, latestOrders, orderStatusView, showYuan } from './vip-model';
import { ordersOptions, refreshMembership } from './vip-queries';
import { VipScreen } from './vip-screen';
import styles from './orders-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * /orders (docs/product.md §2, §4), outside the main layout: the latest 20 orders as cards. An unpaid one
 * offers 刷新支付 (asks the provider, shows its answer) and 联系客服; a visitor is asked to log in.
 */
export function OrdersPage() {
  return (
    <VipScreen title={VIP_TEXT.ordersTitle}>{hasStoredSession() ? <OrderList /> : <LoginPrompt />}</VipScreen>
  );
}

function LoginPrompt() {
  const navigate = useNavigate();
  return (
    <ErrorBlock status="empty" title={VIP_TEXT.loginToSeeOrders} description="" data-state="login">
      <Button color="primary" onClick={() => void navigate(PATHS.login)}>
        {VIP_TEXT.goLogin}
      </Button>
    </ErrorBlock>
  );
}

function OrderList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orders = useQuery(ordersOptions());

  // An order seen paid here may have been paid in another window: the level is asked again.
  const paidCount = orders.data?.rows.filter((order) => orderStatusView(order.status).kind === 'paid').length;
  useEffect(() => {
    if (paidCount) void queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser });
  }, [paidCount, queryClient]);

  if (orders.isPending) {
    return (
      <div data-state="loading">
        <Skeleton animated className={styles.skeleton} />
        <Skeleton animated className={styles.skeleton} />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <ErrorBlock status="default" title={VIP_TEXT.ordersFailed} description="" data-state="error">
        <Button onClick={() => void orders.refetch()}>{VIP_TEXT.retry}</Button>
      </ErrorBlock>
    );
  }
  const rows = latestOrders(orders.data.rows);
  if (rows.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={VIP_TEXT.ordersEmpty}
        description={VIP_TEXT.ordersEmptyHint}
        data-state="empty"
      >
        <Button color="primary" onClick={() => void navigate(PATHS.pay)}>
          {VIP_TEXT.toPay}
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid="order-list">
        {rows.map((order) => (
          <OrderCard key={order.orderId} order={order} />
        ))}
      </ul>
      <p className={styles.footnote}>{VIP_TEXT.ordersLatest}</p>
    </>
  );
}

/** One order: package, amount, channel, times, and its status with what can be done about it. */
function OrderCard({ order }: { order: OrderRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = orderStatusView(order.status);
  // A failure needs nothing here: the client has shown why.
  const refreshPayment = useMutation({
    mutationFn: () => commerceApi.orderState(order.orderId),
    onSuccess: async (answer) => {
      Toast.show({ content: answer.msg });
      await refreshMembership(queryClient);
    },
  });

  return (
    <li className={styles.card} data-testid="order" data-order-id={order.orderId} data-status={status.kind}>
      <div className={styles.head}>
        <span className={styles.name}>{order.payName}</span>
        <Tag color={status.color} fill="outline" className={styles.status}>
          {status.text}
        </Tag>
      </div>
      <dl className={styles.rows}>
        <dt>{VIP_TEXT.orderAmount}</dt>
        <dd className={styles.amount}>¥{showYuan(order.amount)}</dd>
        <dt>{VIP_TEXT.orderChannel}</dt>
        <dd>{channelName(order.payChannel)}</dd>
        <dt>{VIP_TEXT.orderCreated}</dt>
        <dd>
          <time>{order.createTime}</time>
        </dd>
        {order.payTime && (
          <>
            <dt>{VIP_TEXT.orderPaid}</dt>
            <dd>
              <time>{order.payTime}</time>
            </dd>
          </>
        )}
        <dt>{VIP_TEXT.orderNo}</dt>
        <dd className={styles.orderNo}>{order.orderId}</dd>
      </dl>
      {status.kind === 'abnormal' && <p className={styles.hint}>{VIP_TEXT.abnormalHint}</p>}
      {status.actions && (
        <div className={styles.actions}>
          <Button size="small" fill="outline" onClick={() => void navigate(PATHS.message)}>
            {VIP_TEXT.contactService}
          </Button>
          <Button
            size="small"
            color="primary"
            loading={refreshPayment.isPending}
            onClick={() => refreshPayment.mutate()}
          >
            {VIP_TEXT.refreshPayment}
          </Button>
        </div>
      )}
    </li>
  );
}
