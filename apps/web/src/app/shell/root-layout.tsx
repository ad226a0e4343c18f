import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isAuthPath, LOGIN_PATH } from '../../config/index.ts';
import { setUnauthorizedHandler } from '../../lib/http.ts';
import { storage } from '../../lib/storage.ts';

/**
 * Saves lastPath on each route change (spec §2). Sign-in pages are skipped so that being sent
 * to login does not overwrite the page to return to afterwards.
 */
export function useLastPath() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!isAuthPath(pathname)) storage.set('lastPath', `${pathname}${search}`);
  }, [pathname, search]);
}

export function RootLayout() {
  const navigate = useNavigate();
  useLastPath();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);
  // inside the router: modals opened with `modals.open` may render <Link>s
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
