import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import own from './recovery.module.css';

interface LinkOutcomeProps {
  /** Whether the link did what it was for: the sign and how the text is announced. */
  ok: boolean;
  text: string;
  /** Where to go on, the first the main way. */
  links: { to: string; label: string }[];
}

/** What a mailed link came to (verified, dead…), said at once to a screen reader, and the ways on. */
export function LinkOutcome({ ok, text, links }: LinkOutcomeProps) {
  const Icon = ok ? CircleCheckIcon : CircleAlertIcon;
  return (
    <div className={own.notice} data-testid="link-outcome" data-ok={ok}>
      <Icon className={ok ? own.noticeIcon : own.noticeIconBad} aria-hidden="true" />
      <p className={own.noticeText} role={ok ? 'status' : 'alert'}>
        {text}
      </p>
      <div className={own.noticeLinks}>
        {links.map((link, index) => (
          <Link key={link.to} to={link.to} className={index === 0 ? own.mainLink : own.otherLink}>
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
