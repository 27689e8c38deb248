import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { StorageKeys, storage } from '@/lib/storage';

/**
 * Sends a visitor to /login, remembering where they were (redirectAfterAuth) so the
 * post-authentication redirect brings them back. Returns whether the page may render.
 */
export function useRequireLogin(): boolean {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthenticated) return;
    storage.set(StorageKeys.redirectAfterAuth, location.pathname + location.search);
    navigate('/login', { replace: true });
  }, [isAuthenticated, location.pathname, location.search, navigate]);
  return isAuthenticated;
}
