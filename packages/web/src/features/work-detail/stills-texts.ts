/** Texts of the stills tab, loaded with it when the tab is first opened (decision 035). */
export const STILLS_TEXT = {
  noStills: '暂无剧照',
  stillAlt: (number: string, index: number) => `${number} 剧照 ${index}`,
} as const;
