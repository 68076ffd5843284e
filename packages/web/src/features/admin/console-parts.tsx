import { DotLoading, Tag } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { type FormEvent, type ReactNode, useState } from 'react';
import { pageCount, type TagView } from './admin-model';
import { ADMIN_TEXT } from './texts';
import styles from './admin.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/** A section's card: its heading, an optional toolbar on the right, and its content. */
export function Panel(props: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.panel} data-testid={props.testId}>
      <header className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{props.title}</h2>
        {props.extra}
      </header>
      {props.children}
    </section>
  );
}

/**
 * What a list shows while its query has no rows to show: loading, the failure with a retry (the
 * client has already shown why), or empty. Renders `children(data)` otherwise.
 */
export function QueryState<T extends { rows: readonly unknown[] }>(props: {
  /** Where the list's query stands. */
  status: 'pending' | 'error' | 'success';
  /** The answer, once there is one. */
  data: T | undefined;
  /** 重新加载 after a failure. */
  onRetry: () => unknown;
  children: (data: T) => ReactNode;
}) {
  const { status, data, onRetry } = props;
  if (status === 'pending') {
    return (
      <div className={styles.state} data-state="loading">
        <DotLoading />
      </div>
    );
  }
  if (status === 'error' || data === undefined) {
    return (
      <ErrorBlock status="default" title={ADMIN_TEXT.listFailed} description="" data-state="error">
        <Button size="small" onClick={() => void onRetry()}>
          {ADMIN_TEXT.retry}
        </Button>
      </ErrorBlock>
    );
  }
  if (data.rows.length === 0) {
    return (
      <div className={styles.state} data-state="empty">
        {ADMIN_TEXT.empty}
      </div>
    );
  }
  return <>{props.children(data)}</>;
}

/** 上一页 / 下一页 under a paged list, with where it stands. */
export function Pager(props: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const pages = pageCount(props.total, props.pageSize);
  return (
    <nav className={styles.pager} data-testid="pager">
      <Button size="mini" disabled={props.page <= 1} onClick={() => props.onChange(props.page - 1)}>
        {ADMIN_TEXT.prevPage}
      </Button>
      <span>{ADMIN_TEXT.pageOf(props.page, pages, props.total)}</span>
      <Button size="mini" disabled={props.page >= pages} onClick={() => props.onChange(props.page + 1)}>
        {ADMIN_TEXT.nextPage}
      </Button>
    </nav>
  );
}

/** A search box that searches on submit (Enter or 搜索); an empty search shows everything. */
export function SearchBox(props: { placeholder: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSearch(text.trim());
  }
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <input
        className={styles.input}
        type="search"
        value={text}
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      <Button size="small" color="primary" type="submit">
        {ADMIN_TEXT.search}
      </Button>
    </form>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: compact on a desktop, the system picker on a phone. */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.filter}>
      <span>{props.label}</span>
      <select
        className={styles.input}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function StatusTag({ view }: { view: TagView }) {
  return (
    <Tag color={view.color} fill="outline" data-testid="status-tag">
      {view.label}
    </Tag>
  );
}

/** A table that scrolls sideways inside its card when the screen is narrower than its columns. */
export function Table(props: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={props.testId}>
        {props.children}
      </table>
    </div>
  );
}
