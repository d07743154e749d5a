import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const searchHref = (q: string) => (q ? `${paths.search}?q=${encodeURIComponent(q)}` : paths.search);

/**
 * The header's way into search: a field on wide screens, a button to /search
 * on phones. Open to everyone, but not in the back office, whose lists have
 * their own search fields.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [draft, setDraft] = useState('');
  if (pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchHref(draft.trim()));
    setDraft('');
  };
  return (
    <>
      <form role="search" aria-label={t('search.header')} onSubmit={submit} className="hidden min-w-0 flex-1 md:flex md:max-w-xs lg:max-w-sm">
        <label className="relative flex w-full items-center">
          {/* Its own name: the search page has its own field for the same words. */}
          <span className="sr-only">{t('search.header')}</span>
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-slate-400" />
          <input
            type="search"
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('search.placeholder')}
            className="h-10 w-full rounded-full border border-slate-200 bg-white/80 pr-3 pl-9 text-sm focus:border-violet-400 focus:ring-2 focus:ring-violet-400/30 dark:border-white/10 dark:bg-white/5"
          />
        </label>
      </form>
      <Link
        to={paths.search}
        aria-label={t('search.open')}
        title={t('search.open')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/80 text-slate-700 md:hidden dark:border-white/10 dark:bg-white/5 dark:text-slate-200"
      >
        <SearchIcon className="size-5" />
      </Link>
    </>
  );
}
