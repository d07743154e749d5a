import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useStoreName } from '@/features/config/hooks/use-store-name';

export function LoginRoute() {
  const { t } = useTranslation();
  const store = useStoreName();
  return (
    <>
      <PageHead title={t('meta.loginTitle', { store })} description={t('meta.loginDescription')} />
      <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
        <LoginForm />
      </AuthCard>
    </>
  );
}

export function RegisterRoute() {
  const { t } = useTranslation();
  const store = useStoreName();
  return (
    <>
      <PageHead title={t('meta.registerTitle', { store })} description={t('meta.registerDescription')} />
      <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
        <RegisterForm />
      </AuthCard>
    </>
  );
}
