import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useServices } from '@/features/catalog/api/services';
import { localName } from '@/lib/localize';

type ServiceFilterProps = {
  /** The chosen service's slug, or '' for all. */
  current: string;
  /** The link that shows one service's games (or all, for ''). */
  hrefOf: (slug: string) => string;
};

const chip = 'inline-flex h-10 shrink-0 items-center rounded-full border px-4 text-sm font-semibold transition';
const idle = 'border-slate-200 bg-white/80 text-slate-700 hover:border-violet-300 dark:border-white/10 dark:bg-white/5 dark:text-slate-200';
const chosen = 'border-transparent bg-violet-600 text-white shadow-md shadow-violet-600/25';

/** Browse by service: one chip per service from /api/services, plus All. */
export function ServiceFilter({ current, hrefOf }: ServiceFilterProps) {
  const { t, i18n } = useTranslation();
  const { data } = useServices();
  // The chips' row is kept while the services load: the game grid below must not move down when they come.
  if (!data) return <div aria-hidden="true" className="h-11" />;
  if (data.length < 2) return null;
  const chips = [{ slug: '', label: t('home.allServices') }, ...data.map((s) => ({ slug: s.slug, label: localName(s, i18n.language) }))];
  return (
    <nav aria-label={t('home.byService')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {chips.map((c) => (
        <Link key={c.slug || 'all'} to={hrefOf(c.slug)} replace preventScrollReset aria-current={c.slug === current ? 'page' : undefined} className={`${chip} ${c.slug === current ? chosen : idle}`}>
          {c.label}
        </Link>
      ))}
    </nav>
  );
}
