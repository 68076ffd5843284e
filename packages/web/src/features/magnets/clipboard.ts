import { MSG } from '@yingku/contract';
import { showToastAbovePopups } from '../../components/toast/toast-above-popups';

/**
 * Copies text and says how it went (docs/product.md §8): 复制成功！, 复制失败,请手动复制, or 复制内容为空！
 * for nothing to copy.
 *
 * `allowed`: a copy that waits on an answer (the server's copy quota). The clipboard write starts
 * here, synchronously, inside the user's tap, and is handed the text only once `allowed` resolves
 * true: iOS Safari and WeChat's browser drop a write begun after an await. When it resolves false
 * nothing is written and nothing is said (the caller shows why). Resolves whether it was copied.
 */
export async function copyText(
  text: string,
  allowed: Promise<boolean> = Promise.resolve(true),
): Promise<boolean> {
  if (!text.trim()) {
    showToastAbovePopups({ content: MSG.copyEmpty });
    return false;
  }
  const written = writeClipboard(text, allowed);
  if (!(await allowed)) {
    await written;
    return false;
  }
  // Where the write failed (an older WebView, a refused permission), the plain ways.
  const copied = (await written) || (await writeTextNow(text)) || copyWithTextarea(text);
  showToastAbovePopups(
    copied ? { icon: 'success', content: MSG.copySuccess } : { icon: 'fail', content: MSG.copyFailed },
  );
  return copied;
}

/** The clipboard data `allowed` lets through: the text, or a rejection that writes nothing. */
async function textWhenAllowed(text: string, allowed: Promise<boolean>): Promise<Blob> {
  if (!(await allowed)) throw new Error('copy not allowed');
  return new Blob([text], { type: 'text/plain' });
}

/**
 * Starts the write at once. With `ClipboardItem` (Safari 13.1+, Chromium, Firefox 127+) the item
 * holds a promise of the text, which the browser awaits under the gesture it was started in;
 * without it, `writeText` once allowed (best effort: fine where gestures do not expire so soon).
 */
function writeClipboard(text: string, allowed: Promise<boolean>): Promise<boolean> {
  const clipboard = window.isSecureContext ? navigator.clipboard : undefined;
  if (clipboard?.write && typeof ClipboardItem === 'function') {
    const data = textWhenAllowed(text, allowed);
    data.catch(() => undefined); // a refusal is an answer, not an unhandled rejection
    try {
      const item = new ClipboardItem({ 'text/plain': data });
      return clipboard.write([item]).then(
        () => true,
        () => false,
      );
    } catch {
      // A ClipboardItem that takes no promise: fall through to writeText.
    }
  }
  return allowed.then((ok) => ok && writeTextNow(text));
}

async function writeTextNow(text: string): Promise<boolean> {
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
