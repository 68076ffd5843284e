import { SERVER_MSG, STAFF_LIMITS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../texts';
import {
  channelLabel,
  importErrorsNote,
  importFileName,
  importFileProblem,
  importFinished,
  importPercent,
  importStatusTag,
  workOnlineTag,
} from './catalogue-model';

describe('import progress', () => {
  it('is finished when done or failed', () => {
    expect(importFinished({ status: 'running' })).toBe(false);
    expect(importFinished({ status: 'done' })).toBe(true);
    expect(importFinished({ status: 'failed' })).toBe(true);
  });

  it('counts whole percent of the lines while running, 100 once finished', () => {
    expect(importPercent({ status: 'running', linesRead: 0, totalLines: 0 })).toBe(0);
    expect(importPercent({ status: 'running', linesRead: 1, totalLines: 3 })).toBe(33);
    expect(importPercent({ status: 'running', linesRead: 5, totalLines: 3 })).toBe(100);
    expect(importPercent({ status: 'done', linesRead: 0, totalLines: 0 })).toBe(100);
    expect(importPercent({ status: 'failed', linesRead: 1, totalLines: 9 })).toBe(100);
  });

  it('tags each status', () => {
    expect(importStatusTag('running')).toEqual({ label: ADMIN_TEXT.importRunning, color: 'primary' });
    expect(importStatusTag('done')).toEqual({ label: ADMIN_TEXT.importDone, color: 'success' });
    expect(importStatusTag('failed')).toEqual({ label: ADMIN_TEXT.importFailed, color: 'danger' });
  });

  it('says when the server kept only the first failures', () => {
    const errors = [{ line: 2, reason: 'x' }];
    expect(importErrorsNote({ errors, failed: 1 })).toBeUndefined();
    expect(importErrorsNote({ errors, failed: 250 })).toBe(ADMIN_TEXT.importErrorsMore(1, 250));
  });
});

describe('import file', () => {
  it('refuses a file over the server’s limit before reading it', () => {
    expect(importFileProblem({ size: STAFF_LIMITS.importMaxBytes })).toBeUndefined();
    expect(importFileProblem({ size: STAFF_LIMITS.importMaxBytes + 1 })).toBe(SERVER_MSG.importTooLarge);
  });

  it('sends a name within the limit, keeping its end', () => {
    expect(importFileName(' works.jsonl ')).toBe('works.jsonl');
    const long = `${'a'.repeat(200)}.jsonl`;
    expect(importFileName(long)).toHaveLength(STAFF_LIMITS.importFileNameMax);
    expect(importFileName(long).endsWith('.jsonl')).toBe(true);
  });
});

describe('works', () => {
  it('shows the online state and the channel in Chinese', () => {
    expect(workOnlineTag(1).label).toBe(ADMIN_TEXT.online);
    expect(workOnlineTag(2).label).toBe(ADMIN_TEXT.transcoding);
    expect(workOnlineTag(0).label).toBe(ADMIN_TEXT.notOnline);
    expect(channelLabel('western')).toBe('欧美');
  });
});
