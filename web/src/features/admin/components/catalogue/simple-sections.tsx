import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { deleteBanner, useBanners, useGames, usePaymentMethods, useServices } from '@/features/admin/api/catalogue';
import { useRevalidate } from '@/features/admin/api/keys';
import type { Banner } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { YangonTime } from '@/features/admin/components/common/time';
import { CrudSection } from '@/features/admin/components/catalogue/crud-section';
import { YesNo } from '@/features/admin/components/catalogue/yes-no';
import { scriptLang } from '@/lib/script-lang';

function Thumb({ src }: { src: string }) {
  return src ? <img src={src} alt="" className="size-10 rounded-lg border border-slate-200 object-cover dark:border-white/10" /> : <span>—</span>;
}

export function ServicesSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useServices();
  const kinds = (['coin', 'code', 'account'] as const).map((value) => ({ value, label: t(`admin.kinds.${value}`) }));
  return (
    <CrudSection
      title={t('admin.catalogue.services')}
      collection="services"
      rows={data}
      loading={isLoading}
      error={error}
      nameOf={(row) => row.name}
      defaults={{ kind: 'coin', sort: 0, is_active: true }}
      columns={[
        { label: t('admin.catalogue.name'), cell: (row) => <span className="font-semibold">{row.name}<span lang={scriptLang(row.name_my)} className="block text-xs font-normal text-muted">{row.name_my}</span></span> },
        { label: t('admin.catalogue.slug'), cell: (row) => row.slug },
        { label: t('admin.catalogue.kind'), cell: (row) => t(`admin.kinds.${row.kind}`) },
        { label: t('admin.catalogue.sort'), cell: (row) => row.sort },
        { label: t('admin.catalogue.active'), cell: (row) => <YesNo value={row.is_active} /> },
      ]}
      fields={[
        { name: 'name', label: t('admin.catalogue.nameEn'), type: 'text' },
        { name: 'name_my', label: t('admin.catalogue.nameMy'), type: 'text' },
        { name: 'slug', label: t('admin.catalogue.slug'), type: 'text', hint: t('admin.catalogue.slugHint') },
        { name: 'kind', label: t('admin.catalogue.kind'), type: 'select', options: kinds },
        { name: 'sort', label: t('admin.catalogue.sort'), type: 'number' },
        { name: 'is_active', label: t('admin.catalogue.active'), type: 'checkbox' },
      ]}
    />
  );
}

export function GamesSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGames();
  const services = useServices().data ?? [];
  const serviceName = (id: number) => services.find((service) => service.id === id)?.name ?? `#${id}`;
  return (
    <CrudSection
      title={t('admin.catalogue.games')}
      collection="games"
      rows={data}
      loading={isLoading}
      error={error}
      nameOf={(row) => row.name}
      defaults={{ service_id: services[0]?.id ?? '', sort: 0, is_active: true }}
      columns={[
        { label: t('admin.catalogue.logo'), cell: (row) => <Thumb src={row.logo_url} /> },
        { label: t('admin.catalogue.name'), cell: (row) => <span className="font-semibold">{row.name}<span lang={scriptLang(row.name_my)} className="block text-xs font-normal text-muted">{row.name_my}</span></span> },
        { label: t('admin.catalogue.service'), cell: (row) => serviceName(row.service_id) },
        { label: t('admin.catalogue.hot'), cell: (row) => <YesNo value={row.is_hot} /> },
        { label: t('admin.catalogue.sort'), cell: (row) => row.sort },
        { label: t('admin.catalogue.active'), cell: (row) => <YesNo value={row.is_active} /> },
      ]}
      fields={[
        { name: 'service_id', label: t('admin.catalogue.service'), type: 'select', options: services.map((service) => ({ value: String(service.id), label: service.name })) },
        { name: 'name', label: t('admin.catalogue.nameEn'), type: 'text' },
        { name: 'name_my', label: t('admin.catalogue.nameMy'), type: 'text' },
        { name: 'slug', label: t('admin.catalogue.slug'), type: 'text', hint: t('admin.catalogue.slugHint') },
        { name: 'description', label: t('admin.catalogue.description'), type: 'textarea' },
        { name: 'logo_url', label: t('admin.catalogue.logo'), type: 'image' },
        { name: 'search_aliases', label: t('admin.catalogue.searchAliases'), type: 'text', hint: t('admin.catalogue.searchAliasesHint') },
        { name: 'id_help_url', label: t('admin.catalogue.idHelp'), type: 'image', hint: t('admin.catalogue.idHelpHint') },
        { name: 'is_hot', label: t('admin.catalogue.hot'), type: 'checkbox' },
        { name: 'uses_server_id', label: t('admin.catalogue.usesServerId'), type: 'checkbox' },
        { name: 'sort', label: t('admin.catalogue.sort'), type: 'number' },
        { name: 'is_active', label: t('admin.catalogue.active'), type: 'checkbox' },
      ]}
    />
  );
}

