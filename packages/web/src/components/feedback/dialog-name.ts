import type { DialogAlertProps } from 'antd-mobile';

/**
 * A dialog's props with its accessible name, which antd-mobile's dialog does not give itself
 * (axe: aria-dialog-name): its title, or when it has none, its text.
 */
export function withDialogName<P extends DialogAlertProps>(props: P): P & { 'aria-label'?: string } {
  const name = [props['aria-label'], props.title, props.content].find((text) => typeof text === 'string');
  return { ...props, 'aria-label': name };
}
