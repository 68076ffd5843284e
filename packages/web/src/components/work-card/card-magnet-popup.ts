import { createContext, type ReactNode } from 'react';

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
 * Draws the magnet popup a card's badge opens: the magnets feature's, which the app provides
 * (shared components import no feature; .dependency-cruiser.cjs). A render function, not a
 * component type: a component taken from context inside render would be a new type to React on
 * every change of the value. Without a provider (the server's prerender) a card draws its badge
 * and opens nothing until the app has taken over.
 */
export type RenderCardMagnetPopup = (props: CardMagnetPopupProps) => ReactNode;

export const CardMagnetPopup = createContext<RenderCardMagnetPopup | null>(null);
