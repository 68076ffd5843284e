import { type ImportJob, STAFF_PAGE_SIZE } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useCallback, useRef, useState } from 'react';
import { adminApi } from '../../../api/admin';
import { shownTime } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useImportJobs } from '../admin-queries';
import { Pager, Panel, QueryState, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { importFileName, importFileProblem, importStatusTag } from './catalogue-model';
import { ImportProgress } from './import-progress';
import catalogueStyles from './catalogue.module.css';

/** The job whose progress is shown: one just started (with the start's answer), or one picked from the list. */
export interface ShownJob {
  id: string;
  initial?: ImportJob;
}

/**
 * 导入作品: choose a JSON Lines file and start it (the server's importer, the CLI's, runs it in
 * the background); its progress is polled until it ends, with the lines that failed and why.
 * `shown` is the job whose report is open (one just started, or one picked in 最近的导入).
 */
export function ImportPanel(props: { shown: ShownJob | undefined; onShow: (job: ShownJob) => void }) {
  const { shown, onShow } = props;
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  // A refusal is shown by the client (导入文件为空, 导入文件不能超过20MB…).
  const startImport = useMutation({
    mutationFn: async (chosen: File) =>
      adminApi.startImport({ fileName: importFileName(chosen.name), content: await chosen.text() }),
    onSuccess: async ({ data }) => {
      Toast.show({ icon: 'success', content: ADMIN_TEXT.importStarted });
      onShow({ id: data.id, initial: data });
      setFile(undefined);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: adminKeys.imports });
    },
  });

  function start() {
    if (!file) return;
    const problem = importFileProblem(file);
    if (problem) Toast.show({ content: problem });
    else startImport.mutate(file);
  }

  /** A job has ended: the list shows its result, and the works it loaded are there to find. */
  const onFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.imports });
    void queryClient.invalidateQueries({ queryKey: adminKeys.works });
  }, [queryClient]);

  return (
    <Panel title={ADMIN_TEXT.importHeading} testId="import">
      <p className={catalogueStyles.hint}>{ADMIN_TEXT.importHint}</p>
      <div className={catalogueStyles.importForm}>
        <input
          ref={input}
          type="file"
          accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/jsonl"
          hidden
          data-testid="import-file"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <Button size="small" onClick={() => input.current?.click()}>
          {ADMIN_TEXT.pickFile}
        </Button>
        <span className={catalogueStyles.fileName} data-testid="import-file-name">
          {file ? file.name : ADMIN_TEXT.noFile}
        </span>
        <Button size="small" color="primary" disabled={!file} loading={startImport.isPending} onClick={start}>
          {ADMIN_TEXT.startImport}
        </Button>
      </div>
      {shown && (
        <ImportProgress key={shown.id} id={shown.id} initial={shown.initial} onFinished={onFinished} />
      )}
    </Panel>
  );
}

/** 最近的导入: newest first, with how far each got and its result; 查看 opens one's report. */
export function ImportJobsPanel(props: { shownId: string | undefined; onShow: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const jobs = useImportJobs(page);
  return (
    <Panel title={ADMIN_TEXT.importsHeading} testId="imports">
      <QueryState status={jobs.status} data={jobs.data} onRetry={jobs.refetch}>
        {(data) => (
          <>
            <Table testId="imports-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colFile}</th>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colProgress}</th>
                  <th>{ADMIN_TEXT.colResult}</th>
                  <th>{ADMIN_TEXT.colCreated}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((job) => (
                  <tr key={job.id} data-job={job.id}>
                    <td>{job.fileName || ADMIN_TEXT.none}</td>
                    <td>
                      <StatusTag view={importStatusTag(job.status)} />
                    </td>
                    <td>
                      {job.linesRead} / {job.totalLines}
                    </td>
                    <td>
                      {ADMIN_TEXT.inserted} {job.inserted} · {ADMIN_TEXT.updated} {job.updated} ·{' '}
                      {ADMIN_TEXT.unchanged} {job.unchanged} · {ADMIN_TEXT.failedLines} {job.failed}
                    </td>
                    <td>{shownTime(job.createTime)}</td>
                    <td>
                      <Button
                        size="mini"
                        color="primary"
                        fill={job.id === props.shownId ? 'solid' : 'outline'}
                        onClick={() => props.onShow(job.id)}
                      >
                        {ADMIN_TEXT.showReport}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager
              page={page}
              total={data.total}
              pageSize={STAFF_PAGE_SIZE.staffImports}
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
