// The videos' texts: the console and the server only (see server-messages.ts for why apart).

/** Videos of works: what the console and the player say (docs/product.md leaves them open). */
export const VIDEO_MSG = {
  workNotFound: '作品不存在',
  busy: '该作品已有视频正在转码，请等待完成或取消后再试',
  mediaNotFound: '视频不存在',
  notRetryable: '只有失败或已取消的视频可以重试',
  /** A failed video kept past its week: the sweep removed its source. */
  sourceRemoved: '该视频的源文件已清理，请重新上传',
  notCancellable: '只有排队或转码中的视频可以取消',
  tooLarge: '文件超过大小上限',
  empty: '文件为空',
  uploadNotFound: '上传不存在或尚未完成',
  notReady: '视频尚未转码完成',
  /** 开启在线 for a work without a made video: there would be nothing of its own to play. */
  noVideoToPlay: '该作品还没有可播放的视频：请先上传视频，转码完成后会自动开启在线',
  stillsSet: '已设为作品剧照',
  noFfmpeg: '未找到 ffmpeg：视频转码不可用（安装系统的 ffmpeg，或设置 FFMPEG_PATH 与 FFPROBE_PATH）',
  /** Why a video failed, by reason code, for the console. */
  failures: {
    'not-media': '不是可识别的视频文件',
    'no-video': '文件没有视频画面（只有声音）',
    'no-audio': '文件没有声音',
    'too-short': '视频太短',
    'ffmpeg-failed': '转码失败',
    'ffmpeg-missing': '未找到 ffmpeg',
    'storage-failed': '存储写入失败',
    'timed-out': '转码超时',
    cancelled: '已取消',
  },
} as const;
