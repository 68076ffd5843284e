/**
 * Texts of the play and preview popups and the stream player (its menus and notices), loaded
 * with them on the first tap rather than with every work detail (decision 035).
 */
export const PLAYER_TEXT = {
  previewTitle: (number: string) => `${number} 预览`,
  previewFailed: '预览视频暂时无法播放，请稍后再试',
  streamTitle: (number: string) => `${number} 在线播放`,
  streamFailed: '视频加载失败',
  streamFailedText: '可以稍后重试，或使用磁力链接下载观看。',
  showMagnets: '查看磁力链接',
  playbackRate: '倍速',
  rate: (rate: number) => `${rate}x`,
  quality: '清晰度',
  qualityAuto: '自动',
  /** A rung as the menu shows it: 720p → 720P. */
  qualityName: (name: string) => name.toUpperCase(),
  /** Beside 自动: the rung playing now. */
  qualityPlaying: (name: string) => `当前 ${name.toUpperCase()}`,
  /** Safari and iOS play HLS themselves and pick the rung: no manual choice there. */
  qualityAutoOnly: '自动（由浏览器按网速选择）',
  resumed: (clock: string) => `已从上次观看位置 ${clock} 继续`,
  restart: '从头播放',
  vipEnded: '无法继续播放',
  /** Other devices of the account hold every place (the server's message says how many). */
  deviceLimit: '其他设备正在播放',
} as const;
