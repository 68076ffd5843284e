import { type ComponentType, createContext } from 'react';

/** What a card hands the popup its magnet badge opens. */
export interface CardMagnetPopupProps {
  /** True from the first tap on: the popup's code loads then, and it stays mounted to animate closed. */
  opened: boolean;
  /** The work number whose magnets to list. */
  number: string;
  visible: boolean;
  onClose: () => void;
}

/**
 * The magnet popup a card's badge opens: the magnets feature's, which the app provides (shared
 * components import no feature; .dependency-cruiser.cjs). Without a provider (the server's
 * prerender) a card draws its badge and opens nothing until the app has taken over.
 */
export const CardMagnetPopup = createContext<ComponentType<CardMagnetPopupProps> | null>(null);
