import { TWO_FACTOR_MSG } from '@yingku/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReauthForm } from './reauth-dialog';
import { REAUTH_TEXT } from './texts';

afterEach(cleanup);

describe('the re-confirmation prompt', () => {
  it('sends the password, or a code, and says a refusal inside', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('当前密码错误'))
      .mockResolvedValueOnce({ code: 200, msg: TWO_FACTOR_MSG.reauthDone });
    const onDone = vi.fn();
    render(<ReauthForm send={send} onDone={onDone} />);

    await user.click(screen.getByRole('button', { name: REAUTH_TEXT.confirm }));
    expect(screen.getByRole('alert').textContent).toBe(REAUTH_TEXT.passwordPlaceholder);
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(REAUTH_TEXT.password), 'wrong-password');
    await user.click(screen.getByRole('button', { name: REAUTH_TEXT.confirm }));
    expect(send).toHaveBeenLastCalledWith({ password: 'wrong-password' });
    expect((await screen.findByRole('alert')).textContent).toBe('当前密码错误');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: REAUTH_TEXT.byCode }));
    await user.type(screen.getByLabelText(REAUTH_TEXT.code), ' 123456 ');
    await user.click(screen.getByRole('button', { name: REAUTH_TEXT.confirm }));
    expect(send).toHaveBeenLastCalledWith({ code: '123456' });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });

  it('answers false when cancelled', async () => {
    const onDone = vi.fn();
    render(<ReauthForm send={vi.fn()} onDone={onDone} />);
    await userEvent.setup().click(screen.getByRole('button', { name: REAUTH_TEXT.cancel }));
    expect(onDone).toHaveBeenCalledWith(false);
  });
});
