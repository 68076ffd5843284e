import type { Page } from 'playwright-core';

/** How long the page may keep moving before the journey fails (a stuck animation is a bug). */
const LIMIT_MS = 10_000;

/**
 * Waits until nothing on the page moves: no CSS or Web Animation running (endless ones, a
 * skeleton's shimmer or a loading spinner, aside), and antd-mobile's overlays — masks, popups,
 * dialogs, toasts, the image viewer, which react-spring moves frame by frame outside the
 * Animations API — drawn the same two frames apart. For a screenshot or a tap after a popup
 * opens or closes: it waits on what the page shows, not on a guess of how long that takes.
 */
export async function animationsDone(page: Page): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const still = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const overlays =
            '.adm-mask, .adm-popup-body, .adm-center-popup-wrap, .adm-toast-main, .adm-image-viewer-slides, .adm-action-sheet';
          const snapshot = () =>
            JSON.stringify(
              Array.from(document.querySelectorAll(overlays), (element) => {
                const style = getComputedStyle(element);
                const box = element.getBoundingClientRect();
                return [style.opacity, style.transform, style.display, style.visibility, box.top, box.left];
              }),
            );
          const animating = () =>
            document
              .getAnimations()
              .some(
                (animation) =>
                  animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
              );
          const before = snapshot();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(snapshot() === before && !animating())),
          );
        }),
    );
    if (still) return;
    if (Date.now() > deadline) throw new Error(`the page still moved after ${LIMIT_MS} ms`);
  }
}
