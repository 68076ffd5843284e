import { API, type CollectFolder, SERVER_MSG, type WorkListItem } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { workPath } from '../packages/web/src/app/paths';
import { sharedFolderPath } from '../packages/web/src/features/member/shared-folder-path';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { apiOk, bearer, registerMember, seedSession, type TestMember } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { coversInViewLoaded } from './support/page-checks';

// A public folder (docs/product.md §2) gets a shareable, read-only page.

const journey = useJourney();
const authed = <T>(member: TestMember, path: string, body: Record<string, unknown> = {}) =>
  apiOk<T>(journey.server, 'POST', path, body, bearer(member.accessToken));

describe('a shared folder', () => {
  it('its owner copies the link of a public folder; a visitor opens it and sees its works, read-only', async () => {
    const { rows } = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName: 'censored',
      pageNum: 1,
      pageSize: 2,
    });
    const member = await registerMember(journey.server, 'sharer');
    const { data: folder } = await authed<{ data: CollectFolder }>(member, API.createFolder, {
      cateName: '周末片单',
      description: '下雨天看',
      isPrivate: 0,
    });
    for (const work of rows)
      await authed(member, API.collectAdds, { dataId: work.id, cateIds: [folder.cateId] });

    // The owner's member center: the folder chosen, 分享收藏夹 copies its link.
    const owner = await journey.open();
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: journey.server.baseUrl,
    });
    await seedSession(owner.context, journey.server.baseUrl, member);
    await owner.page.goto(journey.url(`/user?cate=${folder.cateId}`));
    await owner.page.getByRole('button', { name: MEMBER_TEXT.shareFolder }).tap();
    await expect
      .poll(() => owner.page.evaluate(() => navigator.clipboard.readText()))
      .toBe(journey.url(sharedFolderPath(folder.cateId, folder.shareKey!)));

    // Anyone with the link: the folder and its works, newest add first, without a login.
    const visitor = await journey.page();
    await visitor.goto(journey.url(sharedFolderPath(folder.cateId, folder.shareKey!)));
    await visitor.getByRole('heading', { level: 2, name: '周末片单' }).waitFor();
    await visitor.getByText('下雨天看').waitFor();
    await expect
      .poll(() =>
        visitor
          .locator('main a[href^="/censored/"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      )
      .toEqual([...rows].reverse().map(workPath));
    await coversInViewLoaded(visitor);
    await screenshot(visitor, 'shared-folder');

    // A link that is not the folder's opens nothing.
    const wrong = await journey.page();
    await wrong.goto(journey.url(sharedFolderPath(folder.cateId, 'A'.repeat(22))));
    await wrong.getByText(SERVER_MSG.folderNotFound).waitFor();
    // The browser logs the API's 404 it was answered: expected here.
    journey.dropProblems(/status of 404/);
  });

  it('offers no link for a private folder', async () => {
    const member = await registerMember(journey.server, 'private');
    const { data: folder } = await authed<{ data: CollectFolder }>(member, API.createFolder, {
      cateName: '只给自己',
      isPrivate: 1,
    });
    expect(folder.shareKey).toBeUndefined();
    const tab = await journey.open();
    await seedSession(tab.context, journey.server.baseUrl, member);
    await tab.page.goto(journey.url(`/user?cate=${folder.cateId}`));
    await tab.page.getByRole('button', { name: '只给自己', pressed: true }).waitFor();
    expect(await tab.page.getByRole('button', { name: MEMBER_TEXT.shareFolder }).count()).toBe(0);
  });
});
