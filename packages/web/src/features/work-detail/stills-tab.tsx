import { imageUrl, type WorkDetail } from '@yingku/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { runtimeConfig } from '../../api/runtime-config';
import { STILLS_TEXT } from './stills-texts';
import { hasEnoughStills, stillsOf } from './work-detail-model';
import styles from './stills-tab.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/** The full-screen viewer (antd-mobile's ImageViewer and its slides), fetched on the first tap. */
const ImageViewerMulti = lazy(async () => ({
  default: (await import('antd-mobile/es/components/image-viewer')).default.Multi,
}));

/**
 * The stills tab (docs/product.md §2): small images in a grid; tapping one shows the big images full
 * screen from that one on. With 2 or fewer stills it says there are none.
 */
export function StillsTab({ work }: { work: WorkDetail }) {
  const [viewer, setViewer] = useState({ visible: false, index: 0, opened: false });
  const host = runtimeConfig().imageHost;
  const stills = useMemo(() => stillsOf(work), [work]);
  const fullImages = useMemo(() => stills.map((still) => imageUrl(still.full, host)), [stills, host]);

  if (!hasEnoughStills(stills)) {
    return <ErrorBlock status="empty" title={STILLS_TEXT.noStills} description="" className={styles.empty} />;
  }
  return (
    <>
      <ul className={styles.grid}>
        {stills.map((still, index) => (
          <li key={still.full}>
            <button
              type="button"
              className={styles.thumb}
              onClick={() => setViewer({ visible: true, index, opened: true })}
              aria-label={STILLS_TEXT.stillAlt(work.number, index + 1)}
            >
              <img
                src={imageUrl(still.thumb, host)}
                alt={STILLS_TEXT.stillAlt(work.number, index + 1)}
                loading="lazy"
                decoding="async"
                data-picture=""
              />
            </button>
          </li>
        ))}
      </ul>
      {/* Keyed by the tapped still: defaultIndex is read when the viewer mounts. */}
      {viewer.opened && (
        <Suspense fallback={null}>
          <ImageViewerMulti
            key={viewer.index}
            images={fullImages}
            defaultIndex={viewer.index}
            visible={viewer.visible}
            onClose={() => setViewer((state) => ({ ...state, visible: false }))}
          />
        </Suspense>
      )}
    </>
  );
}
