// What a first-time reader meets: formulas that read on one line, figures that agree,
// a calculator that answers for every model, orientation on the landing page.
import { test, expect, ready, live, entries, withCalculator } from './fixtures';

for (const lang of ['en', 'de'] as const) {
  for (const width of [360, 1440]) {
    test(`inline formulas run left to right on one line (${lang}, ${width} px)`, async ({ page, problems }) => {
      await page.setViewportSize({ width, height: 900 });
      let checked = 0;
      for (const slug of entries[lang]) {
        await page.goto(`${lang}/${slug}`);
        await ready(page);
        // For each inline formula, the boxes of its top-level pieces: each starts
        // right of the one before, and all share one line (their vertical extents
        // overlap the formula's middle).
        const broken = await page.evaluate(() => {
          const out: string[] = [];
          for (const math of Array.from(document.querySelectorAll('.prose math:not([display="block"])'))) {
            const root = math.querySelector(':scope > semantics > mrow, :scope > mrow') ?? math;
            const pieces = Array.from(root.children).filter((c) => c.localName !== 'annotation');
            const boxes = pieces.map((p) => p.getBoundingClientRect()).filter((r) => r.width > 0);
            if (boxes.length < 2) continue;
            const whole = math.getBoundingClientRect();
            const middle = whole.top + whole.height / 2;
            for (let i = 0; i < boxes.length; i++) {
              const b = boxes[i];
              const onLine = b.top <= middle + 1 && b.bottom >= middle - 1;
              const rightward = i === 0 || b.left >= boxes[i - 1].left + boxes[i - 1].width * 0.5 - 1;
              if (!onLine || !rightward) {
                out.push(`${math.textContent?.trim()}: piece ${i} at (${Math.round(b.left)}, ${Math.round(b.top)})`);
                break;
              }
            }
            if (whole.height > 3 * parseFloat(getComputedStyle(math).fontSize)) {
              out.push(`${math.textContent?.trim()}: ${Math.round(whole.height)} px high`);
            }
          }
          return out;
        });
        checked += await page.locator('.prose math:not([display="block"])').count();
        expect(broken, `${lang}/${slug}`).toEqual([]);
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
}
