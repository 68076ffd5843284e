/** Attributes whose text a reader sees or hears: converted with the page's text. */
const ATTRIBUTES = ['placeholder', 'aria-label', 'title', 'alt', 'aria-valuetext'];
/** Elements whose text is not prose to convert: code, and what the user types. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'INPUT', 'NOSCRIPT', 'CODE']);
const HAN = /\p{Script=Han}/u;

/**
 * Shows every text of `root` converted (繁體中文, decision 046), and keeps it so: what the app renders
 * or changes later is converted before it is painted (a mutation observer's callback runs before
 * the next frame). React keeps its own idea of a text and sets a node's value only when that
 * changes, so converting the nodes it made does not upset it; it must not run before hydration,
 * which compares the markup with what it would render. Returns a function that stops it.
 */
export function convertPage(root: Element, convert: (text: string) => string): () => void {
  /** The value this converter gave each node: when a record shows it, the change was its own. */
  const given = new WeakMap<Node, string>();
  const untranslated = (element: Element) => element.closest('[translate="no"]') !== null;
  const skipped = (element: Element | null) =>
    !element || SKIPPED.has(element.tagName) || untranslated(element);

  const convertText = (node: Node) => {
    const value = node.nodeValue;
    if (!value || given.get(node) === value || !HAN.test(value) || skipped(node.parentElement)) return;
    const next = convert(value);
    given.set(node, next);
    if (next !== value) node.nodeValue = next;
  };
  const givenAttributes = new WeakMap<Element, Map<string, string>>();
  const convertAttribute = (element: Element, name: string) => {
    const value = element.getAttribute(name);
    const given = givenAttributes.get(element) ?? new Map<string, string>();
    if (!value || given.get(name) === value || !HAN.test(value) || untranslated(element)) return;
    const next = convert(value);
    givenAttributes.set(element, given.set(name, next));
    if (next !== value) element.setAttribute(name, next);
  };
  const convertTree = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return convertText(node);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    for (const name of ATTRIBUTES) convertAttribute(element, name);
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) convertText(next);
      else for (const name of ATTRIBUTES) convertAttribute(next as Element, name);
    }
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') convertText(record.target);
      else if (record.type === 'attributes')
        convertAttribute(record.target as Element, record.attributeName!);
      else record.addedNodes.forEach(convertTree);
    }
  });
  convertTree(root);
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
  return () => observer.disconnect();
}
