import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { fillFirstScreens } from './first-screens';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('fillFirstScreens', () => {
  it('repeats a template once per language with its strings, escaped', () => {
    const html = '<body><template data-first-screen="login"><p class="a" data-t="auth.title"></p><span data-t="auth.note"></span></template></body>';
    const out = fillFirstScreens(html, {
      en: { auth: { title: 'Welcome back', note: 'Terms & <rules>' } },
      my: { auth: { title: 'ပြန်လည်ကြိုဆိုပါတယ်', note: 'စည်းမျဉ်း' } },
    });
    expect(out).toBe(
      '<body>' +
        '<template data-first-screen="login" lang="en"><p class="a">Welcome back</p><span>Terms &amp; &lt;rules&gt;</span></template>' +
        '<template data-first-screen="login" lang="my"><p class="a">ပြန်လည်ကြိုဆိုပါတယ်</p><span>စည်းမျဉ်း</span></template>' +
        '</body>',
    );
  });

  it('fails the build on a string the locale files lack or one with a placeholder the element gives no value for', () => {
    const html = (key: string) => `<template data-first-screen="x"><p data-t="${key}"></p></template>`;
    expect(() => fillFirstScreens(html('auth.missing'), { en: { auth: {} } })).toThrow(/no string "auth.missing"/);
    expect(() => fillFirstScreens(html('auth.hello'), { en: { auth: { hello: 'Hi {{name}}' } } })).toThrow(/placeholder \{\{name\}\}/);
  });

  it('fills placeholders with the data-t-* values as written and keeps the template’s other attributes (the server fills the rest)', () => {
    const html =
      '<template data-first-screen="detail" data-fill="server"><b class="p" data-t="common.kyat" data-t-amount="{{.Total}}"></b></template>';
    const out = fillFirstScreens(html, { en: { common: { kyat: '{{amount}} Ks & more' } }, my: { common: { kyat: '{{amount}} ကျပ်' } } });
    expect(out).toBe(
      '<template data-first-screen="detail" data-fill="server" lang="en"><b class="p">{{.Total}} Ks &amp; more</b></template>' +
        '<template data-first-screen="detail" data-fill="server" lang="my"><b class="p">{{.Total}} ကျပ်</b></template>',
    );
  });

  it('fills every slot of index.html from the app’s locale files in both languages', () => {
    type Locale = { auth: { login: { title: string } } };
    const locales = { en: JSON.parse(read('../src/locales/en.json')) as Locale, my: JSON.parse(read('../src/locales/my.json')) as Locale };
    const out = fillFirstScreens(read('../index.html'), locales);
    expect(out).not.toContain('data-t=');
    for (const page of ['login', 'top-up']) {
      for (const lang of ['en', 'my']) expect(out).toContain(`<template data-first-screen="${page}" lang="${lang}">`);
    }
    // As api/web_first_screen_game.go finds them.
    for (const lang of ['en', 'my']) expect(out).toContain(`<template data-first-screen="detail" data-fill="server" lang="${lang}">`);
    expect(out).toContain(`>${locales.en.auth.login.title}<`);
    expect(out).toContain(`>${locales.my.auth.login.title}<`);
  });
});
