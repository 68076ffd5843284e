import { describe, expect, it } from 'vitest';
import { shortTime, showsNoReplyYet, statusTag } from './support-model';
import { SUPPORT_TEXT } from './texts';

describe('statusTag', () => {
  it('labels each status of docs/product.md §4 and highlights only an unread reply', () => {
    expect(statusTag({ status: 0, unread: false })).toMatchObject({
      label: SUPPORT_TEXT.statusAwaiting,
      highlighted: false,
    });
    expect(statusTag({ status: 1, unread: true })).toMatchObject({
      label: SUPPORT_TEXT.statusReplied,
      highlighted: true,
    });
    expect(statusTag({ status: 1, unread: false })).toMatchObject({
      label: SUPPORT_TEXT.statusRepliedSeen,
      highlighted: false,
    });
    expect(statusTag({ status: 9, unread: true })).toMatchObject({
      label: SUPPORT_TEXT.statusClosed,
      highlighted: false,
    });
  });
});

describe('showsNoReplyYet', () => {
  it('is true until customer service has written', () => {
    expect(showsNoReplyYet([])).toBe(true);
    expect(showsNoReplyYet([{ type: 0 }, { type: 0 }])).toBe(true);
    expect(showsNoReplyYet([{ type: 0 }, { type: 1 }])).toBe(false);
  });
});

describe('shortTime', () => {
  it('keeps the date and minutes', () => {
    expect(shortTime('2026-11-22 09:30:15')).toBe('2026-11-22 09:30');
    expect(shortTime('2026-11-22T09:30:15+08:00')).toBe('2026-11-22 09:30');
    expect(shortTime('odd')).toBe('odd');
  });
});
