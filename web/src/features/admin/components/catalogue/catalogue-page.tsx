import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { PageHeader } from '@/features/admin/components/common/panel';
import { Segmented } from '@/features/admin/components/common/segmented';
import { CodesSection } from '@/features/admin/components/catalogue/codes-section';
import { ProductsSection } from '@/features/admin/components/catalogue/products-section';
import { BannersSection, GamesSection, PaymentMethodsSection, ServicesSection } from '@/features/admin/components/catalogue/simple-sections';
import { adminBase } from '@/features/admin/components/layout/admin-nav';

const sections = ['products', 'codes', 'games', 'services', 'banners', 'payments'] as const;
type Section = (typeof sections)[number];

const views: Record<Section, () => React.JSX.Element> = {
  products: ProductsSection,
  codes: CodesSection,
  games: GamesSection,
  services: ServicesSection,
  banners: BannersSection,
  payments: PaymentMethodsSection,
};

/** Services, games, products, codes, banners and payment methods. */
export function CataloguePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().section;
  const section = sections.find((value) => value === param) ?? 'products';
  const View = views[section];
  return (
    <>
      <PageHeader title={t('admin.catalogue.title')} />
      <Segmented
        label={t('admin.catalogue.title')}
        value={section}
        options={sections.map((value) => ({ value, label: t(`admin.catalogue.${value}`) }))}
        onChange={(value) => void navigate(`${adminBase}/catalogue/${value}`, { replace: true })}
      />
      <div className="mt-4">
        <View />
      </div>
    </>
  );
}
