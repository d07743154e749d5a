import { useTranslation } from 'react-i18next';

import { ShieldIcon } from '@/components/ui/icons';
import { EFFECTIVE_DATE, policies, type PolicyKind } from '@/features/policies/content/policies';

/** A policy page: heading, effective date, numbered sections in the UI language. */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t, i18n } = useTranslation();
  const sections = policies[kind][i18n.resolvedLanguage === 'my' ? 'my' : 'en'];
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3 rounded-3xl border border-slate-200/80 bg-white/70 p-5 backdrop-blur sm:p-8 dark:border-white/10 dark:bg-white/[0.03]">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-600 to-indigo-600 text-white shadow-lg shadow-violet-600/30">
          <ShieldIcon className="size-6" />
        </span>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t(`policies.${kind}.title`)}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t(`policies.${kind}.intro`)}</p>
        <p className="text-xs font-semibold text-violet-700 dark:text-violet-300">
          {t('policies.effective', { date: EFFECTIVE_DATE })} · {t('policies.updated')}
        </p>
      </header>
      <ol className="flex flex-col gap-4">
        {sections.map((section, index) => (
          <li key={section.title} className="rounded-2xl border border-slate-200/70 bg-white/60 p-5 dark:border-white/5 dark:bg-white/[0.02]">
            <h2 className="flex gap-3 text-lg font-bold">
              <span className="text-violet-600 tabular-nums dark:text-violet-300">{index + 1}.</span>
              <span>{section.title}</span>
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-2 text-sm leading-relaxed text-pretty text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </article>
  );
}
