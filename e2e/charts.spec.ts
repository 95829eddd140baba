import * as fs from 'fs';
import { Page } from '@playwright/test';
import { test, expect, live, field, withCalculator, reach } from './fixtures';

/** A text of a static chart: its words, its box on the screen and its size in CSS pixels. */
type TextBox = { text: string; left: number; top: number; right: number; bottom: number; px: number };
type Box = { left: number; top: number; right: number; bottom: number };

/** The texts of a chart's static SVG with their boxes on the screen, the plot area
 *  (from the SVG's `data-plot`) and the drawing (its viewBox) on the screen. */
async function staticChart(page: Page, chart: string) {
  return page
    .locator(`figure[data-chart="${chart}"] .chart-static svg`)
    .first()
    .evaluate((svg: SVGSVGElement) => {
      const ctm = svg.getScreenCTM()!;
      const screen = (x: number, y: number) => {
        const p = new DOMPoint(x, y).matrixTransform(ctm);
        return [p.x, p.y];
      };
      const box = (l: number, t: number, r: number, b: number) => {
        const [left, top] = screen(l, t);
        const [right, bottom] = screen(r, b);
        return { left, top, right, bottom };
      };
      const [l, t, r, b] = (svg.getAttribute('data-plot') ?? '').split(' ').map(Number);
      const view = svg.viewBox.baseVal;
      const texts = Array.from(svg.querySelectorAll('text')).map((el) => {
        const rect = el.getBoundingClientRect();
        return {
          text: (el.textContent ?? '').trim(),
          left: rect.left,
          top: rect.top,
          right: rect.right,
          bottom: rect.bottom,
          px: parseFloat(el.getAttribute('font-size') ?? '0') * ctm.a,
        };
      });
      return { plot: box(l, t, r, b), drawing: box(view.x, view.y, view.x + view.width, view.y + view.height), texts };
    });
}

const overlap = (a: Box, b: Box, slack = 0.5) =>
  a.left + slack < b.right && b.left + slack < a.right && a.top + slack < b.bottom && b.top + slack < a.bottom;
const inside = (outer: Box, a: Box, slack = 0.5) =>
  a.left >= outer.left - slack && a.right <= outer.right + slack && a.top >= outer.top - slack && a.bottom <= outer.bottom + slack;

/** Every text of a static chart is inside the drawing, apart from every other, and
 *  inside the plot where it is in it at all. */
