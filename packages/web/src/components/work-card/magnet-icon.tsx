/**
 * A horseshoe magnet, for the card's has-magnet badge: a few bytes of path, where antd-mobile's
 * LinkOutline carried 4.6 KB of path data into the first page's JavaScript and again into every
 * prerendered card's markup (decision 034).
 */
export function MagnetIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M6 3v9a6 6 0 0 0 12 0V3M4 7.5h4m8 0h4" />
    </svg>
  );
}
