/** The member's controls a screen has a place for (decision 045): 我的's badge, 隐藏已看过, 关注, 想看/看过, a work's 关注 chips. */
export type MemberSlotName = 'badge' | 'hide' | 'follow' | 'marks' | 'chips';

/**
 * Where a screen keeps room for one of a member's controls (decision 045). The first screens'
 * code carries none of them (their byte budgets have no room): features/follows draws them,
 * loaded after the first paint when a login is held, into these places. Empty for a visitor;
 * laid out as its content (`display: contents`, global.css).
 */
export function MemberSlot({ name }: { name: MemberSlotName }) {
  return <span data-member-extra={name} />;
}
