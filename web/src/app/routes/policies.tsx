import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { PolicyPage } from '@/features/policies/components/policy-page';
import type { PolicyKind } from '@/features/policies/content/policies';

function Policy({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const store = useStoreName();
  return (
    <>
      <PageHead title={`${store} ${t(`policies.${kind}.title`)}`} description={t(`policies.${kind}.intro`)} />
      <PolicyPage kind={kind} />
    </>
  );
}

export const PrivacyRoute = () => <Policy kind="privacy" />;
export const TermsRoute = () => <Policy kind="terms" />;
export const SecurityRoute = () => <Policy kind="security" />;
