import { STAFF_PAGE_SIZE } from '@yingku/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { sectionPath, shownTime, threadStatusTag } from '../admin-model';
import { useInbox } from '../admin-queries';
import { FilterSelect, Pager, Panel, QueryState, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { ThreadPanel } from './thread-panel';
import styles from './inbox.module.css';

const STATUS_OPTIONS = [
  { value: '', label: ADMIN_TEXT.all },
  { value: '0', label: ADMIN_TEXT.statusAwaiting },
  { value: '1', label: ADMIN_TEXT.statusReplied },
  { value: '9', label: ADMIN_TEXT.statusClosed },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];

/**
 * 客服消息: every user's threads, those awaiting a reply first (the server's order), filterable by
 * status and paged; `/admin/inbox/{id}` opens one beside the list (instead of it on a phone).
 */
export function InboxSection() {
  const { threadId } = useParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const inbox = useInbox({ status: status || undefined, pageNum: page });

  return (
    <div className={styles.inbox} data-open={threadId ? 'thread' : 'list'}>
      <div className={styles.list}>
        <Panel
          title={ADMIN_TEXT.inbox}
          testId="inbox"
          extra={
            <FilterSelect
              label={ADMIN_TEXT.statusFilter}
              value={status}
              options={STATUS_OPTIONS}
              onChange={(value) => {
                setStatus(value as StatusFilter);
                setPage(1);
              }}
            />
          }
        >
          <QueryState status={inbox.status} data={inbox.data} onRetry={inbox.refetch}>
            {(data) => (
              <>
                <Table testId="inbox-table">
                  <thead>
                    <tr>
                      <th>{ADMIN_TEXT.colStatus}</th>
                      {/* The question before whose: on a phone it is what shows without scrolling. */}
                      <th>{ADMIN_TEXT.colQuestion}</th>
                      <th>{ADMIN_TEXT.colUser}</th>
                      <th>{ADMIN_TEXT.colTime}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((thread) => (
                      <tr
                        key={thread.id}
                        data-thread={thread.id}
                        data-selected={thread.id === threadId || undefined}
                        className={styles.row}
                        onClick={() => void navigate(sectionPath('inbox', thread.id))}
                      >
                        <td>
                          <StatusTag view={threadStatusTag(thread.status)} />
                        </td>
                        <td className={styles.question}>
                          {/* The row opens it too; the link is there for the keyboard and a new tab. */}
                          <Link
                            to={sectionPath('inbox', thread.id)}
                            onClick={(event) => event.stopPropagation()}
                          >
                            {thread.message}
                          </Link>
                        </td>
                        <td>{thread.userName}</td>
                        <td>{shownTime(thread.updateTime)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <Pager
                  page={page}
                  total={data.total}
                  pageSize={STAFF_PAGE_SIZE.staffInbox}
                  onChange={setPage}
                />
              </>
            )}
          </QueryState>
        </Panel>
      </div>
      <div className={styles.detail}>
        {threadId ? (
          <ThreadPanel key={threadId} id={threadId} onBack={() => void navigate(sectionPath('inbox'))} />
        ) : (
          <Panel title={ADMIN_TEXT.colQuestion}>
            <p className={styles.pick}>{ADMIN_TEXT.pickThread}</p>
          </Panel>
        )}
      </div>
    </div>
  );
}
