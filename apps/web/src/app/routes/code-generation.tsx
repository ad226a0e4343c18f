import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';

/** A bare page (no session): code generation is reached from outside the signed-in shell. */
export function CodeGenerationRoute() {
  return (
    <AuthCard title="Code generation">
      <Text size="sm" c="dimmed">
        Generate integration code for a mapping from a description in words. This page is being built.
      </Text>
      <Anchor component={Link} to="/dashboard" size="sm">
        Go to the dashboard
      </Anchor>
    </AuthCard>
  );
}
