import { DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '../../components/button/button';
import { downloadFile } from '../../components/feedback/download-file';
import { copyText } from '../magnets/clipboard';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/**
 * A set of codes shown this once (the server keeps only their hashes): the warning, the codes in
 * a monospace list, 复制全部 and 下载 (a text file), then 我已保存 — the recovery codes and
 * 两步验证's backup codes alike.
 */
export function NewCodes(props: {
  codes: string[];
  warning: string;
  label: string;
  fileName: string;
  testId: string;
  onSaved: () => void;
}) {
  const text = props.codes.join('\n');
  return (
    <div className={styles.newCodes}>
      <p className={styles.warning} role="alert">
        <TriangleAlertIcon className={styles.warningIcon} aria-hidden="true" />
        {props.warning}
      </p>
      <ol className={styles.codes} aria-label={props.label} data-testid={props.testId}>
        {props.codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.buttonRow}>
        <Button color="primary" shape="rounded" onClick={() => void copyText(text)}>
          {SECURITY_TEXT.copyCodes}
        </Button>
        <Button
          fill="outline"
          shape="rounded"
          onClick={() => downloadFile(props.fileName, `${text}\n`, 'text/plain;charset=utf-8')}
        >
          <DownloadIcon className={styles.buttonIcon} aria-hidden="true" />
          {SECURITY_TEXT.downloadCodes}
        </Button>
        <Button fill="outline" shape="rounded" onClick={props.onSaved}>
          {SECURITY_TEXT.codesSaved}
        </Button>
      </div>
    </div>
  );
}
