import { type EntityRef, isModId, MOD_NAME } from '@yingku/contract';
import { Tag } from 'antd-mobile';
import { entityListPath } from '../../app/list-paths';
import type { EntityKind } from './entity-links';
import styles from './details-tab.module.css';

export interface EntityRowProps {
  kind: EntityKind;
  modId: number;
  entities: readonly EntityRef[];
}

/** Names of a work's makers, tags, performers…; each opens its list in a new window (docs/product.md §2). */
export function EntityRow({ kind, modId, entities }: EntityRowProps) {
  return (
    <span className={styles.entities}>
      {entities.map((entity) => {
        const name = entity.nameCn || entity.name;
        const href = isModId(modId) ? entityListPath(kind, MOD_NAME[modId], entity.id) : undefined;
        return href ? (
          <a
            key={entity.id}
            className={styles.entityLink}
            href={href}
            target="_blank"
            rel="noopener"
            data-kind={kind}
          >
            <Tag color="primary" fill="outline" round>
              {name}
            </Tag>
          </a>
        ) : (
          <Tag key={entity.id} color="default" fill="outline" round data-kind={kind}>
            {name}
          </Tag>
        );
      })}
    </span>
  );
}
