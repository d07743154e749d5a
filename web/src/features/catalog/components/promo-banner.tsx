import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useBanner } from '@/features/catalog/api/get-banner';

/** The active promotion, when there is one; nothing while loading or on error. */
export function PromoBanner() {
  const { i18n } = useTranslation();
  const { data: banner } = useBanner();
  if (!banner) return null;
  const title = i18n.language === 'my' && banner.title_my ? banner.title_my : banner.title;
  const image = (
    <img
      src={banner.image_url}
      alt={title}
      width={1200}
      height={360}
      fetchPriority="high"
      className="aspect-[10/3] w-full rounded-2xl object-cover shadow-lg shadow-violet-900/10 sm:rounded-3xl"
    />
  );
  const internal = banner.link.startsWith('/');
  return (
    <section aria-label={title} className="overflow-hidden rounded-2xl sm:rounded-3xl">
      {!banner.link ? image : internal ? <Link to={banner.link}>{image}</Link> : <a href={banner.link} rel="noopener noreferrer">{image}</a>}
    </section>
  );
}
