import type { MessageThread } from '@yingku/contract';
import { Popup } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useGoBack } from '../work-detail/use-go-back';
import { hasStoredSession } from '../../session/auth-storage';
import { Conversation } from './conversation';
import { QuestionForm } from './message-form';
import { ThreadList } from './thread-list';
import { SUPPORT_TEXT } from './texts';
import { useWide } from './use-wide';
import styles from './support-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';
import { BackBar } from '../../components/back-bar/back-bar';

/**
 * /message (docs/product.md §2): the question form and the caller's threads; the chosen thread's
 * conversation opens as a bottom sheet on phones and as the right-hand panel from 768 px. A
 * visitor is asked to log in, and no call is made.
 */
export function SupportPage() {
  const goBack = useGoBack();
  return (
    <>
      <BackBar className={styles.navBar} onBack={goBack}>
        {SUPPORT_TEXT.title}
      </BackBar>
      {hasStoredSession() ? <SupportScreen /> : <LoginPrompt />}
    </>
  );
}

function LoginPrompt() {
  const navigate = useNavigate();
  return (
    <ErrorBlock status="empty" title={SUPPORT_TEXT.loginToAsk} description="" data-state="login">
      <Button color="primary" onClick={() => void navigate(PATHS.login)}>
        {SUPPORT_TEXT.goLogin}
      </Button>
    </ErrorBlock>
  );
}

function SupportScreen() {
  const wide = useWide();
  const [open, setOpen] = useState<MessageThread>();
  const conversation = open && (
    <>
      <h2 className={styles.heading}>{SUPPORT_TEXT.conversationTitle}</h2>
      <Conversation key={open.id} thread={open} onChanged={setOpen} />
    </>
  );
  return (
    <div className={styles.page}>
      <div className={styles.side}>
        <QuestionForm />
        <section className={styles.card}>
          <h2 className={styles.heading}>{SUPPORT_TEXT.listTitle}</h2>
          <ThreadList selectedId={open?.id} onOpen={setOpen} />
        </section>
      </div>
      {wide ? (
        <section className={`${styles.card} ${styles.panel}`}>
          {conversation ?? <p className={styles.notice}>{SUPPORT_TEXT.pickThread}</p>}
        </section>
      ) : (
        <Popup
          visible={Boolean(open)}
          onMaskClick={() => setOpen(undefined)}
          onClose={() => setOpen(undefined)}
          showCloseButton
          bodyClassName={styles.sheet}
        >
          {conversation}
        </Popup>
      )}
    </div>
  );
}
