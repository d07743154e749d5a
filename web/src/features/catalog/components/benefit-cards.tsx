import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { BoltIcon, GemIcon, HeadsetIcon, RocketIcon, ShieldIcon, SmartphoneIcon } from '@/components/ui/icons';

type Benefit = { key: 'instant' | 'safe' | 'mobile' | 'quality' | 'fast' | 'support'; icon: ReactNode; tone: string };

const benefits: Benefit[] = [
  { key: 'instant', icon: <BoltIcon className="size-6" />, tone: 'from-gold-300 to-gold-500 text-ink-900' },
  { key: 'safe', icon: <ShieldIcon className="size-6" />, tone: 'from-emerald-400 to-teal-500 text-white' },
  { key: 'mobile', icon: <SmartphoneIcon className="size-6" />, tone: 'from-sky-400 to-blue-500 text-white' },
  { key: 'quality', icon: <GemIcon className="size-6" />, tone: 'from-violet-500 to-fuchsia-500 text-white' },
  { key: 'fast', icon: <RocketIcon className="size-6" />, tone: 'from-rose-400 to-orange-500 text-white' },
  { key: 'support', icon: <HeadsetIcon className="size-6" />, tone: 'from-indigo-500 to-violet-600 text-white' },
];

/** docs/spec.md §1: the six 'Why choose us?' cards; `deliveryMinutes` is the shop's configured promise. */
export function BenefitCards({ deliveryMinutes }: { deliveryMinutes: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-heading" className="flex flex-col gap-4">
      <h2 id="why-heading" className="text-xl font-bold sm:text-2xl">
        {t('home.why')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.key} className="flex items-start gap-3 rounded-2xl border border-slate-200/80 bg-white/80 p-4 shadow-sm dark:border-white/10 dark:bg-white/[0.04]">
            <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br shadow ${benefit.tone}`}>{benefit.icon}</span>
            <div className="min-w-0">
              <h3 className="font-semibold">{t(`home.benefits.${benefit.key}.title`)}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`home.benefits.${benefit.key}.body`, { minutes: deliveryMinutes })}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
