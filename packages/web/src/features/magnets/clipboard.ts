import { MSG } from '@yingku/contract';
import { Toast } from 'antd-mobile';

/**
 * Copies text and says how it went (SPEC §8): 复制成功！, 复制失败,请手动复制, or 复制内容为空！
 * for nothing to copy. Uses the Clipboard API, and a selected textarea where it is missing or
 * refused (plain http, older WebViews). Resolves whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  if (!text.trim()) {
    Toast.show({ content: MSG.copyEmpty });
    return false;
  }
  const copied = (await writeClipboard(text)) || copyWithTextarea(text);
  Toast.show(
    copied ? { icon: 'success', content: MSG.copySuccess } : { icon: 'fail', content: MSG.copyFailed },
  );
  return copied;
}

async function writeClipboard(text: string): Promise<boolean> {
  if (!window.isSecureContext || !navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  // Off screen but selectable; a 16px font keeps iOS from zooming in.
  textarea.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px';
  document.body.appendChild(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}
