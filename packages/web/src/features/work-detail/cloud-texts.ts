import { CLOUD_STATE_TEXT } from './cloud-state-text';

/** Texts of the 云端下载 control, loaded with it for a logged-in user (decision 035). */
export const CLOUD_TEXT = {
  ...CLOUD_STATE_TEXT,
  /** The control's name for screen readers: the short label says only the state. */
  cloudStateName: (state: string) => `云端下载：${state}`,
  cloudSubmitted: '已提交云端下载，完成后这里会显示已完成',
  cloudPending: '云端下载处理中，请稍后再来查看',
  cloudReady: '该作品已下载到本站云端',
} as const;
