import { Button } from '../../components/button/button';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { ErrorBlock } from '../../components/error-block/error-block';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';

/**
 * What a visitor sees where a list needs an account (收藏, 喜欢, 我的云下载): the reason and the
 * way to log in; nothing is asked of the server.
 */
export function LoginPrompt({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <ErrorBlock
      status="empty"
      title={text}
      description=""
      className={styles.state}
      data-testid="login-prompt"
    >
      <Button color="primary" size="small" onClick={() => void navigate(PATHS.login)}>
        {MEMBER_TEXT.goLogin}
      </Button>
    </ErrorBlock>
  );
}
