import { describe, expect, it } from 'vitest';

import { scriptLang } from '@/lib/script-lang';

describe('scriptLang', () => {
  it('marks text with Myanmar script, mixed with Latin too, and leaves the rest to the page', () => {
    expect(scriptLang('မိုဘိုင်းလယ်ဂျင်း')).toBe('my');
    expect(scriptLang('MLBB အကောင့်များ')).toBe('my');
    expect(scriptLang('Mobile Legends')).toBeUndefined();
    expect(scriptLang('')).toBeUndefined();
    expect(scriptLang(null)).toBeUndefined();
  });
});
