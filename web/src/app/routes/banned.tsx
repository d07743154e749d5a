import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { BannedNotice } from '@/features/auth/components/banned-notice';
import { useConfig } from '@/features/config/api/config';
import { supportLink } from '@/features/config/support';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { useSession } from '@/hooks/use-session';

export function BannedRoute() {
  const { t } = useTranslation();
  const store = useStoreName();
  const { user } = useSession();
  const { data } = useConfig();
  return (
    <>
      <PageHead title={t('meta.bannedTitle', { store })} robots="noindex, nofollow" />
      <BannedNotice reason={user?.ban_reason} supportUrl={supportLink(data?.support)} />
    </>
  );
}
