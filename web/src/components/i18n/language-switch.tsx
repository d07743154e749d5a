import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { GlobeIcon } from '@/components/ui/icons';
import { changeLanguage, languages } from '@/lib/i18n';

/** English / Burmese segmented switch; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={labelId} className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        <GlobeIcon className="size-4" />
        {t('language.label')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex rounded-full bg-slate-100 p-1 dark:bg-white/5">
        {languages.map((language) => {
          const active = i18n.resolvedLanguage === language;
          return (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={active}
              onClick={() => void changeLanguage(language)}
              className={`rounded-full px-3 py-1 text-sm font-semibold transition ${
                active
                  ? 'bg-white text-violet-700 shadow-sm dark:bg-violet-500/20 dark:text-violet-200'
                  : 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {t(`language.${language}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
