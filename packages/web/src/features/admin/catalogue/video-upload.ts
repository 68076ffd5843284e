import { API_BASE, STAFF_API } from '@yingku/contract';
import { Toast } from 'antd-mobile';
import type { DetailedError, HttpRequest, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../api/api-error';
import { bearerHeader } from '../../../api/call-rules';
import { getAccessToken } from '../../../session/auth-storage';
import { ADMIN_TEXT } from '../texts';
import { mediaApi } from './media-api';
import {
  addSpeedSample,
  type SpeedSample,
  speedOf,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_RETRY_DELAYS,
  uploadErrorText,
  uploadFingerprint,
  uploadIdFromUrl,
} from './upload-model';

/** Where an upload stands: sending (or about to), paused by staff, handing over, or stopped by a failure. */
export type UploadPhase = 'starting' | 'uploading' | 'paused' | 'attaching' | 'failed';

/** One work's upload as the console shows it. */
export interface UploadView {
  workId: string;
  fileName: string;
  bytesTotal: number;
  bytesSent: number;
  phase: UploadPhase;
  /** Smoothed over the last seconds; undefined until known (and while paused). */
  bytesPerSecond?: number;
  /** Why it stopped (phase `failed`). */
  error?: string;
  /** Whether it continued an earlier upload of the same file to the same work. */
  resumed: boolean;
  /** Set once the file is all sent: a failed hand-over is tried again with it, not sent again. */
  uploadId?: string;
}

interface Session {
  view: UploadView;
  upload?: Upload;
  samples: SpeedSample[];
  /** Nothing answered (a cut link, offline): going back online continues by itself. */
  networkFailure: boolean;
  onAttached: () => void;
}

// Uploads live outside React: closing the dialog or opening another section keeps them going.
const sessions = new Map<string, Session>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function update(session: Session, patch: Partial<UploadView>) {
  session.view = { ...session.view, ...patch };
  listeners.forEach((listener) => listener());
}

function end(session: Session) {
  sessions.delete(session.view.workId);
  listeners.forEach((listener) => listener());
}

/** The upload of a work running in this tab, or undefined; re-renders as it moves. */
export function useVideoUpload(workId: string): UploadView | undefined {
  return useSyncExternalStore(subscribe, () => sessions.get(workId)?.view);
}

/**
 * The access token can expire during a long upload. A console call renews it (the API client's
 * 401 rule); the upload's next request waits for that and carries the new token.
 */
let renewing: Promise<void> | undefined;
function renewLogin(): Promise<void> {
  renewing ??= mediaApi
    .status(undefined, true)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => (renewing = undefined));
  return renewing;
}

const statusOf = (error: Error | DetailedError) =>
  ('originalResponse' in error && error.originalResponse?.getStatus()) || 0;

/**
 * Sends `file` to become the video of `workId` (tus, resumable): an earlier unfinished upload of
 * the same file to the same work in this browser continues where it stopped. When all is sent
 * the upload is handed to the work; `onAttached` runs once the server has queued it.
 */
export async function startVideoUpload(workId: string, file: File, onAttached: () => void) {
  if (sessions.has(workId)) return;
  const session: Session = {
    view: {
      workId,
      fileName: file.name,
      bytesTotal: file.size,
      bytesSent: 0,
      phase: 'starting',
      resumed: false,
    },
    samples: [],
    networkFailure: false,
    onAttached,
  };
  sessions.set(workId, session);
  update(session, {});
  try {
    // Renewed first: a resumed upload's first request must not meet a stale token (a refused
    // HEAD would make tus forget the upload and start it again from nothing).
    await renewLogin();
    const tus = await import('tus-js-client');
    const upload = new tus.Upload(file, uploadOptions(session, file, tus.defaultOptions));
    session.upload = upload;
    const previous = newest(await upload.findPreviousUploads());
    if (sessions.get(workId) !== session) return; // Cancelled meanwhile.
    if (previous) upload.resumeFromPreviousUpload(previous);
    update(session, { phase: 'uploading', resumed: previous !== undefined });
    upload.start();
  } catch {
    // The upload code could not load (offline) or the browser refused to read the file.
    if (sessions.get(workId) === session) end(session);
    Toast.show({ content: ADMIN_TEXT.uploadFailed });
  }
}

