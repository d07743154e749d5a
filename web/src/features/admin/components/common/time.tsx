import { useTranslation } from 'react-i18next';

import { formatYangon } from '@/features/admin/utils/format';

/** A time in Asia/Yangon, with the ISO value for machines. */
export function YangonTime({ value }: { value: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!value) return <span>—</span>;
  return (
    // Burmese month names are long: the time may wrap to a second line rather than push the page sideways.
    <time dateTime={value} title={t('admin.timeZone')} className={i18n.language === 'my' ? undefined : 'whitespace-nowrap'}>
      {formatYangon(value, i18n.language)}
    </time>
  );
}
