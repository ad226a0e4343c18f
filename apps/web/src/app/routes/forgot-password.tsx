import { AuthCard } from '../../components/ui/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/index.ts';

export function ForgotPasswordRoute() {
  return (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
