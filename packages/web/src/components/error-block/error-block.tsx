import { createErrorBlock, type ErrorBlockProps as AntdErrorBlockProps } from 'antd-mobile';
// antd-mobile's own pictures, by the path its `createErrorBlock` documentation points to.
import { defaultImage, emptyImage } from 'antd-mobile/es/components/error-block/images';
import type { FC } from 'react';

export type ErrorBlockProps = Omit<AntdErrorBlockProps, 'status'> & {
  /** `default`: something went wrong; `empty`: nothing to show. */
  status?: 'default' | 'empty';
};

/**
 * antd-mobile's ErrorBlock with the two pictures the app shows. Its ready-made `ErrorBlock`
 * carries all four (busy and disconnected too), about 10 KB gzip that the first page — whose
 * home sections and error page show one — would download for nothing (decision 018).
 */
export const ErrorBlock: FC<ErrorBlockProps> = createErrorBlock({ default: defaultImage, empty: emptyImage });
