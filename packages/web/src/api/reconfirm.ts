import { LIMITS, STAFF_MSG, TWO_FACTOR_GATE_MSG } from '@yingku/contract';
import { ApiError } from './api-error';
import { type ApiClient, type CallOptions, isShown } from './request';

/** What the re-confirming client needs from the app (reconfirming-client.ts gives the real ones). */
export interface ReconfirmDeps {
  /** Shows a failure as the app's client does (docs/product.md §8's catalogue). */
  show(error: ApiError): void;
  /** A toast: a refusal the catalogue would misread (its 403 is not the login dialog's). */
  toast(text: string): void;
  /** Asks the user for the password or a code and re-confirms the login: true once the server took it. */
  reconfirm(): Promise<boolean>;
  /** Opens 账号与安全's 两步验证, saying why (a staff account without it, at the console). */
  openTwoFactor(text: string): void;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

const refusedWith = (error: unknown, msg: string): boolean =>
  error instanceof ApiError && error.kind === 'code' && error.code === 403 && error.message === msg;

/**
 * A client over `base` for calls the server may refuse until the user proves it is them
 * (decision 070): a 403 with TWO_FACTOR_GATE_MSG.reauthRequired opens the re-confirmation prompt
 * and, once the password or a code is taken, sends the call once more; one with
 * enrolRequired opens 两步验证's set-up. Every other failure is shown as `base` would show it.
 * The first-screen client stays as it is: only the screens that make such calls (the console)
 * load this.
 */
export function createReconfirmingClient(base: ApiClient, deps: ReconfirmDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function call<T>(send: (options: CallOptions<T>) => Promise<T>, options: CallOptions<T>): Promise<T> {
    const sentAt = now();
    try {
      return await send({ ...options, silent: true });
    } catch (error) {
      if (!(error instanceof ApiError) || options.signal?.aborted) throw error;
      if (refusedWith(error, TWO_FACTOR_GATE_MSG.reauthRequired) && (await deps.reconfirm())) {
        // The same write again within the client's duplicate-write window would be refused.
        await wait(Math.max(0, sentAt + LIMITS.duplicateWriteWindowMs - now()));
        return sendAgain(send, options);
      }
      // Declined: the prompt was the answer, nothing more to say.
      if (!refusedWith(error, TWO_FACTOR_GATE_MSG.reauthRequired)) present(error, options);
      throw error;
    }
  }

  /** The call once more, after a re-confirmation: a second refusal is said, not asked again. */
  async function sendAgain<T>(send: (options: CallOptions<T>) => Promise<T>, options: CallOptions<T>) {
    try {
      return await send({ ...options, silent: true });
    } catch (error) {
      if (error instanceof ApiError && !options.signal?.aborted) present(error, options);
      throw error;
    }
  }

  function present(error: ApiError, options: CallOptions<unknown>): void {
    if (refusedWith(error, TWO_FACTOR_GATE_MSG.enrolRequired)) deps.openTwoFactor(error.message);
    else if (!isShown(error, options.silent)) return;
    else if (refusedWith(error, TWO_FACTOR_GATE_MSG.reauthRequired)) deps.toast(error.message);
    // A role without the permission: said as it is, not the login dialog of a 403.
    else if (refusedWith(error, STAFF_MSG.permissionDenied)) deps.toast(error.message);
    else deps.show(error);
  }

  return {
    get: (path, params, options = {}) => call((o) => base.get(path, params, o), options),
    post: (path, body, options = {}) => call((o) => base.post(path, body, o), options),
    put: (path, body, options = {}) => call((o) => base.put(path, body, o), options),
    postForFile: (path, body, options = {}) => call((o) => base.postForFile(path, body, o), options),
  };
}
