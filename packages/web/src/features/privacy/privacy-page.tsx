import { BackBar } from '../../components/back-bar/back-bar';
import { useGoBack } from '../work-detail/use-go-back';
import styles from './privacy.module.css';
import { PRIVACY_TEXT } from './texts';

/** /privacy, 用户协议与隐私政策: the text a member agrees to at registration, and its version. */
export function PrivacyPage() {
  const goBack = useGoBack();
  return (
    <div className={styles.page}>
      <BackBar className={styles.navBar} onBack={goBack}>
        {PRIVACY_TEXT.title}
      </BackBar>
      <article className={styles.body}>
        <h1 className={styles.title}>{PRIVACY_TEXT.title}</h1>
        <p className={styles.version}>{PRIVACY_TEXT.version}</p>
        <p className={styles.intro}>{PRIVACY_TEXT.intro}</p>
        {PRIVACY_TEXT.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2 className={styles.heading}>{section.heading}</h2>
            <ul className={styles.points}>
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </article>
    </div>
  );
}
