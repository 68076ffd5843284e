import { type CaptchaResponse, LIMITS } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { captchaApi } from '../../api/captcha';
import { accountKeys } from './account-keys';

const CAPTCHA_LIFETIME_MS = LIMITS.captchaMinutes * 60_000;

export interface Captcha {
  /** The current captcha; undefined until the first one has loaded. */
  captcha: CaptchaResponse | undefined;
  /** Captchas are off (`captchaOnOff` false): the form hides its captcha row. */
  off: boolean;
  loading: boolean;
  failed: boolean;
  /** Loads another image: on a tap, and after a failed login or registration (docs/product.md §8). */
  refresh(): void;
}

/**
 * The captcha of a login or register form. Each form shows a fresh one, never a cached one
 * (a captcha is checked at most once), and one that is about to expire on the server is
 * replaced by itself, so an answer typed slowly is not refused for its age.
 */
export function useCaptcha(): Captcha {
  const query = useQuery({
    queryKey: accountKeys.captcha,
    queryFn: ({ signal }) => captchaApi.captcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.captchaOnOff === false ? false : CAPTCHA_LIFETIME_MS),
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return {
    captcha: query.data,
    off: query.data?.captchaOnOff === false,
    loading: query.isFetching,
    failed: query.isError && query.data === undefined,
    refresh,
  };
}
