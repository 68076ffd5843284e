import {
  type CollectFolder,
  COLLECT_STATUS,
  type CollectBody,
  createFolderBody,
  type CreateFolderBody,
  LIMITS,
} from '@yingku/contract';

/** A selection change: the selection to show, and whether a folder was refused (over the cap). */
export interface SelectionChange {
  selection: string[];
  refused: boolean;
}

/**
 * The picker's next selection (docs/product.md §4, §9: at most 5 folders per work). Unselecting is always
 * allowed; a selection that would grow past `max` keeps the previous one and is refused.
 */
export function limitSelection(
  previous: readonly string[],
  next: readonly string[],
  max: number = LIMITS.foldersPerWork,
): SelectionChange {
  if (next.length > max && next.length > previous.length) return { selection: [...previous], refused: true };
  return { selection: [...next], refused: false };
}

/** The selection with a just-created folder added (docs/product.md §4), unless it is already full. */
export function addCreatedFolder(
  selection: readonly string[],
  cateId: string,
  max: number = LIMITS.foldersPerWork,
): SelectionChange {
  if (selection.includes(cateId)) return { selection: [...selection], refused: false };
  return limitSelection(selection, [...selection, cateId], max);
}

/** The body of 完成: the work's exact folders; none means status 9, uncollected (docs/product.md §4). */
export function collectEditBody(dataId: string, selection: readonly string[]): CollectBody {
  return {
    dataId,
    cateIds: [...selection],
    status: selection.length > 0 ? COLLECT_STATUS.collect : COLLECT_STATUS.uncollect,
  };
}

/** The new-folder form as the popup holds it. */
export interface FolderDraft {
  cateName?: string;
  description?: string;
  isPrivate?: boolean;
}

const nameField = createFolderBody.shape.cateName;
const descriptionField = createFolderBody.shape.description;

/** Why a folder name is refused (收藏夾名字未填写, too long), by the server's own schema; else undefined. */
export function folderNameError(name: string | undefined): string | undefined {
  const result = nameField.safeParse(name ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Why a folder description is refused (over 200 characters); else undefined. */
export function folderDescriptionError(description: string | undefined): string | undefined {
  const result = descriptionField.safeParse(description ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The body of POST /v2/user/collect/cate/ for a draft made from a work's picker; inputs trimmed. */
export function newFolderBody(draft: FolderDraft, dataId: string): CreateFolderBody {
  return {
    cateName: (draft.cateName ?? '').trim(),
    description: (draft.description ?? '').trim(),
    isPrivate: draft.isPrivate ? 1 : 0,
    dataId,
  };
}

/** Every loaded folder, in the server's order, each once (a folder created meanwhile shifts the pages). */
export function loadedFolders(pages: readonly { rows: readonly CollectFolder[] }[]): CollectFolder[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.rows).filter((f) => !seen.has(f.cateId) && seen.add(f.cateId));
}