export function PaymentMethodsSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePaymentMethods();
  return (
    <CrudSection
      title={t('admin.catalogue.payments')}
      collection="payment-methods"
      rows={data}
      loading={isLoading}
      error={error}
      nameOf={(row) => row.name}
      defaults={{ kind: 'wallet', sort: 0, is_active: true }}
      columns={[
        { label: t('admin.catalogue.icon'), cell: (row) => <Thumb src={row.icon} /> },
        { label: t('admin.catalogue.name'), cell: (row) => <span className="font-semibold">{row.name}</span> },
        { label: t('admin.catalogue.holder'), cell: (row) => `${row.holder_name} · ${row.phone}` },
        { label: t('admin.catalogue.maintenance'), cell: (row) => row.maintenance_message || '—' },
        { label: t('admin.catalogue.active'), cell: (row) => <YesNo value={row.is_active} /> },
      ]}
      fields={[
        { name: 'name', label: t('admin.catalogue.name'), type: 'text' },
        { name: 'holder_name', label: t('admin.catalogue.holderName'), type: 'text' },
        { name: 'phone', label: t('admin.catalogue.accountNumber'), type: 'text' },
        { name: 'kind', label: t('admin.catalogue.kind'), type: 'select', options: [{ value: 'wallet', label: t('admin.catalogue.wallet') }, { value: 'bank', label: t('admin.catalogue.bank') }] },
        { name: 'icon', label: t('admin.catalogue.icon'), type: 'image' },
        { name: 'maintenance_message', label: t('admin.catalogue.maintenance'), type: 'textarea' },
        { name: 'sort', label: t('admin.catalogue.sort'), type: 'number' },
        { name: 'is_active', label: t('admin.catalogue.active'), type: 'checkbox' },
      ]}
    />
  );
}

export function BannersSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useBanners();
  const revalidate = useRevalidate();
  const [deleting, setDeleting] = useState<Banner | null>(null);
  return (
    <>
      <CrudSection
        title={t('admin.catalogue.banners')}
        collection="banners"
        rows={data}
        loading={isLoading}
        error={error}
        nameOf={(row) => row.title}
        defaults={{ sort: 0, is_active: true }}
        columns={[
          { label: t('admin.catalogue.image'), cell: (row) => <Thumb src={row.image_url} /> },
          { label: t('admin.catalogue.bannerTitle'), cell: (row) => <span className="font-semibold">{row.title}<span lang={scriptLang(row.title_my)} className="block text-xs font-normal text-muted">{row.title_my}</span></span> },
          { label: t('admin.catalogue.window'), cell: (row) => <span className="text-xs"><YangonTime value={row.starts_at} /> → <YangonTime value={row.ends_at} /></span> },
          { label: t('admin.catalogue.active'), cell: (row) => <YesNo value={row.is_active} /> },
        ]}
        extraActions={(row) => (
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => setDeleting(row)} aria-label={t('admin.catalogue.deleteNamed', { name: row.title })}>
            {t('admin.catalogue.delete')}
          </Button>
        )}
        fields={[
          { name: 'title', label: t('admin.catalogue.titleEn'), type: 'text' },
          { name: 'title_my', label: t('admin.catalogue.titleMy'), type: 'text' },
          { name: 'image_url', label: t('admin.catalogue.image'), type: 'image' },
          { name: 'link', label: t('admin.catalogue.link'), type: 'text', hint: t('admin.catalogue.linkHint') },
          { name: 'starts_at', label: t('admin.catalogue.startsAt'), type: 'datetime' },
          { name: 'ends_at', label: t('admin.catalogue.endsAt'), type: 'datetime' },
          { name: 'sort', label: t('admin.catalogue.sort'), type: 'number' },
          { name: 'is_active', label: t('admin.catalogue.active'), type: 'checkbox' },
        ]}
      />
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t('admin.catalogue.deleteTitle', { name: deleting.title })}
          confirmLabel={t('admin.catalogue.delete')}
          danger
          onConfirm={() => deleteBanner(deleting.id)}
          onDone={() => void revalidate('catalogue', 'audit')}
        >
          <p>{t('admin.catalogue.deleteBody')}</p>
          <Badge tone="warn">{t('admin.catalogue.irreversible')}</Badge>
        </ConfirmDialog>
      )}
    </>
  );
}
