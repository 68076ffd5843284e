import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { backWay } from './detail-id';

/** Goes back in history, or to /index when the tab has nowhere to go back to. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (backWay(window.history.state, window.history.length) === 'home') {
      void navigate(PATHS.home, { replace: true });
    } else {
      void navigate(-1);
    }
  }, [navigate]);
}
