import { LIMITS, MSG } from '@yingku/contract';
import { SearchIcon } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../app/paths';
import { showToast } from '../feedback/lazy-feedback';
import { validKeyword } from './keyword';
import { SEARCH_PLACEHOLDER } from './texts';
import styles from './search-box.module.css';

// The suggestions come with the box's first focus, not with /index (decision 028): the list, its
// keyboard and the recent searches are all in the panel's code.
const SuggestPanel = lazy(() => import('./suggest-panel'));

/** Keeps a searched keyword among the device's recent searches. */
const rememberSearch = (keyword: string) =>
  void import('../../session/recent-searches').then(({ addRecentSearch }) => addRecentSearch(keyword));

/**
 * The site's search box (docs/product.md §2, §5): at most 32 characters; submitting opens
 * `/search/{keyword}`, and a keyword outside 1–32 characters gets the warning of docs/product.md §5 instead.
 * A plain search form, not antd-mobile's SearchBar: it sits on /index, whose JavaScript has a
 * budget (decision 028), and the browser's own search field already clears, submits on the
 * keyboard's search key and is announced as a search box. While it has focus it is a combobox
 * (decision 043) whose list, SuggestPanel, offers the recent searches and, as a keyword is typed,
 * suggestions.
 */
export function SearchBox({ keyword = '', className }: { keyword?: string; className?: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(keyword);
  // The panel's code is asked for at the first focus, and stays.
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const close = () => setOpen(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validKeyword(value)) {
      showToast({ content: MSG.keywordWarning });
      return;
    }
    close();
    rememberSearch(value.trim());
    void navigate(searchPath(value.trim()));
  };
  return (
    <form className={`${styles.form} ${className ?? ''}`} role="search" action="" onSubmit={submit}>
      <label className={styles.box}>
        <SearchIcon className={styles.icon} aria-hidden="true" />
        <input
          ref={input}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onBlur={close}
          // The keys that move through the list open it again after Escape.
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setOpen(true);
          }}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={LIMITS.keywordMax}
          aria-label={SEARCH_PLACEHOLDER}
          role="combobox"
          aria-autocomplete="list"
          // The list sets aria-expanded, aria-controls and aria-activedescendant while it shows.
          aria-expanded={false}
          autoComplete="off"
        />
      </label>
      {engaged && open && (
        <Suspense fallback={null}>
          <SuggestPanel
            input={input}
            value={value}
            listId={listId}
            onPick={(picked) => {
              if (picked !== undefined) setValue(picked);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </form>
  );
}
