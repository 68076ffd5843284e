import { createErrorBlock, type ErrorBlockProps as AntdErrorBlockProps } from 'antd-mobile';
import { type FC, lazy, type ReactNode, Suspense } from 'react';

export type ErrorBlockProps = Omit<AntdErrorBlockProps, 'status'> & {
  /** `default`: something went wrong; `empty`: nothing to show. */
  status?: 'default' | 'empty';
};

// antd-mobile's own pictures, by the path its `createErrorBlock` documentation points to, fetched
// when a block is first shown: ≈ 5 KiB gzip of drawing that every first screen would otherwise
// load for a state it rarely shows (decision 028). The block keeps its picture's height meanwhile
// (antd-mobile's `--image-height`), so nothing moves when it arrives; its texts show at once.
// Offline, where the block is most often shown, the pictures may not arrive: the block then goes
// without one (a failed lazy import would throw to the route's error page instead of the block).
const pictures = () => import('antd-mobile/es/components/error-block/images');
const NoPicture = (): ReactNode => null;
const DefaultImage = lazy(() =>
  pictures().then(
    ({ defaultImage }) => ({ default: (): ReactNode => defaultImage }),
    () => ({ default: NoPicture }),
  ),
);
const EmptyImage = lazy(() =>
  pictures().then(
    ({ emptyImage }) => ({ default: (): ReactNode => emptyImage }),
    () => ({ default: NoPicture }),
  ),
);

/**
 * antd-mobile's ErrorBlock with the two pictures the app shows. Its ready-made `ErrorBlock`
 * carries all four (busy and disconnected too), about 10 KB gzip (decision 018).
 */
export const ErrorBlock: FC<ErrorBlockProps> = createErrorBlock({
  default: (
    <Suspense fallback={null}>
      <DefaultImage />
    </Suspense>
  ),
  empty: (
    <Suspense fallback={null}>
      <EmptyImage />
    </Suspense>
  ),
});
