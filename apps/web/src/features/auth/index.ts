export { verifyImpersonation } from './api/impersonate.ts';
export { rolesQueryOptions, sessionKeys } from './api/session-data.ts';
export { ForgotPasswordForm } from './components/forgot-password-form.tsx';
export { ImpersonationBanner } from './components/impersonation-banner.tsx';
export { ImpersonationForm } from './components/impersonation-form.tsx';
export { LoginForm } from './components/login-form.tsx';
export { ResetPasswordForm } from './components/reset-password-form.tsx';
export { useLogout } from './hooks/use-logout.ts';
export * from './stores/session-store.ts';
