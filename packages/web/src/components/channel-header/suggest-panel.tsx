import { API } from '@yingku/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ClockIcon } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { suggestGuard } from '../../api/search-guards';
import { workCountText } from '../../app/texts';
import { addRecentSearch, clearRecentSearches, getRecentSearches } from '../../session/recent-searches';
import { validKeyword } from './keyword';
import { moveActive, recentOptions, type SuggestOption, suggestOptions } from './suggest-options';
import styles from './suggest-panel.module.css';
import { ENTITY_KIND_LABEL, SUGGEST_TEXT } from './suggest-texts';

/** How long typing pauses before the box asks for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;

export interface SuggestPanelProps {
  /** The search box, whose keys move through the options. */
  input: RefObject<HTMLInputElement | null>;
  /** What is typed. */
  value: string;
  /** The listbox's id; option `i` is `${listId}-${i}`. */
  listId: string;
  /** An option was picked (and is being opened); a recent keyword is the box's new text. */
  onPick: (keyword?: string) => void;
  /** Escape: the list closes, the text stays. */
  onClose: () => void;
}

/** Sets `name` to `value`, or removes it when undefined. */
function toggle(element: Element | null, name: string, value: string | undefined) {
  if (value === undefined) element?.removeAttribute(name);
  else element?.setAttribute(name, value);
}

/** `value`, once it has stayed the same for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Under the search box while it has focus (decision 043): with nothing typed, the keywords searched
 * on this device and a button to forget them; while typing, works by number or title and the
 * performers, makers and series the keyword names (GET /v2/search/suggest), asked once typing
 * pauses. The box keeps the focus: a tap or a click on an option picks it, the arrow keys move
 * through them and Enter picks the one they are on. Loaded on the box's first focus, so /index
 * does not carry it.
 */
export default function SuggestPanel({ input, value, listId, onPick, onClose }: SuggestPanelProps) {
  const navigate = useNavigate();
  const typed = value.trim();
  const keyword = useDebounced(typed, SUGGEST_DEBOUNCE_MS);
  const asking = typed !== '' && validKeyword(keyword);
  const suggestions = useQuery({
    queryKey: ['search', 'suggest', keyword],
    queryFn: ({ signal }) =>
      api.get(API.searchSuggest, { keyword }, { schema: suggestGuard, signal, silent: true }),
    enabled: asking,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const [recent, setRecent] = useState(getRecentSearches);
  const showsRecent = typed === '';
  const options = useMemo(
    () =>
      showsRecent
        ? recentOptions(recent)
        : asking && suggestions.data
          ? suggestOptions(suggestions.data.data)
          : [],
    [showsRecent, recent, asking, suggestions.data],
  );
  // The option the keys are on, for this list of options: a new list starts with none.
  const [cursor, setCursor] = useState({ of: options, index: -1 });
  const active = cursor.of === options ? cursor.index : -1;
  // The box announces the list and the option the keys are on; set here, with the list, so the
  // box's own code (in every screen's frame) stays small. Back to collapsed when the list goes.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const expanded = options.length > 0;
    box.setAttribute('aria-expanded', String(expanded));
    toggle(box, 'aria-controls', expanded ? listId : undefined);
    toggle(box, 'aria-activedescendant', expanded && active >= 0 ? `${listId}-${active}` : undefined);
  }, [input, options, active, listId]);
  useEffect(() => {
    const box = input.current;
    return () => {
      box?.setAttribute('aria-expanded', 'false');
      toggle(box, 'aria-controls', undefined);
      toggle(box, 'aria-activedescendant', undefined);
    };
  }, [input]);

  const pick = (option: SuggestOption) => {
    if (option.type === 'recent') addRecentSearch(option.keyword);
    onPick(option.type === 'recent' ? option.keyword : undefined);
    void navigate(option.href);
  };
  // The box's keys, read here so that /index carries none of this (the box has the focus).
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setCursor({ of: options, index: moveActive(active, step, options.length) });
    } else if (event.key === 'Escape' && options.length > 0) {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      pick(options[active]);
    }
  };
  const keys = useRef(onKey);
  useEffect(() => {
    keys.current = onKey;
  });
  useEffect(() => {
    const box = input.current;
    const onKeyDown = (event: KeyboardEvent) => keys.current(event);
    box?.addEventListener('keydown', onKeyDown);
    return () => box?.removeEventListener('keydown', onKeyDown);
  }, [input]);

  if (options.length === 0) return null;
  const clear = () => {
    clearRecentSearches();
    setRecent([]);
  };
  return (
    // A press inside leaves the focus in the box: the list stays open until the pick is made.
    <div
      className={styles.panel}
      onMouseDown={(event) => event.preventDefault()}
      data-testid="search-suggestions"
    >
      {showsRecent && (
        <div className={styles.head}>
          <span>{SUGGEST_TEXT.recentTitle}</span>
          <button
            type="button"
            className={styles.clear}
            onClick={clear}
            aria-label={SUGGEST_TEXT.clearRecentLabel}
          >
            {SUGGEST_TEXT.clearRecent}
          </button>
        </div>
      )}
      <ul id={listId} role="listbox" aria-label={SUGGEST_TEXT.listLabel} className={styles.list}>
        {options.map((option, i) => (
          <li
            key={option.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            data-type={option.type}
            onClick={() => pick(option)}
          >
            <OptionContent option={option} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OptionContent({ option }: { option: SuggestOption }) {
  switch (option.type) {
    case 'recent':
      return (
        <>
          <ClockIcon className={styles.icon} aria-hidden="true" />
          <span className={styles.main}>{option.keyword}</span>
        </>
      );
    case 'work':
      return (
        <>
          <span className={styles.number}>{option.number}</span>
          <span className={styles.main}>{option.title}</span>
        </>
      );
    case 'entity':
      return (
        <>
          <span className={styles.kind}>{ENTITY_KIND_LABEL[option.match.kind]}</span>
          <span className={styles.main}>
            {option.match.name}
            {option.match.nameCn && option.match.nameCn !== option.match.name && (
              <span className={styles.aside}> {option.match.nameCn}</span>
            )}
          </span>
          <span className={styles.aside}>{workCountText(option.match.count)}</span>
        </>
      );
  }
}
