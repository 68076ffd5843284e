import { type GeneratedCodes, STAFF_PAGE_SIZE } from '@yingku/contract';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { shownTime } from '../admin-model';
import { useCodeBatches } from '../admin-queries';
import { Pager, Panel, QueryState, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { CodesList } from './codes-list';
import { GenerateCodesPanel, GeneratedCodesPanel } from './generate-codes';

/**
 * 激活码: generate a batch for a package (its codes shown this once, to download as CSV or copy),
 * the batches with how many of each are used, and the codes themselves — used or not, and by whom.
 */
export function CodesSection() {
  const [generated, setGenerated] = useState<GeneratedCodes>();
  const [batch, setBatch] = useState<string>();

  return (
    <>
      <GenerateCodesPanel
        onGenerated={(codes) => {
          setGenerated(codes);
          setBatch(codes.batch);
        }}
      />
      {generated && <GeneratedCodesPanel codes={generated} onDone={() => setGenerated(undefined)} />}
      <BatchesPanel selected={batch} onSelect={setBatch} />
      <CodesList key={batch ?? ''} batch={batch} onClearBatch={() => setBatch(undefined)} />
    </>
  );
}

/**
 * 批次: newest first, each with its package, size, how many are used and who minted it; 查看
 * lists its codes.
 */
function BatchesPanel(props: { selected: string | undefined; onSelect: (batch: string) => void }) {
  const [page, setPage] = useState(1);
  const batches = useCodeBatches(page);
  return (
    <Panel title={ADMIN_TEXT.batchesHeading} testId="code-batches">
      <QueryState status={batches.status} data={batches.data} onRetry={batches.refetch}>
        {(data) => (
          <>
            <Table testId="batches-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colBatch}</th>
                  <th>{ADMIN_TEXT.colPackage}</th>
                  <th>{ADMIN_TEXT.colTotal}</th>
                  <th>{ADMIN_TEXT.colUsed}</th>
                  <th>{ADMIN_TEXT.colCreator}</th>
                  <th>{ADMIN_TEXT.colCreated}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.batch} data-batch={row.batch}>
                    <td>{row.batch}</td>
                    <td>{row.packageName}</td>
                    <td>{row.total}</td>
                    <td>{row.used}</td>
                    {/* Null: minted by the CLI, or before creators were kept. */}
                    <td data-testid="batch-creator">{row.creatorName ?? ADMIN_TEXT.none}</td>
                    <td>{shownTime(row.createTime)}</td>
                    <td>
                      <Button
                        size="mini"
                        color="primary"
                        fill={row.batch === props.selected ? 'solid' : 'outline'}
                        onClick={() => props.onSelect(row.batch)}
                      >
                        {ADMIN_TEXT.showCodes}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager
              page={page}
              total={data.total}
              pageSize={STAFF_PAGE_SIZE.staffCodeBatches}
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
