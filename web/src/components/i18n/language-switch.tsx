import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { GlobeIcon } from '@/components/ui/icons';
import { myanmarDigits } from '@/lib/digits';
import { changeLanguage, changeMyanmarDigits, languages } from '@/lib/i18n';

/** English / Burmese segmented switch, and in Burmese the Myanmar digits choice; both kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <span id={labelId} className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
          <GlobeIcon className="size-4" />
          {t('language.label')}
        </span>
        <LanguageChoice labelledBy={labelId} />
      </div>
      {i18n.resolvedLanguage === 'my' && (
        <label className="flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
          {t('language.myanmarDigits')}
          <input
            type="checkbox"
            className="size-4 accent-violet-600"
            defaultChecked={myanmarDigits()}
            onChange={(event) => void changeMyanmarDigits(event.target.checked)}
          />
        </label>
      )}
    </div>
  );
}

/** The language buttons, the active one pressed; `wide` fills its row with two equal halves. */
export function LanguageChoice({ labelledBy, wide = false }: { labelledBy: string; wide?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-labelledby={labelledBy} className={`rounded-full bg-slate-100 p-1 dark:bg-white/5 ${wide ? 'grid grid-cols-2' : 'flex'}`}>
      {languages.map((language) => {
        const active = i18n.resolvedLanguage === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            onClick={() => void changeLanguage(language)}
            className={`rounded-full px-3 text-sm font-semibold transition ${wide ? 'min-h-11' : 'py-1'} ${
              active
                ? 'bg-white text-violet-700 shadow-sm dark:bg-violet-500/20 dark:text-violet-200'
                : 'text-muted hover:text-slate-800 dark:hover:text-slate-100'
            }`}
          >
            {t(`language.${language}`)}
          </button>
        );
      })}
    </div>
  );
}
