import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button-link';
import { HomeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { useSession } from '@/hooks/use-session';

// Screens that later issues build; the routes and guards exist now (SPEC §6).
function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const store = useStoreName();
  return (
    <>
      <PageHead title={`${store} ${title}`} robots="noindex, follow" />
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <p className="text-slate-600 dark:text-slate-300">{t('placeholder.soon')}</p>
        <ButtonLink to={paths.home} icon={<HomeIcon className="size-5" />}>
          {t('notFound.home')}
        </ButtonLink>
      </section>
    </>
  );
}

export function DashboardRoute() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.dashboard')} />;
}
export function TopUpRoute() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.topUp')} />;
}
export function OrderRoute() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.order')} />;
}
export function DetailRoute() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.detail')} />;
}
export function SearchRoute() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.search')} />;
}
export function ProfileRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Placeholder title={t('placeholder.profile')}>
      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white/70 p-4 text-left text-sm dark:border-white/10 dark:bg-white/5">
        <dt className="font-semibold">{t('auth.fields.username')}</dt>
        <dd className="min-w-0 truncate">{user?.username}</dd>
        <dt className="font-semibold">{t('auth.fields.phone')}</dt>
        <dd className="min-w-0 truncate">{user?.phone_number}</dd>
      </dl>
    </Placeholder>
  );
}
