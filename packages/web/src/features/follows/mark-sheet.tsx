import type { WorkMark } from '@yingku/contract';
import { ActionSheet } from 'antd-mobile';
import type { PressedWork } from './card-long-press';
import { FOLLOW_TEXT } from './texts';

/**
 * The sheet a long press on a card opens: 想看 / 看过 / 取消标记 for that work (antd-mobile's
 * ActionSheet, loaded with the first long press).
 */
export function openMarkSheet(work: PressedWork, choose: (mark: WorkMark | 'none') => void): void {
  ActionSheet.show({
    extra: work.title || FOLLOW_TEXT.markTitle,
    actions: [
      { key: 'want', text: FOLLOW_TEXT.want },
      { key: 'watched', text: FOLLOW_TEXT.watched },
      { key: 'none', text: FOLLOW_TEXT.clearMark },
    ],
    cancelText: FOLLOW_TEXT.cancel,
    closeOnAction: true,
    onAction: (action) => choose(action.key as WorkMark | 'none'),
    popupClassName: 'yk-mark-sheet',
  });
}
