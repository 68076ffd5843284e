import { httpStatusError, MSG } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, duplicateWriteError, networkError, timeoutError } from './api-error';
import { createErrorPresenter, type LoginDialog } from './error-presenter';

/** A presenter over fakes: the toasts shown, the dialogs opened (answered by hand), tokens, navigation. */
function presenter() {
  const toasts: string[] = [];
  const dialogs: { dialog: LoginDialog; answer: (confirmed: boolean) => void }[] = [];
  const events: string[] = [];
  const show = createErrorPresenter({
    toast: (text) => toasts.push(text),
    confirm: (dialog) => new Promise((resolve) => dialogs.push({ dialog, answer: resolve })),
    clearTokens: () => events.push('clear tokens'),
    goToLogin: () => events.push('go to /login'),
  });
  return { show, toasts, dialogs, events };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('error presenter (docs/product.md §8)', () => {
  it('403: the login dialog; 去登陆 clears the token and goes to /login', async () => {
    const { show, toasts, dialogs, events } = presenter();
    show(new ApiError('code', MSG.default403, 403));
    expect(dialogs.map((d) => d.dialog)).toEqual([
      { title: '登录提示', content: '未登录账号/或登陆状态过期', confirmText: '去登陆' },
    ]);
    expect(toasts).toEqual([]);
    dialogs[0]!.answer(true);
    await settle();
    expect(events).toEqual(['clear tokens', 'go to /login']);
  });

  it('403: the other button cancels, keeping the token and the page', async () => {
    const { show, dialogs, events } = presenter();
    show(new ApiError('code', MSG.default403, 403));
    dialogs[0]!.answer(false);
    await settle();
    expect(events).toEqual([]);
  });

  it('403: several failing calls open one dialog, and a later one opens it again', async () => {
    const { show, dialogs } = presenter();
    show(new ApiError('code', MSG.default403, 403));
    show(new ApiError('code', MSG.default403, 403));
    expect(dialogs).toHaveLength(1);
    dialogs[0]!.answer(false);
    await settle();
    show(new ApiError('code', MSG.default403, 403));
    expect(dialogs).toHaveLength(2);
  });

  it('401: clears the tokens and shows the default text', () => {
    const { show, toasts, events } = presenter();
    show(new ApiError('code', 'token expired', 401));
    expect(events).toEqual(['clear tokens']);
    expect(toasts).toEqual([MSG.default401]);
  });

  it('402, 500 and the rest: an error toast with the message', () => {
    const { show, toasts, dialogs, events } = presenter();
    show(new ApiError('code', '余额不足', 402));
    show(new ApiError('code', MSG.defaultOther, 500));
    show(new ApiError('http', httpStatusError(502), 502));
    show(networkError());
    show(timeoutError());
    show(duplicateWriteError());
    expect(toasts).toEqual([
      '余额不足',
      MSG.defaultOther,
      '系统接口502异常',
      '后端接口连接异常',
      '系统接口请求超时',
      '您的操作速度太快了！',
    ]);
    expect(dialogs).toEqual([]);
    expect(events).toEqual([]);
  });
});
