/** Query keys of the login and register forms (the user they log in is session/session-keys.ts's). */
export const accountKeys = {
  /** The form's captcha: never shown from the cache (a captcha is checked at most once). */
  captcha: ['account', 'captcha'] as const,
};
