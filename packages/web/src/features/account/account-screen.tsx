import type { ReactNode } from 'react';
import { UI_TEXT } from '../../app/texts';
import { useGoBack } from '../work-detail/use-go-back';
import styles from './account.module.css';
import { BackBar } from '../../components/back-bar/back-bar';

interface AccountScreenProps {
  /** The nav bar's title (the route's title). */
  title: string;
  heading: string;
  intro: string;
  children: ReactNode;
}

/**
 * The frame of /login and /register: a nav bar whose back arrow returns where the visitor came
 * from (or home), the site's name and a greeting, then the form.
 */
export function AccountScreen({ title, heading, intro, children }: AccountScreenProps) {
  const goBack = useGoBack();
  return (
    <div className={styles.page}>
      <BackBar className={styles.navBar} onBack={goBack}>
        {title}
      </BackBar>
      <div className={styles.body}>
        <header className={styles.header}>
          <div className={styles.brand} aria-hidden="true">
            {UI_TEXT.siteName}
          </div>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.intro}>{intro}</p>
        </header>
        {children}
      </div>
    </div>
  );
}
