import { LIMITS, MSG, SERVER_MSG } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  addCreatedFolder,
  collectEditBody,
  folderDescriptionError,
  folderNameError,
  limitSelection,
  loadedFolders,
  newFolderBody,
} from './folder-selection';

const five = ['1', '2', '3', '4', '5'];

describe('limitSelection (docs/product.md §9: at most 5 folders per work)', () => {
  it('takes a selection of up to 5', () => {
    expect(LIMITS.foldersPerWork).toBe(5);
    expect(limitSelection(['1'], ['1', '2'])).toEqual({ selection: ['1', '2'], refused: false });
    expect(limitSelection(five.slice(0, 4), five)).toEqual({ selection: five, refused: false });
  });

  it('refuses a sixth and keeps the five', () => {
    expect(limitSelection(five, [...five, '6'])).toEqual({ selection: five, refused: true });
  });

  it('always lets a folder be unselected, down to none', () => {
    expect(limitSelection(five, ['1', '2', '3', '4'])).toEqual({
      selection: ['1', '2', '3', '4'],
      refused: false,
    });
    expect(limitSelection(['1'], [])).toEqual({ selection: [], refused: false });
  });
});

describe('addCreatedFolder (docs/product.md §4: the new folder joins the selection)', () => {
  it('adds the new folder', () => {
    expect(addCreatedFolder(['1'], '9')).toEqual({ selection: ['1', '9'], refused: false });
    expect(addCreatedFolder([], '9')).toEqual({ selection: ['9'], refused: false });
  });

  it('does not add it twice, nor past 5', () => {
    expect(addCreatedFolder(['1', '9'], '9')).toEqual({ selection: ['1', '9'], refused: false });
    expect(addCreatedFolder(five, '9')).toEqual({ selection: five, refused: true });
  });
});

describe('collectEditBody (docs/product.md §4: done sends the selection)', () => {
  it('collects into the selected folders with status 0', () => {
    expect(collectEditBody('1001', ['1', '2'])).toEqual({ dataId: '1001', cateIds: ['1', '2'], status: 0 });
  });

  it('uncollects with an empty selection and status 9', () => {
    expect(collectEditBody('1001', [])).toEqual({ dataId: '1001', cateIds: [], status: 9 });
  });
});

describe('the new-folder form (docs/product.md §5)', () => {
  it('requires a name: 收藏夾名字未填写, blanks included', () => {
    expect(folderNameError(undefined)).toBe(MSG.folderNameRequired);
    expect(folderNameError('')).toBe(MSG.folderNameRequired);
    expect(folderNameError('   ')).toBe(MSG.folderNameRequired);
    expect(folderNameError('收藏')).toBeUndefined();
  });

  it('takes names up to 30 and descriptions up to 200 characters', () => {
    expect(folderNameError('名'.repeat(30))).toBeUndefined();
    expect(folderNameError('名'.repeat(31))).toBe(SERVER_MSG.folderNameTooLong);
    expect(folderDescriptionError(undefined)).toBeUndefined();
    expect(folderDescriptionError('述'.repeat(200))).toBeUndefined();
    expect(folderDescriptionError('述'.repeat(201))).toBe(SERVER_MSG.folderDescriptionTooLong);
  });

  it('sends trimmed texts, the private flag as 0/1 and the work', () => {
    expect(newFolderBody({ cateName: ' 周末 ', description: ' 待看 ', isPrivate: true }, '1001')).toEqual({
      cateName: '周末',
      description: '待看',
      isPrivate: 1,
      dataId: '1001',
    });
    expect(newFolderBody({ cateName: '周末' }, '1001')).toMatchObject({ description: '', isPrivate: 0 });
  });
});

describe('loadedFolders', () => {
  const folder = (cateId: string) => ({
    cateId,
    cateName: cateId,
    description: '',
    isPrivate: 0,
    isDefault: 0,
    count: 0,
    dataId: null,
  });

  it('joins the pages in order, each folder once (a folder created meanwhile shifts the pages)', () => {
    const pages = [{ rows: [folder('1'), folder('2')] }, { rows: [folder('2'), folder('3')] }];
    expect(loadedFolders(pages).map((f) => f.cateId)).toEqual(['1', '2', '3']);
  });
});
