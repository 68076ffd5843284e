// A long press on a work card opens the 想看 / 看过 sheet (decision 045). One document listener,
// installed for a logged-in member after the first paint, so the card's own code (in every
// list's first screen) has none of it. A tap still opens the work; a press that moves (a scroll)
// or lifts early is a tap or nothing, as before.

/** How long a press must be held. */
export const LONG_PRESS_MS = 500;
/** How far a finger may drift (px) before the press counts as a scroll. */
const SLOP_PX = 10;
const WORK_PATH = /^\/(?:censored|uncensored|western)\/(\d{16,20})$/;

export interface PressedWork {
  id: string;
  title: string;
}

/** The work card a press started on: a link to a work's page inside the page's main area. */
function cardAt(target: EventTarget | null): { link: HTMLAnchorElement; work: PressedWork } | null {
  if (!(target instanceof Element) || target.closest('button')) return null;
  const link = target.closest<HTMLAnchorElement>('main a[href]');
  const id = link ? WORK_PATH.exec(link.pathname)?.[1] : undefined;
  if (!link || !id) return null;
  const title = link.querySelector('img')?.getAttribute('alt') ?? link.textContent ?? '';
  return { link, work: { id, title } };
}

/** Listens for long presses on work cards until the returned function is called. */
export function installLongPress(onLongPress: (work: PressedWork) => void): () => void {
  let timer: number | undefined;
  let start: { x: number; y: number } | null = null;
  let fired = false;
  const cancel = () => {
    window.clearTimeout(timer);
    timer = undefined;
    start = null;
  };
  const down = (event: PointerEvent) => {
    fired = false;
    cancel();
    if (!event.isPrimary || event.button > 0) return;
    const card = cardAt(event.target);
    if (!card) return;
    start = { x: event.clientX, y: event.clientY };
    timer = window.setTimeout(() => {
      timer = undefined;
      fired = true;
      onLongPress(card.work);
    }, LONG_PRESS_MS);
  };
  const move = (event: PointerEvent) => {
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > SLOP_PX) cancel();
  };
  // The click that ends a long press (and the browser's own menu for it) must not open the work.
  const swallow = (event: Event) => {
    if (!fired) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.type === 'click') fired = false;
  };
  const menu = (event: Event) => {
    if (fired || timer !== undefined) event.preventDefault();
  };
  const options = { capture: true } as const;
  document.addEventListener('pointerdown', down, options);
  document.addEventListener('pointermove', move, options);
  document.addEventListener('pointerup', cancel, options);
  document.addEventListener('pointercancel', cancel, options);
  window.addEventListener('scroll', cancel, options);
  document.addEventListener('click', swallow, options);
  document.addEventListener('contextmenu', menu, options);
  return () => {
    cancel();
    document.removeEventListener('pointerdown', down, options);
    document.removeEventListener('pointermove', move, options);
    document.removeEventListener('pointerup', cancel, options);
    document.removeEventListener('pointercancel', cancel, options);
    window.removeEventListener('scroll', cancel, options);
    document.removeEventListener('click', swallow, options);
    document.removeEventListener('contextmenu', menu, options);
  };
}
