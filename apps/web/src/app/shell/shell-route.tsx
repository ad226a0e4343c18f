import type { TOrgSettings } from '@mapwright/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FALLBACK_PRODUCT_NAME, LOGIN_PATH } from '../../config/index.ts';
import { startSession, useSession } from '../../features/auth/index.ts';
import {
  getSystemStatus,
  publicConfigQueryOptions,
  StatusBanner,
  startSystemStatusPolling,
} from '../../features/system/index.ts';
import { loadAnalytics } from '../../lib/analytics.ts';
import { loadChatSupport } from '../../lib/chat-support.ts';
import { http } from '../../lib/http.ts';
import { debugLog } from '../../lib/log.ts';
import { setLumeStatus } from '../../lib/lume-store.ts';
import { storage } from '../../lib/storage.ts';
import { AppLayout } from './app-layout.tsx';
import { FullScreenLoader } from './full-screen-loader.tsx';
import { MigrationModal } from './migration-modal.tsx';
import { guardRedirect } from './route-guard.ts';

/**
 * The shell registered at /_app: the session (user context), the route guard, system status,
 * analytics and the migration modal wrap every signed-in page — and none of the bare pages.
 */
export function ShellRoute() {
  const token = storage.get('token');
  const session = useSession();
  const config = useQuery(publicConfigQueryOptions());
  const location = useLocation();

  useEffect(() => {
    if (token && session.status === 'idle') void startSession();
  }, [token, session.status]);

  // the status source comes with the configuration (configured URLs, else this server's)
  const statusSource = config.data ? (config.data.systemStatus ?? null) : undefined;
  useEffect(() => {
    if (statusSource === undefined) return;
    return startSystemStatusPolling(() => getSystemStatus(statusSource));
  }, [statusSource]);

  const ready = session.status === 'success';
  // the organization's demo flags are set by staff (internal settings); pages read them from storage.
  // An organization switches a demo on; it never switches off one this browser turned on itself.
  useEffect(() => {
    if (!ready) return;
    http
      .get<TOrgSettings>('/org/settings')
      .then((s) => s && storage.setDemos(Object.fromEntries(Object.entries(s.demos).filter(([, on]) => on))))
      .catch((err) => debugLog('Organization settings not loaded:', err));
  }, [ready]);
  // the lume slice is loading until the session and configuration are in; chat support if configured
  useEffect(() => {
    if (!ready || !config.data || !session.user) return;
    setLumeStatus('ready');
    loadChatSupport(config.data.chatSupport, session.user);
  }, [ready, config.data, session.user]);
  useEffect(() => {
    if (ready && config.data) void loadAnalytics(config.data.analytics);
  }, [ready, config.data]);

  if (session.status === 'error') {
    return <Navigate to={LOGIN_PATH} replace state={{ message: session.error }} />;
  }
  if (!token) return <Navigate to={LOGIN_PATH} replace />;
  if (!ready || !session.user || !session.org || config.isPending) return <FullScreenLoader />;

  const orgId = storage.get('orgId');
  const redirect = guardRedirect(location.pathname, orgId, config.data?.projectsLandingOrgIds ?? []);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <>
      <AppLayout
        user={session.user}
        orgName={session.org.name}
        productName={config.data?.productName ?? FALLBACK_PRODUCT_NAME}
        banner={<StatusBanner />}
      >
        <Outlet />
      </AppLayout>
      <MigrationModal orgId={orgId} config={config.data} />
    </>
  );
}