function expectTidy(name: string, { plot, drawing, texts }: { plot: Box; drawing: Box; texts: TextBox[] }) {
  expect(texts.length, name).toBeGreaterThan(4);
  for (const [i, a] of texts.entries()) {
    expect(inside(drawing, a), `${name}: "${a.text}" cut off`).toBe(true);
    if (overlap(plot, a, 1)) expect(inside(plot, a), `${name}: "${a.text}" crosses the plot's edge`).toBe(true);
    for (const b of texts.slice(i + 1)) {
      expect(overlap(a, b), `${name}: "${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  }
}

/** A figure's caption without its title. */
async function captions(page: Page) {
  return page.locator('figure.chart').evaluateAll((figures) =>
    figures.map((f) => {
      const title = f.querySelector('figcaption strong')?.textContent ?? '';
      const all = f.querySelector('figcaption')?.textContent ?? '';
      return { title, rest: all.replace(title, '').trim() };
    }),
  );
}

/** The roofline's words in each language: regions, lines (with their values), the
 *  ridge point (its name above its value) and the points. */
const regions: Record<'en' | 'de', RegExp[]> = {
  en: [/^Memory-bound$/, /^Compute-bound$/, /^bandwidth [\d.]+\sTB\/s$/, /^peak \d+\sTFLOP\/s$/, /^ridge point$/, /^\d+\sFLOP\/byte$/, /^decode$/, /^prefill$/],
  de: [/^Memory-bound$/, /^Compute-bound$/, /^Bandbreite [\d,]+\sTB\/s$/, /^Spitzenleistung \d+\sTFLOP\/s$/, /^Knickpunkt$/, /^\d+\sFLOP\/Byte$/, /^Decode$/, /^Prefill$/],
};

// Without JavaScript the page's module script is refused, so these tests do not use
// the `problems` fixture (as in static.spec.ts).
test.describe('static charts, without JavaScript, on a 360 px phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  for (const lang of ['en', 'de'] as const) {
    test(`${lang}: the roofline names its regions, lines and points, legibly and apart`, async ({ page }) => {
      await page.goto(`${lang}/memory-bound`);
      const roofline = await staticChart(page, 'roofline');
      const words = roofline.texts.map((t) => t.text);
      for (const re of regions[lang]) expect(words.some((w) => re.test(w)), `${re} in ${words.join(' | ')}`).toBe(true);
      expectTidy('roofline', roofline);
      for (const t of roofline.texts) expect(t.px, `"${t.text}" at ${t.px.toFixed(1)} px`).toBeGreaterThanOrEqual(13);
    });

    test(`${lang}: the throughput chart marks the current batch and where memory is full`, async ({ page }) => {
      await page.goto(`${lang}/${lang === 'en' ? 'batch-size' : 'batchgroesse'}`);
      const batch = await staticChart(page, 'batch');
      const words = batch.texts.map((t) => t.text);
      const marker = lang === 'en' ? /^batch \d/ : /^Batchgröße \d/;
      expect(words.some((w) => marker.test(w)), words.join(' | ')).toBe(true);
      expect(words).toContain(lang === 'en' ? 'memory full' : 'Speicher voll');
      expectTidy('batch', batch);
      for (const t of batch.texts) expect(t.px, `"${t.text}" at ${t.px.toFixed(1)} px`).toBeGreaterThanOrEqual(13);
    });
  }

  test('every static chart of every entry is tidy and legible', async ({ page }) => {
    test.setTimeout(240_000);
    const paths = [...withCalculator.en.map((s) => `en/${s}`), ...withCalculator.de.map((s) => `de/${s}`)];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      await page.goto(path);
      for (const chart of await page.locator('figure.chart').evaluateAll((fs) => fs.map((f) => f.getAttribute('data-chart')!))) {
        const drawn = await staticChart(page, chart);
        expectTidy(`${path} ${chart}`, drawn);
        for (const t of drawn.texts) expect(t.px, `${path} ${chart}: "${t.text}"`).toBeGreaterThanOrEqual(13);
      }
    }
  });

  test('every chart has its title and what to notice above the plot', async ({ page }) => {
    for (const path of ['en/memory-bound', 'de/batchgroesse']) {
      await page.goto(path);
      const order = await page.locator('figure.chart').evaluateAll((figures) =>
        figures.map((f) => {
          const caption = f.querySelector('figcaption')!.getBoundingClientRect();
          const plot = f.querySelector('.chart-box')!.getBoundingClientRect();
          return { chart: f.getAttribute('data-chart'), above: caption.bottom <= plot.top + 0.5, caption: caption.height };
        }),
      );
      expect(order.length, path).toBeGreaterThan(0);
      for (const o of order) expect(o, path).toEqual({ chart: o.chart, above: true, caption: o.caption });
      for (const o of order) expect(o.caption, path).toBeGreaterThan(0);
    }
  });

  test('captions say what to notice, not the title again', async ({ page }) => {
    await page.goto('en/memory-bound');
    const en = await captions(page);
    expect(en.length).toBeGreaterThan(0);
    for (const { title, rest } of en) {
      expect(rest.length).toBeGreaterThan(20);
      expect(rest).not.toContain(title);
    }
    expect(en[0].rest).toMatch(/^Decode sits far left of the ridge point: memory is the limit\./);
    await page.goto('de/memory-bound');
    const de = await captions(page);
    expect(de[0].rest).toMatch(/^Der Decode-Schritt liegt weit links vom Knickpunkt: Die Bandbreite bremst\./);
    for (const { title, rest } of de) expect(rest).not.toContain(title);
  });
});

test('captions follow the calculator, and the axes stay put while the batch moves', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('en/memory-bound');
  await live(page);
  await expect(page.locator('figure.chart.painted')).toHaveCount(2);
  const roofline = page.locator('figure[data-chart="roofline"]');
  await expect(roofline.locator('figcaption')).toContainText('Decode sits far left of the ridge point');
  // The axes' labels lie outside the plot: a strip along the left and the bottom.
  const axes = () =>
    roofline.locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const g = c.getContext('2d')!;
      const s = window.devicePixelRatio;
      const left = g.getImageData(0, 0, Math.round(40 * s), c.height - Math.round(40 * s)).data;
      const bottom = g.getImageData(0, c.height - Math.round(30 * s), c.width, Math.round(30 * s)).data;
      let h = 0;
      for (const d of [left, bottom]) for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) | 0;
      return h;
    });
  const before = await axes();
  const canvas = () => roofline.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const drawn = await canvas();
  await field(page, 'Batch size').fill('64');
  await expect(roofline.locator('figcaption')).toContainText('Decode sits left of the ridge point');
  await expect(roofline.locator('canvas')).toHaveAttribute('aria-label', /Decode sits left of the ridge point/);
  await expect.poll(canvas).not.toBe(drawn);
  expect(await axes()).toBe(before);
});

for (const [lang, slug, memory, compute, batch] of [
  ['en', 'memory-bound', '(Memory-bound)', '(Compute-bound)', 'Batch '],
  ['de', 'memory-bound', '(Memory-bound)', '(Compute-bound)', 'Batchgröße '],
] as const) {
  test(`a chart reads out its values on hover and with the arrow keys (${lang})`, async ({ page, problems }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${lang}/${slug}`);
    await live(page);
    const roofline = page.locator('figure[data-chart="roofline"]').first();
    await expect(roofline).toHaveClass(/painted/);
    const read = roofline.locator('.chart-read');
    const cursor = roofline.locator('.chart-cursor');
    await expect(cursor).toBeHidden();
    const hint = await read.textContent();
    const canvas = roofline.locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // Far left is memory-bound, far right compute-bound; the line follows the pointer.
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await expect(read).toContainText(memory);
    await expect(cursor).toBeVisible();
    const c = (await cursor.boundingBox())!;
    expect(Math.abs(c.x - (box.x + box.width * 0.2))).toBeLessThan(2);
    expect(c.y).toBeGreaterThanOrEqual(box.y);
    expect(c.y + c.height).toBeLessThanOrEqual(box.y + box.height);
    await page.mouse.move(box.x + box.width * 0.92, box.y + box.height / 2);
    await expect(read).toContainText(compute);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await expect(read).toHaveText(hint!);
    await expect(cursor).toBeHidden();
    // By keyboard: focus starts at decode (memory-bound); End reaches the far right.
    await canvas.focus();
    await expect(read).toContainText(memory);
    await page.keyboard.press('End');
    await expect(read).toContainText(compute);
    await page.keyboard.press('ArrowLeft');
    await expect(read).toContainText(compute);
    // The throughput chart reads batch sizes.
    const chart = page.locator('figure[data-chart="batch"]').first();
    await chart.locator('canvas').focus();
    await expect(chart.locator('.chart-read')).toContainText(batch);
  });
}

