// Text people typed or the catalogue holds (a Burmese name, an admin's
// reason, a review) is shown as written, whatever the UI language. When it
// is in Myanmar script it gets lang="my", so that on an English page too the
// browser breaks its lines between syllables (its Myanmar dictionary) and
// the :lang(my) line height in index.css keeps stacked marks apart.

const MYANMAR_SCRIPT = /[\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f]/;

/** 'my' for text with Myanmar script in it; undefined (the page's language holds) otherwise. */
export function scriptLang(text: string | null | undefined): 'my' | undefined {
  return text && MYANMAR_SCRIPT.test(text) ? 'my' : undefined;
}
