/** A public folder's read-only page, as its owner shares it (issue 17). */
export const sharedFolderPath = (cateId: string, shareKey: string) =>
  `/folder/${encodeURIComponent(cateId)}/${encodeURIComponent(shareKey)}`;
