import { describe, expect, it } from 'vitest';
import { withDialogName } from './dialog-name';

describe('withDialogName', () => {
  it('names a dialog by its title, else by its text, and keeps a name given', () => {
    expect(withDialogName({ title: '提示', content: '确定退出吗？' })['aria-label']).toBe('提示');
    expect(withDialogName({ content: '确定退出吗？' })['aria-label']).toBe('确定退出吗？');
    expect(withDialogName({ 'aria-label': '登录', title: '提示' })['aria-label']).toBe('登录');
  });

  it('leaves a dialog of elements only unnamed rather than naming it "[object Object]"', () => {
    expect(withDialogName({ content: { type: 'div' } as never })['aria-label']).toBeUndefined();
  });
});
