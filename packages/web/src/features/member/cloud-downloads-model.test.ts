import { CLOUD_DOWNLOAD_STATUS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { CLOUD_TEXT } from '../work-detail/cloud-texts';
import { cloudListFooter, cloudRequestState, cloudRequestView, minuteTime } from './cloud-downloads-model';

const request = (status: number, doneTime: string | null = null) => ({
  workId: '1234567890123456789',
  modId: 1,
  status,
  createTime: '2025-03-01 09:05:33',
  doneTime,
});

describe('cloudRequestState', () => {
  it('is done at status 1 and requested otherwise', () => {
    expect(cloudRequestState(CLOUD_DOWNLOAD_STATUS.done)).toBe('done');
    expect(cloudRequestState(CLOUD_DOWNLOAD_STATUS.requested)).toBe('requested');
    expect(cloudRequestState(7)).toBe('requested');
  });
});

describe('minuteTime', () => {
  it('shows a server time to the minute', () => {
    expect(minuteTime('2025-03-01 09:05:33')).toBe('2025-03-01 09:05');
    expect(minuteTime('2025-03-01T09:05:33+08:00')).toBe('2025-03-01 09:05');
  });

  it('leaves a time of another shape as it came', () => {
    expect(minuteTime('yesterday')).toBe('yesterday');
  });
});

describe('cloudRequestView', () => {
  it('words a request being fetched as the work page does, with no done time', () => {
    const view = cloudRequestView(request(CLOUD_DOWNLOAD_STATUS.requested));
    expect(view).toEqual({
      state: 'requested',
      stateLabel: CLOUD_TEXT.cloudRequested,
      requestedAt: '2025-03-01 09:05',
      doneAt: null,
      href: '/censored/1234567890123456789',
    });
  });

  it('links to the work at its own channel’s route', () => {
    expect(cloudRequestView({ ...request(0), modId: 3 }).href).toBe('/western/1234567890123456789');
  });

  it('words a done request as the work page does, with both times', () => {
    const view = cloudRequestView(request(CLOUD_DOWNLOAD_STATUS.done, '2025-03-02 18:40:00'));
    expect(view.state).toBe('done');
    expect(view.stateLabel).toBe(CLOUD_TEXT.cloudDone);
    expect(view.doneAt).toBe('2025-03-02 18:40');
  });

  it('shows no done time for a request still being fetched, whatever the row says', () => {
    expect(
      cloudRequestView(request(CLOUD_DOWNLOAD_STATUS.requested, '2025-03-02 18:40:00')).doneAt,
    ).toBeNull();
  });
});

describe('cloudListFooter', () => {
  const state = { pages: 1, hasMore: false, loadingMore: false, loadMoreFailed: false };

  it('shows nothing under a single finished page', () => {
    expect(cloudListFooter(state)).toBe('none');
  });

  it('offers load-more while more exist, and shows it loading', () => {
    expect(cloudListFooter({ ...state, hasMore: true })).toBe('loadMore');
    expect(cloudListFooter({ ...state, hasMore: true, loadingMore: true })).toBe('loading');
  });

  it('offers a retry when a further page failed', () => {
    expect(cloudListFooter({ ...state, pages: 1, hasMore: true, loadMoreFailed: true })).toBe('retry');
  });

  it('says there is no more once several pages are all loaded', () => {
    expect(cloudListFooter({ ...state, pages: 3 })).toBe('noMore');
  });
});
