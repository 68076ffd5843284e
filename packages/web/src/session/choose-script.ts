import { type ChineseScript, SCRIPT_KEY, storedScript } from './chinese-script';

/**
 * Keeps the choice and shows it: 繁體 converts this page now and every page from then on;
 * going back to 简体 loads the page anew, since a conversion is not undone character by character.
 */
export async function chooseScript(script: ChineseScript): Promise<void> {
  if (script === storedScript()) return;
  try {
    if (script === 'hant') localStorage.setItem(SCRIPT_KEY, 'hant');
    else localStorage.removeItem(SCRIPT_KEY);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
  if (script === 'hans') {
    window.location.reload();
    return;
  }
  const { showTraditional } = await import('./traditional');
  showTraditional();
}
