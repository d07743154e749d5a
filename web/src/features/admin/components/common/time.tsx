import { useTranslation } from 'react-i18next';

import { formatYangon, STORE_TIME_ZONE } from '@/features/admin/utils/format';

/** A time in Asia/Yangon, with the ISO value for machines. */
export function YangonTime({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return <span>—</span>;
  return (
    <time dateTime={value} title={STORE_TIME_ZONE} className="whitespace-nowrap">
      {formatYangon(value, i18n.language)}
    </time>
  );
}
