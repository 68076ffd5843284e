import { afterEach, describe, expect, it } from 'vitest';
import { convertPage } from './convert-page';

/** A stand-in converter: each 简 character to its 繁 one, so the test reads what changed. */
const convert = (text: string) => text.replaceAll('简', '繁').replaceAll('体', '體');
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

describe('convertPage', () => {
  it('converts the text and the spoken attributes there are, and what is added or changed later', async () => {
    document.body.innerHTML = `<p>简体 SSIS-001</p><button aria-label="简">x</button><input placeholder="简体" value="简体">`;
    stop = convertPage(document.body, convert);
    expect(document.body.querySelector('p')!.textContent).toBe('繁體 SSIS-001');
    expect(document.body.querySelector('button')!.getAttribute('aria-label')).toBe('繁');
    const input = document.body.querySelector('input')!;
    expect(input.placeholder).toBe('繁體');
    expect(input.value).toBe('简体');

    const added = document.createElement('div');
    added.innerHTML = '<span title="简">简</span>';
    document.body.append(added);
    const text = document.body.querySelector('p')!.firstChild!;
    text.nodeValue = '又一个简体';
    await settled();
    expect(added.innerHTML).toBe('<span title="繁">繁</span>');
    expect(text.nodeValue).toBe('又一个繁體');
  });

  it('leaves what the user types and what is marked translate="no"', async () => {
    document.body.innerHTML = `<textarea>简体</textarea><code>简</code><div translate="no"><b>简体</b></div>`;
    stop = convertPage(document.body, convert);
    await settled();
    expect(document.body.textContent).toBe('简体简简体');
  });

  it('stops when told', async () => {
    stop = convertPage(document.body, convert);
    stop();
    document.body.innerHTML = '<p>简</p>';
    await settled();
    expect(document.body.textContent).toBe('简');
  });
});
