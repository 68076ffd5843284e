/** Interface texts of the magnet popup that docs/product.md does not spell. */
export const MAGNET_POPUP_TEXT = {
  title: (number: string) => `${number} 磁力链接`,
} as const;
