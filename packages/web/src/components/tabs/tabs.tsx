import {
  Children,
  isValidElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useLayoutEffect,
  useId,
  useRef,
  useState,
} from 'react';
import 'antd-mobile/es/components/tabs/tabs.css';
import styles from './tabs.module.css';

/**
 * antd-mobile's Tabs without its animation library: the same markup, classes and styles (so
 * screens look as they did, and tests find the same `tablist` / `tab` roles), the same keyboard
 * moves (arrows), a pane rendered when first opened and kept. antd-mobile's own slides its line
 * with react-spring, ≈ 20 KiB gzip that every list, search and detail screen loaded for it alone;
 * here the line is drawn under the active tab by CSS. Decision 028.
 */
export interface TabProps {
  title: ReactNode;
  children?: ReactNode;
}

export function Tab(_props: TabProps): null {
  return null;
}

export interface TabsProps {
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  children: ReactNode;
}

export function Tabs({ activeKey, onChange, className, children }: TabsProps) {
  const panes = Children.toArray(children).filter(
    (child): child is ReactElement<TabProps> => isValidElement(child) && child.key !== null,
  );
  // Children.toArray prefixes keys with `.$`: the caller's key is what follows.
  const keyOf = (pane: ReactElement) => String(pane.key).replace(/^\.\$/, '');
  const keys = panes.map(keyOf);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  if (!opened.has(activeKey)) setOpened(new Set([...opened, activeKey]));

  // Ties each tab to its panel for screen readers (aria-controls / aria-labelledby).
  const idBase = useId();
  const tabId = (key: string) => `${idBase}tab-${key}`;
  const panelId = (key: string) => `${idBase}panel-${key}`;
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLDivElement>());
  const focusNext = useRef<string | null>(null);

  useLayoutEffect(() => {
    // A list wider than the screen scrolls its active tab towards the middle, as antd-mobile's does.
    const list = listRef.current;
    const tab = tabRefs.current.get(activeKey);
    if (list && tab && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
    }
    if (focusNext.current === activeKey) {
      tab?.focus();
      focusNext.current = null;
    }
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || keys.length === 0) return;
    event.preventDefault();
    const next = keys[(keys.indexOf(activeKey) + step + keys.length) % keys.length]!;
    focusNext.current = next;
    if (next !== activeKey) onChange(next);
  };

  return (
    <div className={className ? `adm-tabs ${className}` : 'adm-tabs'}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-tab-list" role="tablist" ref={listRef} onKeyDown={onKeyDown}>
          {panes.map((pane) => {
            const key = keyOf(pane);
            const active = key === activeKey;
            return (
              <div key={key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  id={tabId(key)}
                  aria-selected={active}
                  // Tabs used as a switcher alone (no children) have no panel to point at.
                  aria-controls={
                    pane.props.children !== undefined && opened.has(key) ? panelId(key) : undefined
                  }
                  tabIndex={active ? 0 : -1}
                  ref={(node) => {
                    if (node) tabRefs.current.set(key, node);
                    else tabRefs.current.delete(key);
                  }}
                  className={active ? 'adm-tabs-tab adm-tabs-tab-active' : 'adm-tabs-tab'}
                  onClick={() => {
                    if (!active) onChange(key);
                  }}
                >
                  {pane.props.title}
                  {active && <span className={`adm-tabs-tab-line ${styles.line}`} aria-hidden="true" />}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {panes.map((pane) => {
        const key = keyOf(pane);
        if (pane.props.children === undefined || !opened.has(key)) return null;
        return (
          <div
            key={key}
            role="tabpanel"
            id={panelId(key)}
            aria-labelledby={tabId(key)}
            className="adm-tabs-content"
            style={{ display: key === activeKey ? 'block' : 'none' }}
          >
            {pane.props.children}
          </div>
        );
      })}
    </div>
  );
}

Tabs.Tab = Tab;
