import { LIMITS, MSG, STAFF_MSG, TWO_FACTOR_GATE_MSG } from '@yingku/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createReconfirmingClient, type ReconfirmDeps } from './reconfirm';
import type { ApiClient, CallOptions } from './request';

const refused = (msg: string, code = 403) => new ApiError('code', msg, code);

/** A base client whose POSTs answer `answers` in turn (an ApiError is thrown), recording options. */
function baseClient(answers: unknown[]) {
  const calls: CallOptions<unknown>[] = [];
  const next = async (options: CallOptions<unknown> = {}) => {
    calls.push(options);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const base = {
    get: (_path, _params, options) => next(options),
    post: (_path, _body, options) => next(options),
    put: (_path, _body, options) => next(options),
    postForFile: (_path, _body, options) => next(options),
  } as ApiClient;
  return { base, calls };
}

function deps(reconfirmed = true) {
  return {
    show: vi.fn(),
    toast: vi.fn(),
    reconfirm: vi.fn(async () => reconfirmed),
    openTwoFactor: vi.fn(),
    now: () => 0,
    wait: vi.fn(async () => {}),
  } satisfies ReconfirmDeps;
}

describe('the re-confirming client', () => {
  it('asks for a re-confirmation on 请先确认身份, then sends the call once more', async () => {
    const { base, calls } = baseClient([
      refused(TWO_FACTOR_GATE_MSG.reauthRequired),
      { code: 200, msg: 'ok' },
    ]);
    const d = deps();
    const client = createReconfirmingClient(base, d);
    await expect(client.post('/v2/admin/x', { a: 1 })).resolves.toEqual({ code: 200, msg: 'ok' });
    expect(d.reconfirm).toHaveBeenCalledTimes(1);
    // Past the duplicate-write window, and silent each time: this client says what goes wrong.
    expect(d.wait).toHaveBeenCalledWith(LIMITS.duplicateWriteWindowMs);
    expect(calls.map((options) => options.silent)).toEqual([true, true]);
    expect(d.show).not.toHaveBeenCalled();
  });

  it('says nothing more when the user cancels, and asks only once per call', async () => {
    const { base } = baseClient([refused(TWO_FACTOR_GATE_MSG.reauthRequired)]);
    const d = deps(false);
    await expect(createReconfirmingClient(base, d).get('/v2/admin/x')).rejects.toThrow(
      TWO_FACTOR_GATE_MSG.reauthRequired,
    );
    expect(d.show).not.toHaveBeenCalled();
    expect(d.toast).not.toHaveBeenCalled();

    const twice = baseClient([
      refused(TWO_FACTOR_GATE_MSG.reauthRequired),
      refused(TWO_FACTOR_GATE_MSG.reauthRequired),
    ]);
    const again = deps();
    await expect(createReconfirmingClient(twice.base, again).post('/v2/admin/x')).rejects.toThrow();
    expect(again.reconfirm).toHaveBeenCalledTimes(1);
    // Not the login dialog of a 403: the refusal as a toast.
    expect(again.toast).toHaveBeenCalledWith(TWO_FACTOR_GATE_MSG.reauthRequired);
    expect(again.show).not.toHaveBeenCalled();
  });

  it('opens 两步验证 for 管理后台需要先开启两步验证, and shows anything else as the app does', async () => {
    const { base } = baseClient([refused(TWO_FACTOR_GATE_MSG.enrolRequired), refused(MSG.default403)]);
    const d = deps();
    const client = createReconfirmingClient(base, d);
    await expect(client.get('/v2/admin/x')).rejects.toThrow();
    expect(d.openTwoFactor).toHaveBeenCalledWith(TWO_FACTOR_GATE_MSG.enrolRequired);
    expect(d.show).not.toHaveBeenCalled();
    await expect(client.get('/v2/admin/x')).rejects.toThrow();
    expect(d.show).toHaveBeenCalledWith(expect.objectContaining({ code: 403, message: MSG.default403 }));
    expect(d.reconfirm).not.toHaveBeenCalled();
  });

  it('says 你的角色无权进行此操作 as a toast, not as the login dialog of a 403', async () => {
    const { base } = baseClient([refused(STAFF_MSG.permissionDenied)]);
    const d = deps();
    await expect(createReconfirmingClient(base, d).post('/v2/admin/x', {})).rejects.toThrow();
    expect(d.toast).toHaveBeenCalledWith(STAFF_MSG.permissionDenied);
    expect(d.show).not.toHaveBeenCalled();
  });

  it('keeps a silent call silent', async () => {
    const { base } = baseClient([refused('服务器错误', 500)]);
    const d = deps();
    await expect(
      createReconfirmingClient(base, d).get('/v2/admin/x', {}, { silent: true }),
    ).rejects.toThrow();
    expect(d.show).not.toHaveBeenCalled();
  });
});
