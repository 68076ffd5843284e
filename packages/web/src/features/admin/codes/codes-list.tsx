import { STAFF_PAGE_SIZE } from '@yingku/contract';
import { Tag } from 'antd-mobile';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { codeTailShown, shownTime } from '../admin-model';
import { useStaffCodes } from '../admin-queries';
import { FilterSelect, Pager, Panel, QueryState, SearchBox, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import styles from '../admin.module.css';
import codeStyles from './codes.module.css';

const USED_OPTIONS = [
  { value: '', label: ADMIN_TEXT.all },
  { value: '1', label: ADMIN_TEXT.usedYes },
  { value: '0', label: ADMIN_TEXT.usedNo },
] as const;
type UsedFilter = (typeof USED_OPTIONS)[number]['value'];

/**
 * 激活码: codes newest first (only their last characters: the codes themselves are not kept),
 * whether each is used, by whom and when; narrowed to one batch, to used or unused ones, or by a
 * tail or the redeeming user's name.
 */
export function CodesList(props: { batch: string | undefined; onClearBatch: () => void }) {
  const [used, setUsed] = useState<UsedFilter>('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const codes = useStaffCodes({
    batch: props.batch,
    used: used || undefined,
    keyword: keyword || undefined,
    pageNum: page,
  });

  return (
    <Panel
      title={ADMIN_TEXT.codesHeading}
      testId="codes"
      extra={
        <div className={styles.toolbar}>
          {props.batch && (
            <Tag color="primary" fill="outline" className={codeStyles.batchChip} data-testid="batch-filter">
              {ADMIN_TEXT.colBatch}：{props.batch}
              <button
                type="button"
                className={codeStyles.chipClose}
                aria-label={ADMIN_TEXT.allBatches}
                onClick={props.onClearBatch}
              >
                <XIcon />
              </button>
            </Tag>
          )}
          <SearchBox
            placeholder={ADMIN_TEXT.codeSearch}
            onSearch={(text) => {
              setKeyword(text);
              setPage(1);
            }}
          />
          <FilterSelect
            label={ADMIN_TEXT.usedFilter}
            value={used}
            options={USED_OPTIONS}
            onChange={(value) => {
              setUsed(value as UsedFilter);
              setPage(1);
            }}
          />
        </div>
      }
    >
      <QueryState status={codes.status} data={codes.data} onRetry={codes.refetch}>
        {(data) => (
          <>
            <Table testId="codes-table">
              <thead>
                <tr>
                  {/* Whether used and by whom first: what a phone shows without scrolling. */}
                  <th>{ADMIN_TEXT.colTail}</th>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colRedeemedBy}</th>
                  <th>{ADMIN_TEXT.colRedeemedAt}</th>
                  <th>{ADMIN_TEXT.colBatch}</th>
                  <th>{ADMIN_TEXT.colPackage}</th>
                  <th>{ADMIN_TEXT.colCreated}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((code, index) => (
                  <tr
                    key={`${code.batch}-${code.codeTail}-${index}`}
                    data-tail={code.codeTail}
                    data-used={code.redeemedBy ? 'true' : 'false'}
                  >
                    <td className={styles.mono}>{codeTailShown(code.codeTail)}</td>
                    <td>
                      <Tag color={code.redeemedBy ? 'success' : 'default'} fill="outline">
                        {code.redeemedBy ? ADMIN_TEXT.usedYes : ADMIN_TEXT.usedNo}
                      </Tag>
                    </td>
                    <td data-testid="redeemed-by">
                      {code.redeemedBy ? (
                        <>
                          {code.redeemedBy.userName}
                          <div className={`${styles.weak} ${styles.mono}`}>{code.redeemedBy.userId}</div>
                        </>
                      ) : (
                        ADMIN_TEXT.none
                      )}
                    </td>
                    <td>{shownTime(code.redeemedAt)}</td>
                    <td>{code.batch}</td>
                    <td>{code.packageName}</td>
                    <td>{shownTime(code.createTime)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={STAFF_PAGE_SIZE.staffCodes} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
