import { batchCsv, generateCodesBody, type GeneratedCodes, STAFF_LIMITS } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../../../api/admin';
import { codesAsText, codesCsvFileName, parseInteger } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useStaffPackages } from '../admin-queries';
import { Panel } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { downloadFile } from '../../../components/feedback/download-file';
import styles from '../admin.module.css';
import codeStyles from './codes.module.css';

/** 生成激活码: a package, a count (1–1000) and an optional batch name; checked with the contract first. */
export function GenerateCodesPanel({ onGenerated }: { onGenerated: (codes: GeneratedCodes) => void }) {
  const queryClient = useQueryClient();
  const packages = useStaffPackages();
  const [packageId, setPackageId] = useState('');
  const [count, setCount] = useState('10');
  const [batch, setBatch] = useState('');
  // A refusal is shown by the client as the server's msg (past the daily cap: the 429's
  // STAFF_MSG.mintCapReached).
  const generate = useMutation({
    mutationFn: (body: Parameters<typeof adminApi.generateCodes>[0]) => adminApi.generateCodes(body),
    onSuccess: async ({ data }) => {
      onGenerated(data);
      setBatch('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.batches }),
        queryClient.invalidateQueries({ queryKey: adminKeys.codes }),
      ]);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!packageId) {
      Toast.show({ content: ADMIN_TEXT.pickPackage });
      return;
    }
    const checked = generateCodesBody.safeParse({ packageId, count: parseInteger(count) ?? NaN, batch });
    if (!checked.success) {
      Toast.show({ content: checked.error.issues[0]?.message ?? ADMIN_TEXT.listFailed });
      return;
    }
    generate.mutate({ packageId, count: checked.data.count, batch: checked.data.batch });
  }

  return (
    <Panel title={ADMIN_TEXT.generateHeading} testId="generate-codes">
      <form className={codeStyles.generate} onSubmit={submit}>
        <label className={styles.field}>
          <span>{ADMIN_TEXT.codePackage}</span>
          <select
            className={styles.input}
            name="packageId"
            value={packageId}
            onChange={(event) => setPackageId(event.target.value)}
          >
            <option value="">{ADMIN_TEXT.pickPackage}</option>
            {packages.data?.rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}（{row.days}天）{row.status === 0 ? '' : ` ${ADMIN_TEXT.offSale}`}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{ADMIN_TEXT.count}</span>
          <input
            className={styles.input}
            name="count"
            type="number"
            min={1}
            max={STAFF_LIMITS.codesPerBatch}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{ADMIN_TEXT.batchName}</span>
          <input
            className={styles.input}
            name="batch"
            maxLength={STAFF_LIMITS.batchNameMax}
            value={batch}
            onChange={(event) => setBatch(event.target.value)}
          />
        </label>
        <Button type="submit" color="primary" loading={generate.isPending}>
          {ADMIN_TEXT.generate}
        </Button>
      </form>
    </Panel>
  );
}

/** The codes of the batch just made, shown this once: 下载CSV (code,package,batch) and 复制全部. */
export function GeneratedCodesPanel({ codes, onDone }: { codes: GeneratedCodes; onDone: () => void }) {
  function download() {
    const csv = batchCsv({ codes: codes.codes, packageName: codes.packageName, batch: codes.batch });
    downloadFile(codesCsvFileName(codes.batch), csv, 'text/csv;charset=utf-8');
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(codesAsText(codes.codes));
      Toast.show({ icon: 'success', content: ADMIN_TEXT.copied });
    } catch {
      Toast.show({ content: ADMIN_TEXT.copyFailed });
    }
  }
  return (
    <Panel
      title={ADMIN_TEXT.generated(codes.codes.length)}
      testId="generated-codes"
      extra={
        <div className={styles.toolbar}>
          <Button size="small" color="primary" onClick={download}>
            {ADMIN_TEXT.downloadCsv}
          </Button>
          <Button size="small" onClick={() => void copy()}>
            {ADMIN_TEXT.copyAll}
          </Button>
          <Button size="small" fill="none" onClick={onDone}>
            {ADMIN_TEXT.done}
          </Button>
        </div>
      }
    >
      <p className={codeStyles.once}>
        {ADMIN_TEXT.codesOnce} · {ADMIN_TEXT.colBatch}：{codes.batch} · {codes.packageName}
      </p>
      <ol className={codeStyles.codeList} data-testid="generated-code-list">
        {codes.codes.map((code) => (
          <li key={code} className={styles.mono}>
            {code}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
