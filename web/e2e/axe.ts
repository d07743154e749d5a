import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test';

// axe-core in the journeys (issue 21): WCAG 2.1 A and AA, nothing
// excluded. A failure names the rule, the element and, for contrast, the
// colours and the ratio, so the fix can be made in the design tokens
// without opening a browser.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];
type ContrastData = { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string; fontSize?: string; fontWeight?: string };

/** One line per failing element: rule, selector, and what is wrong with it. */
function describe(violation: Violation): string[] {
  return violation.nodes.map((node) => {
    const where = node.target.map(String).join(' > ');
    const data = node.any[0]?.data as ContrastData | undefined;
    const detail =
      violation.id === 'color-contrast' && data?.contrastRatio !== undefined
        ? `${data.fgColor} on ${data.bgColor} is ${data.contrastRatio}:1, needs ${data.expectedContrastRatio} (${data.fontSize}, weight ${data.fontWeight})`
        : (node.failureSummary ?? violation.help).replace(/\s+/g, ' ');
    return `${violation.id} (${violation.impact}) at ${where}: ${detail} — ${node.html.slice(0, 120)}`;
  });
}

/** The WCAG 2.1 AA violations axe finds on what the page shows now, one line per failing element. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default finishes each run in
  // a new blank page, several times slower, for cross-origin frames the store has none of.
  const results = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode().analyze();
  return results.violations.flatMap(describe);
}

/** Fails when axe finds a WCAG 2.1 AA violation on what the page shows now; `label` names the state. */
export async function expectAccessible(page: Page, label: string) {
  expect(await axeViolations(page), `accessibility violations on ${label}`).toEqual([]);
}
