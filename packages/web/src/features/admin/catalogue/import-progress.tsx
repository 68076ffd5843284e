import { DotLoading } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useEffect } from 'react';
import type { ImportJob } from '@yingku/contract';
import { useImportJob } from '../admin-queries';
import { StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { importErrorsNote, importFinished, importPercent, importStatusTag } from './catalogue-model';
import styles from './catalogue.module.css';
import { ErrorBlock } from '../../../components/error-block/error-block';

/**
 * One import's progress, asked again every second while it runs: lines read of the file's, the
 * counts, and the lines that failed with their reasons. `onFinished` (a stable function) runs when it ends.
 */
export function ImportProgress(props: { id: string; initial?: ImportJob; onFinished: () => void }) {
  const job = useImportJob(props.id, props.initial);
  const finished = job.data ? importFinished(job.data) : false;
  const { onFinished } = props;
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);

  if (job.isPending) {
    return (
      <div className={styles.progress}>
        <DotLoading />
      </div>
    );
  }
  if (job.isError) {
    return (
      <ErrorBlock status="default" title={ADMIN_TEXT.listFailed} description="">
        <Button size="small" onClick={() => void job.refetch()}>
          {ADMIN_TEXT.retry}
        </Button>
      </ErrorBlock>
    );
  }
  const data = job.data;
  const note = importErrorsNote(data);
  return (
    <div className={styles.progress} data-testid="import-progress" data-status={data.status}>
      <div className={styles.progressHead}>
        <span className={styles.progressFile}>{data.fileName || ADMIN_TEXT.none}</span>
        <StatusTag view={importStatusTag(data.status)} />
      </div>
      {/* The native bar: accessible as it is, and no library code the visitors' pages would carry. */}
      <div className={styles.bar}>
        <progress value={importPercent(data)} max={100} aria-label={ADMIN_TEXT.colProgress} />
        <span>{importPercent(data)}%</span>
      </div>
      <span data-testid="import-lines">{ADMIN_TEXT.importProgress(data.linesRead, data.totalLines)}</span>
      <dl className={styles.counts} data-testid="import-counts">
        <div data-count="inserted">
          <dt>{ADMIN_TEXT.inserted}</dt>
          <dd>{data.inserted}</dd>
        </div>
        <div data-count="updated">
          <dt>{ADMIN_TEXT.updated}</dt>
          <dd>{data.updated}</dd>
        </div>
        <div data-count="unchanged">
          <dt>{ADMIN_TEXT.unchanged}</dt>
          <dd>{data.unchanged}</dd>
        </div>
        <div data-count="failed">
          <dt>{ADMIN_TEXT.failedLines}</dt>
          <dd>{data.failed}</dd>
        </div>
      </dl>
      {data.message && <p className={styles.jobMessage}>{data.message}</p>}
      {data.errors.length > 0 && (
        <>
          <strong>{ADMIN_TEXT.importErrorsHeading}</strong>
          <Table testId="import-errors">
            <thead>
              <tr>
                <th>{ADMIN_TEXT.colLine}</th>
                <th>{ADMIN_TEXT.colReason}</th>
              </tr>
            </thead>
            <tbody>
              {data.errors.map((error) => (
                <tr key={error.line} data-line={error.line}>
                  <td className={styles.errorLine}>{ADMIN_TEXT.lineNo(error.line)}</td>
                  <td className={styles.reason}>{error.reason}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {note && <p className={styles.hint}>{note}</p>}
        </>
      )}
    </div>
  );
}
