import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageHead } from '@/components/seo/page-head';
import { AdminNav } from '@/features/admin/components/layout/admin-nav';
import { AdminPresence } from '@/features/admin/components/layout/admin-presence';
import { useAdminRealtime } from '@/features/admin/hooks/use-admin-realtime';

/** The back office frame: sections, the online switch and presence, then the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const admins = useAdminRealtime();
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-6">
      <PageHead title={t('admin.meta.title')} robots="noindex, nofollow" />
      <aside className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-24 lg:self-start">
        <AdminNav />
        <AdminPresence admins={admins} />
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
