import { test as base, expect, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import * as fs from 'fs';
import * as path from 'path';

/** Every console error, uncaught exception and failed request of a test. */
export type Problems = string[];

export const test = base.extend<{ problems: Problems }>({
  problems: async ({ page }, use) => {
    const problems: Problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`status ${r.status()}: ${r.url()}`);
    });
    // Every page carries a Content-Security-Policy: anything it blocks is a problem.
    await page.exposeFunction('__reportCspViolation', (what: string) => problems.push(`csp: ${what}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
      );
    });
    await use(problems);
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

export { expect };

/** The app has taken over the page. It wakes when a reader needs it (a calculator
 * near the viewport, a control used); where it has not, the test points at the
 * header's search box, as a reader about to search would. */
export async function live(page: Page) {
  if (!(await page.locator('body[data-live]').count())) {
    await page.locator('.search input[type="search"]').first().hover();
  }
  await expect(page.locator('body[data-live]')).toBeAttached();
}

/** Scrolls `target` into view as a reader does, in one step: the app may write the page
 * anew on the way (it wakes near a calculator), which a step-by-step scroll would not survive. */
export async function reach(target: Locator) {
  await target.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
}

/** Holds every wasm request until `release` is called; `asked` tells whether one came. */
export async function holdWasm(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  await page.route('**/*.wasm', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** The app has rendered: the main landmark exists. */
export async function ready(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
}

/** Axe's serious and critical findings on a page, one line each (rule, help, where).
 * `within` limits the check to a part of the page; `rules` to some of axe's rules. */
export async function seriousViolations(page: Page, { within, rules }: { within?: string; rules?: string[] } = {}) {
  let axe = new AxeBuilder({ page });
  if (within) axe = axe.include(within);
  if (rules) axe = axe.withRules(rules);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The text of one calculator output. */
export function output(page: Page, id: string) {
  return page.locator(`.calculator [data-output="${id}"] .value`).first();
}

/** Opens a calculator's "More inputs" (the first calculator's by default), where the
 * controls its entry does not show at once wait. */
export async function moreInputs(page: Page, calculator: Locator = page.locator('.calculator').first()) {
  const more = calculator.locator('.more-inputs');
  if (!(await more.evaluate((d: HTMLDetailsElement) => d.open))) await more.locator('summary').click();
  await expect(more).toHaveJSProperty('open', true);
}

/** A calculator field by its label. */
export function field(page: Page, label: string | RegExp) {
  return page.locator('.calculator').first().getByLabel(label, { exact: typeof label === 'string' });
}

/** The slugs of every entry of a language, read from `content/` (the site's own). */
function slugs(lang: 'de' | 'en'): string[] {
  const dir = path.join(__dirname, '..', 'content', lang);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => /^slug:\s*"?([^"\n]+)"?\s*$/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? f.replace(/\.md$/, ''))
    .sort();
}

/** Every entry of the site, by language. */
export const entries = { en: slugs('en'), de: slugs('de') };

/** Slugs of entries with a calculator, by language. */
export const withCalculator = {
  en: entries.en.filter((s) => hasCalculator('en', s)),
  de: entries.de.filter((s) => hasCalculator('de', s)),
};

function hasCalculator(lang: 'de' | 'en', slug: string): boolean {
  const dir = path.join(__dirname, '..', 'content', lang);
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .some((text) => new RegExp(`^slug:\\s*"?${slug}"?\\s*$`, 'm').test(text) && text.includes('```roofline'));
}
