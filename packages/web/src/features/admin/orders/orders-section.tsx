import { STAFF_PAGE_SIZE } from '@yingku/contract';
import { useState } from 'react';
import { orderStatusTag, payChannelLabel, shownTime } from '../admin-model';
import { useStaffOrders } from '../admin-queries';
import { FilterSelect, Pager, Panel, QueryState, SearchBox, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import styles from '../admin.module.css';

const STATUS_OPTIONS = [
  { value: '', label: ADMIN_TEXT.all },
  { value: '0', label: ADMIN_TEXT.orderUnpaid },
  { value: '1', label: ADMIN_TEXT.orderPaid },
  { value: '2', label: ADMIN_TEXT.orderClosed },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];

/** 订单: every user's orders, newest first; search by order id, user id or name; filter by status. */
export function OrdersSection() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const orders = useStaffOrders({
    keyword: keyword || undefined,
    status: status || undefined,
    pageNum: page,
  });

  return (
    <Panel
      title={ADMIN_TEXT.orders}
      testId="orders"
      extra={
        <div className={styles.toolbar}>
          <SearchBox
            placeholder={ADMIN_TEXT.orderSearch}
            onSearch={(text) => {
              setKeyword(text);
              setPage(1);
            }}
          />
          <FilterSelect
            label={ADMIN_TEXT.colStatus}
            value={status}
            options={STATUS_OPTIONS}
            onChange={(value) => {
              setStatus(value as StatusFilter);
              setPage(1);
            }}
          />
        </div>
      }
    >
      <QueryState status={orders.status} data={orders.data} onRetry={orders.refetch}>
        {(data) => (
          <>
            <Table testId="orders-table">
              <thead>
                <tr>
                  {/* The status beside the id: what a phone shows without scrolling. */}
                  <th>{ADMIN_TEXT.colOrderId}</th>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colUser}</th>
                  <th>{ADMIN_TEXT.colPackage}</th>
                  <th>{ADMIN_TEXT.colAmount}</th>
                  <th>{ADMIN_TEXT.colChannel}</th>
                  <th>{ADMIN_TEXT.colProvider}</th>
                  <th>{ADMIN_TEXT.colTradeNo}</th>
                  <th>{ADMIN_TEXT.colCreated}</th>
                  <th>{ADMIN_TEXT.colPaid}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((order) => (
                  <tr key={order.orderId}>
                    <td className={styles.mono}>{order.orderId}</td>
                    <td>
                      <StatusTag view={orderStatusTag(order.status)} />
                    </td>
                    <td>
                      {order.userName}
                      <div className={`${styles.weak} ${styles.mono}`}>{order.userId}</div>
                    </td>
                    <td>{order.payName}</td>
                    <td>¥{order.amount}</td>
                    <td>{payChannelLabel(order.payChannel)}</td>
                    <td>{order.provider}</td>
                    <td className={styles.mono}>{order.providerTradeNo ?? ADMIN_TEXT.none}</td>
                    <td>{shownTime(order.createTime)}</td>
                    <td>{shownTime(order.payTime)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={STAFF_PAGE_SIZE.staffOrders} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
