import { LIMITS, MSG } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextArea, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useState } from 'react';
import { supportApi } from '../../api/support';
import { supportKeys } from './support-keys';
import { SUPPORT_TEXT } from './texts';
import styles from './support-page.module.css';

export interface MessageBoxProps {
  placeholder: string;
  submitLabel: string;
  testId: string;
  /** A message is on its way: the button shows it and takes no second tap. */
  sending: boolean;
  /**
   * Sends the trimmed text; `sent` is called once it went through, and the box clears. On a
   * failure the client's error presenter shows why and the text stays, to send again.
   */
  onSend: (text: string, sent: () => void) => void;
}

/** A text box with its counter and a send button; empty text is refused here (请填写后提交). */
export function MessageBox(props: MessageBoxProps) {
  const [text, setText] = useState('');
  const submit = () => {
    const message = text.trim();
    if (!message) {
      Toast.show({ content: MSG.followUpEmpty });
      return;
    }
    props.onSend(message, () => setText(''));
  };
  return (
    <div className={styles.box} data-testid={props.testId}>
      <TextArea
        value={text}
        onChange={setText}
        placeholder={props.placeholder}
        maxLength={LIMITS.messageMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
      />
      <Button color="primary" size="small" loading={props.sending} onClick={submit}>
        {props.submitLabel}
      </Button>
    </div>
  );
}

/** The question form of docs/product.md §2: 提交 → 提交成功, the form clears and the list refreshes. */
export function QuestionForm() {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (message: string) => supportApi.create(message),
    // The form clears with the toast; the list refreshes behind it (awaiting it here kept the
    // sent text in the box for as long as the list took to load).
    onSuccess: () => {
      Toast.show({ content: MSG.submitted });
      void queryClient.invalidateQueries({ queryKey: supportKeys.threads });
    },
  });
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{SUPPORT_TEXT.formLabel}</h2>
      <MessageBox
        placeholder={SUPPORT_TEXT.placeholder}
        submitLabel={SUPPORT_TEXT.submit}
        testId="question-form"
        sending={create.isPending}
        onSend={(text, sent) => create.mutate(text, { onSuccess: sent })}
      />
    </section>
  );
}
