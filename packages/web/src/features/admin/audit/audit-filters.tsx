import { STAFF_LIMITS } from '@yingku/contract';
import { Button } from '../../../components/button/button';
import { type FormEvent, useState } from 'react';
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_OBJECT_OPTIONS,
  auditFilterOf,
  type AuditFilter,
  type AuditFilterForm,
  EMPTY_AUDIT_FORM,
} from './audit-model';
import { AUDIT_TEXT } from './texts';
import styles from '../admin.module.css';
import auditStyles from './audit.module.css';

/**
 * 操作日志's filters: who (a staff member's id or exact user name), which action, which object
 * (its type, then its id), and a time span (开始 ≤ time < 结束). Applied on 查询; 重置 clears them.
 */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FORM);
  const set = (field: keyof AuditFilterForm, value: string) => setForm((old) => ({ ...old, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(auditFilterOf(form));
  }
  function reset() {
    setForm(EMPTY_AUDIT_FORM);
    onApply({});
  }

  return (
    <form
      className={auditStyles.filters}
      role="search"
      aria-label={AUDIT_TEXT.filters}
      data-testid="audit-filters"
      onSubmit={submit}
    >
      <label className={styles.field}>
        <span>{AUDIT_TEXT.actor}</span>
        <input
          className={styles.input}
          name="actor"
          value={form.actor}
          maxLength={STAFF_LIMITS.staffKeywordMax}
          placeholder={AUDIT_TEXT.actorPlaceholder}
          onChange={(event) => set('actor', event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span>{AUDIT_TEXT.action}</span>
        <select
          className={styles.input}
          name="action"
          value={form.action}
          onChange={(event) => set('action', event.target.value)}
        >
          {AUDIT_ACTION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{AUDIT_TEXT.object}</span>
        <select
          className={styles.input}
          name="objectType"
          value={form.objectType}
          // An id without its type means nothing: clearing the type clears the id.
          onChange={(event) =>
            setForm((old) => ({
              ...old,
              objectType: event.target.value,
              objectId: event.target.value ? old.objectId : '',
            }))
          }
        >
          {AUDIT_OBJECT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{AUDIT_TEXT.objectId}</span>
        <input
          className={styles.input}
          name="objectId"
          value={form.objectId}
          maxLength={STAFF_LIMITS.staffKeywordMax}
          disabled={!form.objectType}
          placeholder={form.objectType ? '' : AUDIT_TEXT.objectIdHint}
          onChange={(event) => set('objectId', event.target.value)}
        />
      </label>
      <TimeField label={AUDIT_TEXT.from} name="from" value={form.from} onChange={(v) => set('from', v)} />
      <TimeField label={AUDIT_TEXT.to} name="to" value={form.to} onChange={(v) => set('to', v)} />
      <div className={auditStyles.filterActions}>
        <Button size="small" type="button" onClick={reset}>
          {AUDIT_TEXT.reset}
        </Button>
        <Button size="small" color="primary" type="submit">
          {AUDIT_TEXT.apply}
        </Button>
      </div>
    </form>
  );
}

/** One end of the time span, to the second (the console's `YYYY-MM-DD HH:mm:ss`). */
function TimeField(props: {
  label: string;
  name: 'from' | 'to';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={`${styles.field} ${auditStyles.time}`}>
      <span>{props.label}</span>
      <input
        className={styles.input}
        name={props.name}
        type="datetime-local"
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
