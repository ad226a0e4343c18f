import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/index.ts';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password" subtitle="Also used to accept an invitation.">
      <ResetPasswordForm token={params.get('token')} />
    </AuthCard>
  );
}
