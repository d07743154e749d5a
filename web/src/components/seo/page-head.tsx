import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type PageHeadProps = {
  title: string;
  /** Defaults to the store's description (meta.description) in the active language. */
  description?: string;
  /** e.g. "noindex" for the 404 page; index.html defaults to "index, follow". */
  robots?: string;
};

/** Points the default <meta> tags from index.html at this page, restoring them on leave. */
function useMetaContent(selector: string, content: string | undefined) {
  useEffect(() => {
    const tag = content === undefined ? null : document.head.querySelector<HTMLMetaElement>(selector);
    if (!tag || content === undefined) return;
    const previous = tag.content;
    tag.content = content;
    return () => {
      tag.content = previous;
    };
  }, [selector, content]);
}

/**
 * Per-page title and meta. React 19 hoists <title> into <head>; the other tags
 * already exist in index.html (for crawlers without JavaScript) and are updated
 * in place so that no page ends up with duplicates.
 */
export function PageHead({ title, description: pageDescription, robots }: PageHeadProps) {
  const { t } = useTranslation();
  // Every page has a description in the reader's language: index.html's is
  // English only (for crawlers without JavaScript), and search engines and
  // Lighthouse's SEO audit read the one the page ends up with.
  const description = pageDescription ?? t('meta.description');
  useMetaContent('meta[property="og:title"]', title);
  useMetaContent('meta[name="twitter:title"]', title);
  useMetaContent('meta[name="description"]', description);
  useMetaContent('meta[property="og:description"]', description);
  useMetaContent('meta[name="twitter:description"]', description);
  useMetaContent('meta[name="robots"]', robots);
  return <title>{title}</title>;
}
