import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { isAllowedPath, isBarePath } from '../../config/index.ts';
import { LoginForm } from '../../features/auth/index.ts';
import { storage } from '../../lib/storage.ts';

/** Back to where the user was (lastPath) when that is a signed-in page, else the root redirect. */
export function postLoginPath(): string {
  const last = storage.get('lastPath');
  const path = last?.split(/[?#]/)[0] ?? '';
  return last && isAllowedPath(path) && !isBarePath(path) ? last : '/';
}

export function LoginRoute() {
  const navigate = useNavigate();
  const state = useLocation().state as { message?: string } | null;
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your organization.">
      <LoginForm notice={state?.message} onLoggedIn={() => navigate(postLoginPath(), { replace: true })} />
    </AuthCard>
  );
}
