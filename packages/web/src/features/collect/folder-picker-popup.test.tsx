import { API, type CollectFolder, fillPath, LIMITS } from '@yingku/contract';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setTestRuntimeConfig, stubApi } from '../../test/render';
import { FolderPickerPopup } from './folder-picker-popup';
import { FOLDER_TEXT } from './folder-texts';
import { COLLECT_TEXT } from './texts';

// Only the network is stubbed: the picker, its selection rules, the API client, the query cache
// and antd-mobile's popup and toasts are the real thing.

const folder = (n: number): CollectFolder => ({
  cateId: `c${n}`,
  cateName: `收藏夹${n}`,
  description: '',
  isPrivate: 0,
  isDefault: n === 1 ? 1 : 0,
  count: n,
  dataId: null,
});
const FOLDERS = [1, 2, 3, 4, 5, 6, 7].map(folder);

/** The picker with its selection kept as the collect control keeps it. */
function Picker({ onSaved }: { onSaved: (cateIds: string[]) => void }) {
  const [selection, setSelection] = useState<string[] | null>(null);
  return (
    <FolderPickerPopup
      visible
      dataId="w1"
      selection={selection}
      onSelectionChange={setSelection}
      onNewFolder={() => {}}
      onClose={() => {}}
      onSaved={onSaved}
    />
  );
}

/** The picker for a work in `workFolders`; 完成 answers with the folders it was sent. */
function openPicker(workFolders: string[]) {
  const edits: Record<string, unknown>[] = [];
  stubApi({
    [API.folderList]: () => ({ code: 200, msg: '', rows: FOLDERS, total: FOLDERS.length }),
    [fillPath(API.workFolders, { dataId: 'w1' })]: () => ({ code: 200, msg: '', data: workFolders }),
    [API.collectEdit]: (body) => {
      edits.push(body ?? {});
      return { code: 200, msg: '', data: body?.cateIds };
    },
  });
  const onSaved = vi.fn();
  return { ...renderWithApp(<Picker onSaved={onSaved} />), onSaved, edits };
}

const count = (n: number) => FOLDER_TEXT.selectedCount(n);

beforeAll(() => setTestRuntimeConfig());

describe('the folder picker', () => {
  it("lists the caller's folders with how many of them hold the work", async () => {
    openPicker(['c1', 'c3']);
    expect(await screen.findByText(count(2))).toBeTruthy();
    for (const f of FOLDERS) expect(screen.getByText(f.cateName)).toBeTruthy();
    expect(screen.getByText(FOLDER_TEXT.defaultFolder)).toBeTruthy();
  });

  it(`refuses a folder past ${LIMITS.foldersPerWork} with a message, and takes one once another is let go`, async () => {
    const { user } = openPicker(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(await screen.findByText(count(5))).toBeTruthy();

    await user.click(screen.getByText('收藏夹6'));
    expect(await screen.findByText(COLLECT_TEXT.tooManyFolders)).toBeTruthy();
    expect(screen.getByText(count(5))).toBeTruthy();

    await user.click(screen.getByText('收藏夹1'));
    expect(screen.getByText(count(4))).toBeTruthy();
    await user.click(screen.getByText('收藏夹6'));
    expect(screen.getByText(count(5))).toBeTruthy();
  });

  it("完成 makes the selection the work's folders and says so", async () => {
    const { user, onSaved, edits } = openPicker(['c1']);
    await screen.findByText(count(1));
    await user.click(screen.getByText('收藏夹2'));

    await user.click(screen.getByRole('button', { name: FOLDER_TEXT.done }));

    expect(await screen.findByText(FOLDER_TEXT.saved)).toBeTruthy();
    expect(edits).toEqual([expect.objectContaining({ dataId: 'w1', cateIds: ['c1', 'c2'], status: 0 })]);
    expect(onSaved).toHaveBeenCalledWith(['c1', 'c2']);
  });

  it('完成 with no folder ticked uncollects the work', async () => {
    const { user, onSaved, edits } = openPicker(['c1']);
    await screen.findByText(count(1));
    await user.click(screen.getByText('收藏夹1'));
    expect(screen.getByText(count(0))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: FOLDER_TEXT.done }));

    expect(await screen.findByText(FOLDER_TEXT.uncollected)).toBeTruthy();
    expect(edits).toEqual([expect.objectContaining({ dataId: 'w1', cateIds: [], status: 9 })]);
    expect(onSaved).toHaveBeenCalledWith([]);
  });
});
