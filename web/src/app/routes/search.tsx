import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHead } from '@/components/seo/page-head';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { SearchPage } from '@/features/search/components/search-page';

/** /search?q= (docs/spec.md §2), open to everyone. */
export function SearchRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <>
      <PageHead title={`${storeName} ${t('search.title')}${q ? `: ${q}` : ''}`} robots="noindex, follow" />
      <SearchPage key={q} />
    </>
  );
}
