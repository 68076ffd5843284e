import { LogInIcon } from 'lucide-react';
import { Button } from '../../components/button/button';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { ErrorBlock } from '../../components/error-block/error-block';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';

/**
 * What a visitor sees where a list needs an account (收藏, 喜欢, 我的云下载): the reason and the
 * way to log in; nothing is asked of the server. Drawn with an icon rather than the empty state's
 * picture, which would be ≈ 4 KiB more of the member center's first screen (decision 035).
 */
export function LoginPrompt({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <ErrorBlock
      image={<LogInIcon className={styles.promptIcon} aria-hidden="true" />}
      title={text}
      description=""
      className={`${styles.state} ${styles.prompt}`}
      data-testid="login-prompt"
    >
      <Button color="primary" size="small" onClick={() => void navigate(PATHS.login)}>
        {MEMBER_TEXT.goLogin}
      </Button>
    </ErrorBlock>
  );
}
