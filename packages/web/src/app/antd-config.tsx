import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';

/**
 * antd-mobile's Chinese texts, less one: an input's clear icon is a plain `div` (no role, not
 * focusable) that carries aria-label 清除, a label on an element that may not have one (axe:
 * aria-prohibited-attr, serious). Screen readers never announced it; the label goes, the tap
 * target stays. A keyboard or screen-reader user clears the field as any text field.
 */
const locale = { ...zhCN, Input: { ...zhCN.Input, clear: '' } };

export function AntdConfig({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
