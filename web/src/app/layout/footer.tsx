import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Logo } from '@/components/brand/logo';
import { FacebookIcon, MapPinIcon, PhoneIcon, TelegramIcon, TikTokIcon, ViberIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/config';
import { AdminOnlineBadge } from '@/features/config/components/admin-online-badge';
import { supportChannels, type SupportChannel } from '@/features/config/support';

const socialIcons: Record<Exclude<SupportChannel['key'], 'phone'>, ReactNode> = {
  telegram: <TelegramIcon />,
  viber: <ViberIcon />,
  facebook: <FacebookIcon />,
  tiktok: <TikTokIcon />,
};

function Social({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={label}
      title={label}
      className="inline-flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white/70 text-slate-600 transition hover:border-violet-300 hover:text-violet-700 dark:border-white/10 dark:bg-white/5 dark:text-slate-300 dark:hover:text-violet-200"
    >
      {children}
    </a>
  );
}

/** docs/spec.md §1 footer: Burmese blurb, social links, 'Yangon, Myanmar', policy links. */
export function Footer() {
  const { t } = useTranslation();
  const { data } = useConfig();
  const support = data?.support;
  // The phone is written out under Contact; the rest are icons.
  const socials = supportChannels(support).filter((channel) => channel.key !== 'phone');
  const year = new Date().getFullYear();
  return (
    // Below the fold on load: its layout waits until it nears the viewport, and with it,
    // mostly, the Burmese font its blurb needs (the home page's LCP competes for bandwidth).
    <footer className="border-t border-slate-200/70 [contain-intrinsic-size:auto_30rem] [content-visibility:auto] bg-white/50 backdrop-blur dark:border-white/5 dark:bg-ink-950/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p lang="my" className="max-w-md text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {t('footer.blurb', { lng: 'my' })}
          </p>
          {socials.length > 0 && (
            <div className="flex gap-2">
              {socials.map((channel) => (
                <Social key={channel.key} href={channel.href} label={t(`footer.${channel.key}`)}>
                  {socialIcons[channel.key as keyof typeof socialIcons]}
                </Social>
              ))}
            </div>
          )}
        </div>
        <nav aria-label={t('footer.policies')} className="flex flex-col gap-2 text-sm">
          <h2 className="font-bold">{t('footer.policies')}</h2>
          <Link className="text-slate-600 hover:text-violet-700 dark:text-slate-300 dark:hover:text-violet-300" to={paths.privacy}>
            {t('footer.privacy')}
          </Link>
          <Link className="text-slate-600 hover:text-violet-700 dark:text-slate-300 dark:hover:text-violet-300" to={paths.terms}>
            {t('footer.terms')}
          </Link>
          <Link className="text-slate-600 hover:text-violet-700 dark:text-slate-300 dark:hover:text-violet-300" to={paths.security}>
            {t('footer.security')}
          </Link>
        </nav>
        <div className="flex flex-col gap-2 text-sm">
          <h2 className="font-bold">{t('footer.contact')}</h2>
          <AdminOnlineBadge />
          <p className="inline-flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <MapPinIcon className="size-4 shrink-0 text-violet-600 dark:text-violet-300" />
            {t('footer.place')}
          </p>
          {support?.phone && (
            <a
              href={`tel:${support.phone}`}
              className="inline-flex items-center gap-2 text-slate-600 hover:text-violet-700 dark:text-slate-300 dark:hover:text-violet-300"
            >
              <PhoneIcon className="size-4 shrink-0 text-violet-600 dark:text-violet-300" />
              {support.phone}
            </a>
          )}
          <p className="text-slate-600 dark:text-slate-300">{support?.hours ? t('footer.hoursSet', { hours: support.hours }) : t('footer.hours')}</p>
        </div>
      </div>
      <p className="border-t border-slate-200/60 px-4 py-4 text-center text-xs text-muted dark:border-white/5 dark:text-slate-400">
        © {year} {t('footer.rights', { store: data?.store_name?.trim() || 'Shwe Top-Up' })}
      </p>
    </footer>
  );
}
