/** A public folder's read-only page, as its owner shares it (docs/product.md §2). */
export const sharedFolderPath = (cateId: string, shareKey: string) =>
  `/folder/${encodeURIComponent(cateId)}/${encodeURIComponent(shareKey)}`;
