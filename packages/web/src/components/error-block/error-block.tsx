import { createErrorBlock, type ErrorBlockProps as AntdErrorBlockProps } from 'antd-mobile';
import { type FC, lazy, type ReactNode, Suspense } from 'react';

export type ErrorBlockProps = Omit<AntdErrorBlockProps, 'status'> & {
  /** `default`: something went wrong; `empty`: nothing to show. */
  status?: 'default' | 'empty';
};

// antd-mobile's own pictures, each by its own module (the path its `createErrorBlock`
// documentation points to), fetched when a block of that kind is first shown: ≈ 4 KiB gzip each
// of drawing that every first screen would otherwise load for a state it rarely shows, and a
// screen showing one kind loads only that one (decision 028). The block keeps its picture's height
// meanwhile (antd-mobile's `--image-height`), so nothing moves when it arrives; its texts show at
// once. Offline, where the block is most often shown, the pictures may not arrive: the block then
// goes without one (a failed lazy import would throw to the route's error page instead).
const NoPicture = (): ReactNode => null;
const picture = (load: () => Promise<ReactNode>) =>
  lazy(() =>
    load().then(
      (image) => ({ default: (): ReactNode => image }),
      () => ({ default: NoPicture }),
    ),
  );
const DefaultImage = picture(
  async () => (await import('antd-mobile/es/components/error-block/images/default')).defaultImage,
);
const EmptyImage = picture(
  async () => (await import('antd-mobile/es/components/error-block/images/empty')).emptyImage,
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
