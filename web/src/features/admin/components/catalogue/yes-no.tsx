import { useTranslation } from 'react-i18next';

import { Badge } from '@/features/admin/components/common/badge';

export function YesNo({ value, yes, no }: { value: boolean; yes?: string; no?: string }) {
  const { t } = useTranslation();
  return value ? <Badge tone="good">{yes ?? t('admin.common.yes')}</Badge> : <Badge>{no ?? t('admin.common.no')}</Badge>;
}
