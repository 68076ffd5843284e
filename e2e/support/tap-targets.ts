import type { Page } from 'playwright-core';

/** WCAG 2.5.5's size, which every control on a phone meets (decision 032). */
export const TAP_TARGET_PX = 44;

/**
 * The controls on screen whose tap area is smaller than {@link TAP_TARGET_PX} square, as
 * `text (width×height)`. The tap area is measured as the finger meets it: from the control's
 * centre, points 22 px left, right, up and down must all land on the control (or inside it), so
 * padding, a min-height or a pseudo-element that widens the target all count, and a neighbour
 * drawn over the edge does not. Only controls whose centre is on screen and not under another
 * layer are measured; text links inside a sentence (WCAG's inline exception) are not. `within`:
 * a CSS selector to limit the search.
 */
export function smallTapTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ([selector, size]) => {
      const half = size / 2 - 0.5;
      const CONTROL =
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="link"], [role="menuitem"], [tabindex="0"]';
      const root = document.querySelector(selector)!;
      const controls = [root, ...Array.from(root.querySelectorAll<HTMLElement>(CONTROL))].filter(
        (el): el is HTMLElement => el instanceof HTMLElement && el.matches(CONTROL),
      );
      const small: string[] = [];
      for (const control of controls) {
        if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        if (control.closest('[aria-hidden="true"]')) continue; // drawn only, not a control
        // A control inside another (a button in a link) is measured as the outer one.
        if (control.parentElement?.closest('a[href], button, [role="button"], [role="tab"]')) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < half || y < half || x > innerWidth - half || y > innerHeight - half) continue;
        const hits = (px: number, py: number) => {
          const hit = document.elementFromPoint(px, py);
          if (hit === null) return false;
          if (control === hit || control.contains(hit) || hit.contains(control)) return true;
          // A tap on an input's label focuses the input.
          return hit.closest('label')?.control === control;
        };
        if (!hits(x, y)) continue; // under a popup or the tab bar
        // Inline links in running text: the sentence sets their size (WCAG 2.5.8's exception).
        const inline = control.tagName === 'A' && getComputedStyle(control).display === 'inline';
        if (inline) continue;
        const probes = { left: [x - half, y], right: [x + half, y], up: [x, y - half], down: [x, y + half] };
        const misses = Object.entries(probes).filter(([, [px, py]]) => !hits(px!, py!));
        if (misses.length === 0) continue;
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 20);
        const where = misses.map(([side, [px, py]]) => {
          const hit = document.elementFromPoint(px!, py!);
          const parent = hit?.parentElement?.getAttribute('class');
          return `${side} on ${hit?.tagName.toLowerCase()}.${hit?.getAttribute('class')} in .${parent}`;
        });
        small.push(
          `${control.tagName.toLowerCase()} "${name}" (${Math.round(box.width)}×${Math.round(box.height)}; ${where.join(', ')})`,
        );
      }
      return small;
    },
    [within, TAP_TARGET_PX] as const,
  );
}
