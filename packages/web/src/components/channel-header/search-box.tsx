import { LIMITS, MSG } from '@yingku/contract';
import { SearchIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../app/paths';
import { showToast } from '../feedback/lazy-feedback';
import { validKeyword } from './keyword';
import { SEARCH_PLACEHOLDER } from './texts';
import styles from './search-box.module.css';

/**
 * The site's search box (SPEC §2, §5): at most 32 characters; submitting opens
 * `/search/{keyword}`, and a keyword outside 1–32 characters gets the spec's warning instead.
 * A plain search form, not antd-mobile's SearchBar: it sits on /index, whose JavaScript has a
 * budget (decision 028), and the browser's own search field already clears, submits on the
 * keyboard's search key and is announced as a search box.
 */
export function SearchBox({ keyword = '', className }: { keyword?: string; className?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(keyword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validKeyword(value)) {
      showToast({ content: MSG.keywordWarning });
      return;
    }
    void navigate(searchPath(value.trim()));
  };
  return (
    <form className={className} role="search" action="" onSubmit={submit}>
      <label className={styles.box}>
        <SearchIcon className={styles.icon} aria-hidden="true" />
        <input
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={LIMITS.keywordMax}
          aria-label={SEARCH_PLACEHOLDER}
        />
      </label>
    </form>
  );
}
