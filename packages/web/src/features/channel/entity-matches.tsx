import { Link } from 'react-router';
import { workCountText } from '../../app/texts';
import { ENTITY_KIND_LABEL } from '../../components/channel-header/suggest-texts';
import styles from './entity-matches.module.css';
import { type LinkedMatch, matchesByKind } from './entity-matches-query';
import { CHANNEL_TEXT } from './texts';

/**
 * Above a search's works (decision 043): the performers, makers, labels, series, directors,
 * same-type lists and tags whose name holds the keyword, by kind, each with its works and
 * opening its list. Nothing when none matched.
 */
export function EntityMatches({ matches }: { matches: readonly LinkedMatch[] }) {
  if (matches.length === 0) return null;
  return (
    <section className={styles.matches} aria-label={CHANNEL_TEXT.matchesLabel} data-testid="entity-matches">
      {matchesByKind(matches).map(([kind, rows]) => (
        <div key={kind} className={styles.group}>
          <h2 className={styles.kind}>{ENTITY_KIND_LABEL[kind]}</h2>
          <ul className={styles.list}>
            {rows.map((match) => (
              <li key={match.id}>
                <Link to={match.href} className={styles.match} data-kind={kind}>
                  <span className={styles.name}>{match.name}</span>
                  {match.nameCn && match.nameCn !== match.name && (
                    <span className={styles.nameCn}>{match.nameCn}</span>
                  )}
                  <span className={styles.count}>{workCountText(match.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
