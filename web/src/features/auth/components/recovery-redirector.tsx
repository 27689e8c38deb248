import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isRecoveryHash } from '../account-links';

/**
 * Spec "Reset password": a recovery link that lands anywhere else (e.g. on /) is sent on to
 * /reset-password with the same hash; otherwise this renders nothing and does nothing.
 */
export function RecoveryRedirector() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (pathname !== '/reset-password' && isRecoveryHash(hash)) window.location.replace(`/reset-password${hash}`);
  }, [pathname, hash]);
  return null;
}
