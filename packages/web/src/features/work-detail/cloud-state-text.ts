/**
 * A cloud download's name and states, as the detail's control and the member center's list
 * (我的云下载) both say them: a module of their own so the member center does not load the
 * detail's other texts.
 */
export const CLOUD_STATE_TEXT = {
  cloudDownload: '云端下载',
  cloudRequested: '处理中',
  cloudDone: '已完成',
} as const;
