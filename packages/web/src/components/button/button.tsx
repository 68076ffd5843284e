import { Button as AntButton, type ButtonProps } from 'antd-mobile';

/**
 * antd-mobile's Button, named while it loads: antd-mobile draws only its dots then, so a screen
 * reader met a button with no name (axe: button-name). A text label stays as the loading text
 * unless `loadingText` says otherwise. The one Button every screen uses.
 */
export function Button(props: ButtonProps) {
  const label = typeof props.children === 'string' ? props.children : undefined;
  return <AntButton loadingText={label} {...props} />;
}
