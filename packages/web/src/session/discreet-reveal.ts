import { DISCREET_ATTRIBUTE, DISCREET_PICTURE_ATTRIBUTE, REVEALED_ATTRIBUTE } from '@yingku/contract';

let installed = false;

/**
 * While 隐私模式 is on, a tap on a blurred picture (a cover, a still) shows it and does nothing
 * else: the card's link or the still's viewer open on the next tap. Listened for on the document
 * before the app's own handlers, so no screen has to know. Loaded at start only when the mode is
 * on, or when it is turned on (discreet-mode.ts): most visitors never download it.
 */
export function revealPicturesOnTap(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener(
    'click',
    (event) => {
      const picture = event.target;
      if (!doc.documentElement.hasAttribute(DISCREET_ATTRIBUTE) || !(picture instanceof Element)) return;
      if (!picture.matches(`[${DISCREET_PICTURE_ATTRIBUTE}]:not([${REVEALED_ATTRIBUTE}])`)) return;
      event.preventDefault();
      event.stopPropagation();
      picture.setAttribute(REVEALED_ATTRIBUTE, '');
    },
    true,
  );
}
