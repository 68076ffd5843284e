import { formatSize, type MagnetRow, MSG } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, List, Tag } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { magnetsOptions } from './magnets-query';
import { MAGNET_TEXT } from './texts';
import { useCopyMagnet } from './use-copy-magnet';
import styles from './magnet-list.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * The magnets of a work number (docs/product.md §2): 加载中 while loading, 暂无磁力链接 when there are
 * none, else one row per magnet with its size, date, HD/subtitle tags and a copy button.
 * It loads when it is first shown, so place it in a lazily rendered tab or popup.
 */
export function MagnetList({ number }: { number: string }) {
  const magnets = useQuery(magnetsOptions(number));
  const copyMagnet = useCopyMagnet();

  if (magnets.isPending) {
    return (
      <div className={styles.state} data-state="loading">
        <DotLoading color="primary" />
        <span>{MSG.loading}</span>
      </div>
    );
  }
  if (magnets.isError) {
    return (
      <div className={styles.state} data-state="error">
        <span>{MAGNET_TEXT.loadFailed}</span>
        <Button size="small" onClick={() => void magnets.refetch()}>
          {MAGNET_TEXT.retry}
        </Button>
      </div>
    );
  }
  if (magnets.data.rows.length === 0) {
    return (
      <div className={styles.state} data-state="empty">
        <ErrorBlock status="empty" title={MSG.magnetsEmpty} description="" />
      </div>
    );
  }
  return (
    <List className={styles.list}>
      {magnets.data.rows.map((magnet) => (
        <MagnetItem key={magnet.infoHash} magnet={magnet} onCopy={() => void copyMagnet(magnet.infoHash)} />
      ))}
    </List>
  );
}

function MagnetItem({ magnet, onCopy }: { magnet: MagnetRow; onCopy: () => void }) {
  return (
    <List.Item
      data-testid="magnet-row"
      extra={
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={onCopy}
          aria-label={MAGNET_TEXT.copyMagnet}
        >
          {MAGNET_TEXT.copy}
        </Button>
      }
      description={
        <span className={styles.meta}>
          <span>{formatSize(magnet.length)}</span>
          <time>{magnet.createTime}</time>
          {magnet.hd && (
            <Tag color="primary" fill="outline">
              {MAGNET_TEXT.hd}
            </Tag>
          )}
          {magnet.subtitle && (
            <Tag color="warning" fill="outline">
              {MAGNET_TEXT.subtitle}
            </Tag>
          )}
        </span>
      }
    >
      <span className={styles.name}>{magnet.name}</span>
    </List.Item>
  );
}
