import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../config/index.ts';
import { resetAnalytics } from '../../../lib/analytics.ts';
import { storage } from '../../../lib/storage.ts';
import { logoutRequest } from '../api/logout.ts';
import { resetSession } from '../stores/session-store.ts';

/** Spec §4: logout removes the token, resets analytics and redirects to login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logoutRequest();
    storage.remove('token');
    resetAnalytics();
    resetSession();
    queryClient.clear();
    // toasts belong to the session that raised them
    notifications.clean();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
