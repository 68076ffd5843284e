import { PAGE_SIZE, SERVER_MSG } from '@yingku/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { UI_TEXT } from '../../app/texts';
import { BackBar } from '../../components/back-bar/back-bar';
import { ErrorBlock } from '../../components/error-block/error-block';
import { nextPageNum } from '../../components/work-list/paging';
import { loadLibraryApi } from '../collect/collect-queries';
import { useGoBack } from '../work-detail/use-go-back';
import { memberKeys } from './member-keys';
import styles from './member-page.module.css';
import { fromPages, MemberWorks } from './member-works';
import { MEMBER_TEXT } from './texts';

/**
 * `/folder/{cateId}/{shareKey}` (docs/product.md §2): a public folder as anyone holding its link sees it —
 * its name, description and works, read-only, with or without a login. A private or unknown
 * folder, or a link that is not the folder's, says the folder does not exist.
 */
export function SharedFolderPage() {
  const { cateId = '', shareKey = '' } = useParams();
  const goBack = useGoBack();
  const pages = useInfiniteQuery({
    queryKey: memberKeys.sharedFolder(cateId, shareKey),
    queryFn: async ({ pageParam, signal }) =>
      (await (await loadLibraryApi()).sharedFolder(cateId, shareKey, pageParam, signal)).data,
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, PAGE_SIZE.memberCollect),
  });
  const folder = pages.data?.pages[0]?.folder;
  const missing = pages.error instanceof ApiError && pages.error.kind === 'code' && pages.error.code === 404;
  return (
    <div className={styles.page}>
      <BackBar onBack={goBack}>{folder?.cateName ?? UI_TEXT.sharedFolderTitle}</BackBar>
      {missing ? (
        <ErrorBlock status="empty" title={SERVER_MSG.folderNotFound} description="" />
      ) : (
        <>
          {folder && (
            <header className={styles.sharedHead}>
              <h2 className={styles.sharedName}>{folder.cateName}</h2>
              {folder.description && <p className={styles.sharedText}>{folder.description}</p>}
            </header>
          )}
          <div className={styles.sharedBody}>
            <MemberWorks list={fromPages(pages)} emptyText={MEMBER_TEXT.sharedFolderEmpty} name="shared" />
          </div>
        </>
      )}
    </div>
  );
}
