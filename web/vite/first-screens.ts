// index.html's first-screen templates, filled in at build time (and by the
// dev server) from the app's own locale files: one copy per language, so the
// inline script that paints a page's first screen before the app's code has
// loaded picks the copy in the page's language, and no string is typed twice.
//
//   <template data-first-screen="login">…<p data-t="auth.login.title"></p>…</template>
// becomes
//   <template data-first-screen="login" lang="en">…<p>Welcome back</p>…</template>
//   <template data-first-screen="login" lang="my">…<p>…</p>…</template>
//
// A string's placeholders take the element's data-t-<name> attributes, as
// written: <b data-t="common.kyat" data-t-amount="{{.Total}}"></b> becomes
// <b>{{.Total}} Ks</b>, for the server to fill (the game page's template).
import { readFileSync } from 'node:fs';

import type { Plugin } from 'vite';

type Strings = { [key: string]: string | Strings };

const TEMPLATE = /<template data-first-screen="([\w-]+)"([^>]*)>([\s\S]*?)<\/template>/g;
// An element whose text is one string: <p class="…" data-t="auth.login.title"></p>.
const SLOT = /<([a-z][a-z0-9]*)([^>]*?) data-t="([\w.]+)"([^>]*)><\/\1>/g;
// A value for one of the string's placeholders: data-t-amount="…".
const VALUE = / data-t-(\w+)="([^"]*)"/g;

function lookup(strings: Strings, key: string): string {
  let value: string | Strings | undefined = strings;
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  if (typeof value !== 'string') throw new Error(`first screen: no string "${key}" in the locale files`);
  return value;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The string escaped, each {{name}} replaced by its value as written in index.html. */
function fill(text: string, key: string, values: Record<string, string>): string {
  return escapeHtml(text).replace(/\{\{([^}]*)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`first screen: "${key}" has a placeholder {{${name}}} the element gives no data-t-${name} for`);
    return value;
  });
}

/** index.html with each first-screen template repeated once per language, its slots filled. */
export function fillFirstScreens(html: string, locales: Record<string, Strings>): string {
  return html.replace(TEMPLATE, (_whole, name: string, attributes: string, content: string) =>
    Object.entries(locales)
      .map(([lang, strings]) => {
        const filled = content.replace(SLOT, (_slot, tag: string, before: string, key: string, after: string) => {
          const values: Record<string, string> = {};
          const attrs = `${before}${after}`.replace(VALUE, (_value, valueName: string, value: string) => {
            values[valueName] = value;
            return '';
          });
          return `<${tag}${attrs}>${fill(lookup(strings, key), key, values)}</${tag}>`;
        });
        if (/data-t(-\w+)?=/.test(filled)) throw new Error(`first screen "${name}": a data-t element must be empty and written <tag … data-t="key"></tag>`);
        return `<template data-first-screen="${name}"${attributes} lang="${lang}">${filled}</template>`;
      })
      .join(''),
  );
}

/** Fills the templates from `<localesDir>/<lang>.json`, read at every transform (the dev server picks up edits). */
export function firstScreens(localesDir: URL, languages: readonly string[]): Plugin {
  const read = (lang: string) => JSON.parse(readFileSync(new URL(`${lang}.json`, localesDir), 'utf8')) as Strings;
  return {
    name: 'shwe:first-screens',
    transformIndexHtml: { order: 'pre', handler: (html) => fillFirstScreens(html, Object.fromEntries(languages.map((lang) => [lang, read(lang)]))) },
  };
}
