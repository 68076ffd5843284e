import type { TagGroup } from '@yingku/contract';
import { Selector } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { XIcon } from 'lucide-react';
import { replaceGroupSelection } from './channel-params';
import styles from './tag-selectors.module.css';
import { CHANNEL_TEXT } from './texts';

export interface TagSelectorsProps {
  groups: readonly TagGroup[];
  /** Selected tag ids, in the order they were picked. */
  selected: readonly string[];
  onChange(selected: string[]): void;
}

const tagLabel = (tag: TagGroup['items'][number]) => tag.nameCn ?? tag.name;

/**
 * A category page's grouped tag selectors (docs/product.md §2) and the current selection with a clear button.
 */
export function TagSelectors({ groups, selected, onChange }: TagSelectorsProps) {
  const names = new Map(groups.flatMap((group) => group.items.map((tag) => [tag.id, tagLabel(tag)])));
  return (
    <div className={styles.panel}>
      {groups.map((group) => {
        const ids = group.items.map((tag) => tag.id);
        return (
          <section key={group.name} className={styles.group} aria-label={group.name}>
            <h3 className={styles.groupName}>{group.name}</h3>
            <Selector
              multiple
              showCheckMark={false}
              className={styles.selector}
              options={group.items.map((tag) => ({ label: tagLabel(tag), value: tag.id }))}
              value={selected.filter((id) => ids.includes(id))}
              onChange={(value) => onChange(replaceGroupSelection(selected, ids, value))}
            />
          </section>
        );
      })}
      <div className={styles.selection} data-testid="tag-selection">
        {selected.length === 0 ? (
          <span className={styles.hint}>{CHANNEL_TEXT.pickTagsHint}</span>
        ) : (
          <>
            <span className={styles.selectedLabel}>{CHANNEL_TEXT.selected}</span>
            {selected.map((id) => (
              <Button
                key={id}
                size="mini"
                shape="rounded"
                color="primary"
                fill="outline"
                className={styles.chip}
                aria-label={CHANNEL_TEXT.removeTag(names.get(id) ?? id)}
                onClick={() => onChange(selected.filter((other) => other !== id))}
              >
                {names.get(id) ?? id}
                <XIcon className={styles.chipClose} />
              </Button>
            ))}
            <Button size="mini" fill="none" color="primary" onClick={() => onChange([])}>
              {CHANNEL_TEXT.clearTags}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
