/**
 * 隐私模式 (docs/product.md §1): covers and stills drawn blurred until tapped, for reading in public. Kept
 * on the device in a cookie, not localStorage, so that the server can mark the page it sends
 * (`<html data-discreet>`) and its first paint, prerendered covers included, is already blurred.
 */
export const DISCREET_COOKIE = 'discreet';

/** On `<html>` while the mode is on: the stylesheet blurs the pictures under it. */
export const DISCREET_ATTRIBUTE = 'data-discreet';

/** On a cover or still (an `<img>`): a picture the mode blurs. */
export const DISCREET_PICTURE_ATTRIBUTE = 'data-picture';

/** On a picture once tapped: shown as it is from then on, until the page is left. */
export const REVEALED_ATTRIBUTE = 'data-revealed';
