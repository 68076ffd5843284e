import { useState } from 'react';
import { ImportJobsPanel, ImportPanel, type ShownJob } from './import-panel';
import { MediaJobsPanel } from './media-jobs-panel';
import { WorksPanel } from './works-panel';

/**
 * 作品管理: import a catalogue file (a small form, first; its report opens under it), find works
 * and change them (each row's 视频 sends and follows its videos), 视频任务 across the catalogue,
 * and the recent imports. The videos (each row's 视频, 视频任务) are there only for those who may
 * manage them (`media.manage`).
 */
export function CatalogueSection({ canManageMedia }: { canManageMedia: boolean }) {
  const [shown, setShown] = useState<ShownJob>();
  return (
    <>
      <ImportPanel shown={shown} onShow={setShown} />
      <WorksPanel canManageMedia={canManageMedia} />
      {canManageMedia && <MediaJobsPanel />}
      <ImportJobsPanel shownId={shown?.id} onShow={(id) => setShown({ id })} />
    </>
  );
}
