import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLongPress, LONG_PRESS_MS, type PressedWork } from './card-long-press';

const ID = '1234567890123456';

function page() {
  document.body.innerHTML = `<main>
    <a id="card" href="http://localhost/censored/${ID}"><img alt="作品一"><button id="magnets">磁力</button></a>
    <a id="list" href="http://localhost/maker/12">厂商</a>
  </main>`;
  return {
    card: document.querySelector('#card img')!,
    magnets: document.getElementById('magnets')!,
    other: document.getElementById('list')!,
  };
}

const pointer = (target: Element, type: string, x = 10, y = 10) =>
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, isPrimary: true, button: 0, clientX: x, clientY: y }),
  );
const click = (target: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the long press on a work card', () => {
  let pressed: PressedWork[];
  let remove: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    pressed = [];
    remove = installLongPress((work) => pressed.push(work));
  });
  afterEach(() => {
    remove();
    vi.useRealTimers();
  });

  it('opens the sheet for the card held, and the click that ends it does not open the work', () => {
    const { card } = page();
    pointer(card, 'pointerdown');
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(pressed).toEqual([{ id: ID, title: '作品一' }]);
    pointer(card, 'pointerup');
    expect(click(card)).toBe(true);
    // The next tap is a tap again.
    pointer(card, 'pointerdown');
    pointer(card, 'pointerup');
    expect(click(card)).toBe(false);
  });

  it('leaves a tap a tap', () => {
    const { card } = page();
    pointer(card, 'pointerdown');
    vi.advanceTimersByTime(LONG_PRESS_MS / 2);
    pointer(card, 'pointerup');
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(pressed).toEqual([]);
    expect(click(card)).toBe(false);
  });

  it('is no press when the finger moves (a scroll) or the page scrolls', () => {
    const { card } = page();
    pointer(card, 'pointerdown');
    pointer(card, 'pointermove', 10, 40);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    pointer(card, 'pointerdown');
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(pressed).toEqual([]);
  });

  it('ignores the magnet badge and links that are not works', () => {
    const { magnets, other } = page();
    for (const target of [magnets, other]) {
      pointer(target, 'pointerdown');
      vi.advanceTimersByTime(LONG_PRESS_MS);
    }
    expect(pressed).toEqual([]);
  });
});
