import { test as base, expect, Page } from '@playwright/test';

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

/** The app has taken over the page. */
export async function live(page: Page) {
  await expect(page.locator('body[data-live]')).toBeAttached();
}

/** The app has rendered: the main landmark exists. */
export async function ready(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
}

/** The text of one calculator output. */
export function output(page: Page, id: string) {
  return page.locator(`.calculator [data-output="${id}"] .value`).first();
}

/** A calculator field by its label. */
export function field(page: Page, label: string | RegExp) {
  return page.locator('.calculator').first().getByLabel(label, { exact: typeof label === 'string' });
}

export const entries = {
  en: ['memory-bound', 'memory-bandwidth', 'speculative-decoding'],
  de: ['memory-bound', 'speicherbandbreite', 'speculative-decoding'],
} as const;