test('screenshots of the charts: 360 and 1440 px, light and dark, with and without JavaScript', async ({ browser }) => {
  fs.mkdirSync('target/e2e-screenshots', { recursive: true });
  for (const js of [true, false]) {
    for (const width of [360, 1440]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        for (const path of ['en/memory-bound', 'de/speicherbandbreite']) {
          await page.goto(path);
          // Scrolled to, as a reader would: the app wakes on the way.
          await reach(page.locator('.charts').first());
          if (js) await expect(page.locator('figure.chart.painted')).toHaveCount(await page.locator('figure.chart').count());
          const name = `charts-${path.replace('/', '-')}-${width}-${colorScheme}-${js ? 'live' : 'static'}`;
          await page.locator('.charts').first().screenshot({ path: `target/e2e-screenshots/${name}.png` });
        }
        await context.close();
      }
    }
  }
});

// A model that fits nowhere on the device leaves the throughput chart no point to
// list: its table says why in one row, as its caption does, instead of a head alone.
test('a chart with no point to list says why in its table', async ({ page, problems }) => {
  await page.goto('en/memory-bound?model=mixtral-8x7b&hw=a100-40gb');
  await live(page);
  const chart = page.locator('figure[data-chart="batch"]').first();
  await expect(chart).toHaveClass(/painted/);
  await chart.locator('.chart-table summary').click();
  const rows = chart.locator('.chart-table tbody tr');
  await expect(rows).toHaveCount(1);
  const said = (await rows.locator('td[colspan="3"]').innerText()).trim();
  expect(said.length).toBeGreaterThan(10);
  expect((await chart.locator('figcaption').innerText()).trim().endsWith(said)).toBe(true);
  // A device where it fits lists its points again.
  await page.locator('.calculator').getByLabel('Hardware', { exact: false }).first().selectOption('h200');
  await expect(rows.first().locator('th')).toHaveCount(1);
  expect(await rows.count()).toBeGreaterThan(1);
});