function uploadOptions(
  session: Session,
  file: File,
  defaults: Pick<UploadOptions, 'onShouldRetry'>,
): UploadOptions {
  const { workId } = session.view;
  const endpoint = new URL(`${API_BASE}${STAFF_API.uploads}`, globalThis.location.origin).href;
  return {
    endpoint,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: UPLOAD_RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', workId },
    fingerprint: (input: File, options: UploadOptions) =>
      Promise.resolve(uploadFingerprint(workId, input, options.endpoint ?? endpoint)),
    // Per request: a token renewed during the upload is the one sent. Not signed like API calls.
    onBeforeRequest: async (request: HttpRequest) => {
      await renewing;
      const header = bearerHeader(getAccessToken());
      if (header.authorization) request.setHeader('Authorization', header.authorization);
    },
    onShouldRetry: (error, attempt, options) => {
      if (statusOf(error) === 401) {
        void renewLogin();
        return true;
      }
      return defaults.onShouldRetry?.(error, attempt, options) ?? false;
    },
    onProgress: (bytesSent, bytesTotal) => {
      session.samples = addSpeedSample(session.samples, { at: performance.now(), bytes: bytesSent });
      update(session, { bytesSent, bytesTotal, bytesPerSecond: speedOf(session.samples) });
    },
    onError: (error) => {
      const status = statusOf(error);
      const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
      session.networkFailure = status === 0;
      session.samples = [];
      update(session, { phase: 'failed', error: uploadErrorText(status, body), bytesPerSecond: undefined });
    },
    onSuccess: () => {
      const uploadId = uploadIdFromUrl(session.upload?.url);
      update(session, { uploadId, bytesSent: session.view.bytesTotal, bytesPerSecond: undefined });
      void attach(session);
    },
  };
}

/** Of the unfinished uploads remembered for a file, the last begun. */
function newest(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
}

/** Hands the sent file to the work; on a refusal (shown by the client) 重新提交 tries again. */
async function attach(session: Session) {
  const { workId, uploadId } = session.view;
  if (!uploadId) {
    update(session, { phase: 'failed', error: ADMIN_TEXT.uploadFailed });
    return;
  }
  update(session, { phase: 'attaching', error: undefined });
  try {
    await mediaApi.attach(workId, uploadId);
  } catch (error) {
    update(session, {
      phase: 'failed',
      error: error instanceof ApiError ? error.message : ADMIN_TEXT.uploadFailed,
    });
    return;
  }
  end(session);
  Toast.show({ icon: 'success', content: ADMIN_TEXT.attached });
  session.onAttached();
}

/** 暂停: stops sending; what the server has is kept for 继续. */
export function pauseVideoUpload(workId: string) {
  const session = sessions.get(workId);
  if (!session?.upload || session.view.phase !== 'uploading') return;
  void session.upload.abort();
  session.samples = [];
  update(session, { phase: 'paused', bytesPerSecond: undefined });
}

/** 继续 (after a pause or a failure): the upload goes on from the server's offset, or is handed over again. */
export function resumeVideoUpload(workId: string) {
  const session = sessions.get(workId);
  if (!session?.upload || (session.view.phase !== 'paused' && session.view.phase !== 'failed')) return;
  if (session.view.uploadId) {
    void attach(session);
    return;
  }
  session.networkFailure = false;
  update(session, { phase: 'uploading', error: undefined });
  session.upload.start();
}

/** 取消上传: stops it and deletes what the server received (tus termination). */
export async function cancelVideoUpload(workId: string) {
  const session = sessions.get(workId);
  if (!session) return;
  end(session);
  try {
    await session.upload?.abort(true);
  } catch {
    // The server forgets unfinished uploads by itself in time.
  }
  Toast.show({ content: ADMIN_TEXT.uploadCancelled });
}

// A link that came back continues the uploads it stopped, as a cut that the retries outlasted.
globalThis.addEventListener?.('online', () => {
  for (const session of sessions.values()) {
    if (session.view.phase === 'failed' && session.networkFailure) resumeVideoUpload(session.view.workId);
  }
});
