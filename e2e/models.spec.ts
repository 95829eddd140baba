import { test, expect, live, output, field, seriousViolations, moreInputs } from './fixtures';
import type { Page } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';

/** A published config.json, as a reader would paste it. */
function config(name: string): string {
  return fs.readFileSync(path.join(__dirname, '..', 'crates', 'roofline', 'tests', 'configs', `${name}.json`), 'utf8');
}

async function paste(page: Page, text: string, params = '', active = '') {
  const calc = page.locator('.calculator').first();
  // The panel stays open after a model is loaded: a second paste uses it as it is.
  await moreInputs(page, calc);
  if (!(await calc.locator('.own-model').evaluate((d: HTMLDetailsElement) => d.open))) {
    await calc.locator('.own-model > summary').click();
  }
  await calc.getByLabel('Contents of config.json', { exact: true }).fill(text);
  await calc.getByLabel('Parameters in billions (optional)', { exact: true }).fill(params);
  await calc.getByLabel('Active parameters in billions (optional)', { exact: true }).fill(active);
  await calc.getByRole('button', { name: 'Use this model' }).click();
}

test.describe('a pasted config.json', () => {
  test('gpt-oss-20b: its MXFP4 experts and windowed layers reach the outputs and the address', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    await paste(page, config('gpt-oss-20b'), '20.91', '4.19');
    const status = page.locator('.calculator .config-status');
    await expect(status).toHaveText('Loaded.');
    await expect(page.locator('#calc0-model')).toHaveValue('own');
    // 20.91 B, of which (20.91 − 4.19) × 32 ÷ 28 = 19.11 B experts at 4.25 bits and
    // 1.80 B in BF16: 10.15 GB + 3.60 GB.
    await expect(output(page, 'weight_bytes')).toContainText('13.8 GB');
    await expect(page.locator('.calculator .model-details')).toHaveJSProperty('open', true);
    await expect(field(page, 'Layers with the sliding window')).toHaveValue('12');
    await expect(page.locator('#calc0-expert-weights')).toHaveValue('fp4');
    // A mixture of experts: the experts a step reads join the outputs. One request
    // reads its 4 of 32 per layer; 64 requests 32 × (1 − (28/32)^64), all but 0.006.
    await expect(output(page, 'experts_touched')).toHaveText('4');
    await field(page, 'Batch size').fill('64');
    await expect(output(page, 'experts_touched')).toHaveText('32');
    await expect(page).toHaveURL(/model=own/);
    await expect(page).toHaveURL(/xw=fp4/);
    // The address alone brings the pasted model back.
    await page.reload();
    await live(page);
    await expect(output(page, 'weight_bytes')).toContainText('13.8 GB');
    await expect(page.locator('#calc0-model')).toHaveValue('own');
    await expect(page.locator('.calculator .notice')).toHaveCount(0);
  });

  test('without a parameter count the estimate is named, and unknown keys are listed', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    const llama = JSON.parse(config('llama-3.1-8b'));
    llama.shiny_new_attention = true;
    await paste(page, JSON.stringify(llama));
    const status = page.locator('.calculator .config-status');
    await expect(status).toContainText('Loaded. The parameter count (8.03 billion) is estimated from the shapes');
    await expect(status).toContainText('Not understood (check whether they matter): shiny_new_attention');
    // The results say it too, beside the verdict, while that model is chosen.
    const warning = page.locator('.calc-results .unmodelled');
    await expect(warning).toHaveText('Not modeled: shiny_new_attention; the figures may be off.');
    await page.locator('#calc0-model').selectOption('llama-3.1-8b');
    await expect(warning).toHaveCount(0);
    // A model type no test checked is named there too.
    llama.model_type = 'xverse';
    await paste(page, JSON.stringify(llama));
    await expect(warning).toHaveText('Not modeled: model type xverse (not checked), shiny_new_attention; the figures may be off.');
    await page.locator('#calc0-model').selectOption('llama-3.1-8b');
    // Llama-3.1-8B's KV cache: 2 × 32 × 8 × 128 × 2 bytes per token.
    await field(page, 'Context length (tokens)').fill('1024');
    await expect(page.locator('.calculator .context-limit')).toHaveCount(0);
  });

  test('a state-space model without attention is computed: a constant state, no KV cache', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    await paste(page, config('mamba-130m-hf'));
    await expect(page.locator('.calculator .config-status')).toContainText('Loaded.');
    // 24 layers × (1,536 × 16 + 1,536 × 3) × 2 B = 1,400,832 B per request.
    await expect(output(page, 'state_per_request')).toContainText('1.40 MB');
    // No layer attends: the attention figures are not asked for, the layers are.
    await expect(page.locator('.calculator .model-details').first()).toHaveJSProperty('open', true);
    await expect(field(page, 'Layers')).toHaveValue('24');
    await expect(page.locator('.calculator').getByLabel('KV heads', { exact: true })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('NaN');
  });

  test('a parameter count that disagrees with the shapes is named, and the weights use it', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    // Llama-3.1-8B's shapes give 8.03 billion; a count of 7 is 13 % away.
    await paste(page, config('llama-3.1-8b'), '7');
    const check = page.locator('.calc-results .params-check');
    await expect(check).toHaveText(/^The parameter count given \(7(\.00)?\sbillion\) is 1[23](\.\d+)?\s% away from what the config’s shapes give \(8\.03\sbillion\)\./);
    // 7 × 10⁹ less the input embedding, one row of it, in BF16.
    await expect(output(page, 'weight_bytes')).toContainText('14.0 GB');
    // A count that agrees says nothing.
    await paste(page, config('llama-3.1-8b'), '8.03');
    await expect(check).toHaveCount(0);
  });

  test('a checkpoint index pasted beside the config checks the shapes, and a quantized one is refused by name', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    const calc = page.locator('.calculator').first();
    const index = calc.getByLabel('Contents of model.safetensors.index.json (optional)', { exact: true });
    await moreInputs(page, calc);
    await calc.locator('.own-model > summary').click();
    // 18 GB of BF16 tensors: 9 billion parameters, 12 % more than Llama-3.1-8B's shapes give.
    await index.fill('{"metadata": {"total_size": 18000000000}, "weight_map": {}}');
    await paste(page, config('llama-3.1-8b'));
    await expect(page.locator('.calc-results .params-check')).toHaveText(
      /^The parameter count given \(9(\.00)?\sbillion\) is 1[12](\.\d+)?\s% away from what the config’s shapes give \(8\.03\sbillion\)\./);
    // Its own index (16.06 GB in BF16) agrees: nothing is said.
    await index.fill('{"metadata": {"total_size": 16060522496}}');
    await calc.getByRole('button', { name: 'Use this model' }).click();
    await expect(page.locator('.calc-results .params-check')).toHaveCount(0);
    // A quantized checkpoint's size mixes formats: refused with the method named, the model kept.
    const fp8 = JSON.parse(config('llama-3.1-8b'));
    fp8.quantization_config = { quant_method: 'fp8' };
    await paste(page, JSON.stringify(fp8));
    await expect(calc.locator('.config-status')).toContainText('The checkpoint is quantized (fp8)');
    await expect(page.locator('#calc0-model')).toHaveValue('own');
  });

  test('a model type that needs a layer kind the calculator lacks is refused with the kind named', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    const whisper = { model_type: 'whisper', num_hidden_layers: 4, hidden_size: 384, num_attention_heads: 6, vocab_size: 51865 };
    await paste(page, JSON.stringify(whisper));
    await expect(page.locator('.calculator .config-status')).toHaveText(
      'Model type whisper: its decoder layers read an encoder’s output through cross-attention. ' +
      'The calculator does not model this, so it does not compute this model.');
    // Nothing is taken over: the model stays the entry's.
    await expect(page.locator('#calc0-model')).not.toHaveValue('own');
  });

  test('a hybrid: Nemotron-H with its bare Infinity shows its Mamba state per request and keeps it in the address', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await paste(page, config('nemotron-h-56b'));
    const status = page.locator('.calculator .config-status').first();
    await expect(status).toContainText('Loaded.');
    // The details opened above the button; the status took the focus and is in view.
    await expect(status).toBeFocused();
    await expect(status).toBeInViewport();
    // However many rows, the results stand whole in the page's flow: no scrollbar of
    // their own, the last row reached by scrolling the page.
    await page.locator('.calculator .formula-toggle input').first().check();
    const results = page.locator('.calculator .calc-results').first();
    expect(await results.evaluate((e) => e.scrollHeight - e.clientHeight)).toBeLessThanOrEqual(1);
    await results.locator('.output').last().scrollIntoViewIfNeeded();
    await expect(results.locator('.output').last()).toBeInViewport({ ratio: 1 });
    // 54 Mamba-2 layers × 8.51 MB each (tests/families.rs has the arithmetic).
    await expect(output(page, 'state_per_request')).toHaveText('460 MB (438 MiB)');
    await expect(field(page, 'Layers with Mamba (state space)')).toHaveValue('54');
    await expect(field(page, 'Layers with MLP/MoE only')).toHaveValue('54');
    await expect(page).toHaveURL(/ssm=54/);
    await page.reload();
    await live(page);
    await expect(output(page, 'state_per_request')).toHaveText('460 MB (438 MiB)');
    // Every value of the link was taken (the model's 112 GB do not fit one GPU,
    // which is a notice of its own).
    await expect(page.locator('.calculator')).not.toContainText('Some values in the link were invalid');
  });

  test('a layer kind the calculator does not model is refused by name', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    const qwen = JSON.parse(config('qwen3-next-80b-a3b-instruct'));
    delete qwen.full_attention_interval;
    qwen.layers_block_type = Array.from({ length: qwen.num_hidden_layers }, (_, i) => (i % 4 === 3 ? 'attention' : 'rwkv'));
    await paste(page, JSON.stringify(qwen));
    await expect(page.locator('.calculator .config-status')).toContainText(
      'The calculator does not model this kind of layer: layers_block_type: rwkv.',
    );
    await expect(page.locator('#calc0-model')).not.toHaveValue('own');
  });

  test('a text over the size limit is called too long, not invalid', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    const big = JSON.parse(config('llama-3.1-8b'));
    big.padding = 'x'.repeat(300 * 1024);
    await paste(page, JSON.stringify(big));
    await expect(page.locator('.calculator .own-model')).toContainText('longer than the 256 KiB limit');
    await expect(page.locator('.calculator .own-model')).not.toContainText('not valid JSON');
    await expect(page.locator('#calc0-model')).not.toHaveValue('own');
  });

  test('the config reader is fetched only when a reader first pastes a config', async ({ page, problems }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/reader/')) fetched.push(r.url());
    });
    await page.goto('en/memory-bound');
    await live(page);
    await field(page, 'Batch size').fill('16');
    await expect(output(page, 'weight_bytes')).toContainText('GB');
    expect(fetched).toEqual([]);
    await paste(page, config('llama-3.1-8b'), '8.03');
    await expect(page.locator('.calculator .config-status')).toHaveText('Loaded.');
    // The worker, its glue and its wasm, once; a second paste asks the same worker.
    expect(fetched.map((u) => u.replace(/.*\/reader\/config-reader-[0-9a-f]+/, ''))).toEqual(['.worker.js', '.js', '_bg.wasm']);
    await paste(page, config('gpt-oss-20b'), '20.91', '4.19');
    await expect(output(page, 'weight_bytes')).toContainText('13.8 GB');
    expect(fetched).toHaveLength(3);
  });

  test('a config reader that cannot be fetched is said, and a later press tries again', async ({ page }) => {
    await page.route('**/reader/**', (route) => route.abort());
    await page.goto('en/memory-bound');
    await live(page);
    await paste(page, config('llama-3.1-8b'), '8.03');
    const status = page.locator('.calculator .config-status');
    await expect(status).toHaveText(
      'The config.json reader could not be loaded. Check the connection and press “Use this model” again.',
    );
    await expect(page.locator('#calc0-model')).not.toHaveValue('own');
    await page.unroute('**/reader/**');
    await page.locator('.calculator').first().getByRole('button', { name: 'Use this model' }).click();
    await expect(status).toHaveText('Loaded.');
    await expect(page.locator('#calc0-model')).toHaveValue('own');
  });

  test('text that is no config gets a message in the reader\'s language', async ({ page, problems }) => {
    await page.goto('de/memory-bound');
    await live(page);
    const calc = page.locator('.calculator').first();
    await moreInputs(page, calc);
    await calc.locator('.own-model > summary').click();
    await calc.getByLabel('Inhalt der config.json').fill('{"hidden_size": 4096,');
    await calc.getByRole('button', { name: 'Modell übernehmen' }).click();
    await expect(calc.locator('.config-status')).toHaveText('Das ist kein gültiges JSON. Bitte die ganze config.json einfügen.');
    await calc.getByLabel('Inhalt der config.json').fill('{"hidden_size": 4096}');
    await calc.getByRole('button', { name: 'Modell übernehmen' }).click();
    await expect(calc.locator('.config-status')).toContainText('Es fehlt eine Angabe, die der Rechner braucht: num_hidden_layers');
    // Nothing was taken over.
    await expect(page.locator('#calc0-model')).not.toHaveValue('own');
    await expect(page.locator('body')).not.toContainText('NaN');
  });
});

test('a comparison headline names every input that differs, not only the GPU', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.locator('#calc0-hardware').selectOption('h100-sxm');
  await page.getByRole('button', { name: 'Pin as A and compare' }).click();
  await page.locator('#calc0-hardware').selectOption('h200');
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Weight data type').selectOption('fp8');
  // Half the weight bytes at 1.43 × the bandwidth: more than either change alone, and
  // the headline credits both.
  await expect(page.locator('.calculator .compare-summary')).toHaveText(
    /^NVIDIA H200 SXM, FP8 weights vs NVIDIA H100 SXM, FP16 weights: 2\.\d+×\sfaster$/,
  );
});

test('two GPUs compared: the ratio, both series on a chart, and a link that keeps both', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.locator('#calc0-hardware').selectOption('h100-sxm');
  await page.getByRole('button', { name: 'Pin as A and compare' }).click();
  await page.locator('#calc0-hardware').selectOption('h200');
  // Memory-bound at batch 1: tokens/s scale with bandwidth, 4,800 ÷ 3,350.
  const summary = page.locator('.calculator .compare-summary');
  await expect(summary).toHaveText('NVIDIA H200 SXM vs NVIDIA H100 SXM: 1.43× faster');
  // A table: A | B | change, a time's change said as a speed (4.2 ms → 2.9 ms), the
  // memory as a multiple, the columns named once above by what tells them apart.
  const row = page.locator('.calculator [data-output="weight_time"]');
  await expect(row.locator('.ratio')).toHaveText('1.43× faster');
  await expect(row.locator('.pinned-value')).toHaveText('A: 4.2 ms');
  await expect(row.locator('.current')).toHaveText('B: 2.9 ms');
  await expect(page.locator('.calculator [data-output="memory"] .ratio')).toHaveText('1.76×');
  await expect(page.locator('.calculator .compare-head')).toHaveText(['A · NVIDIA H100 SXMB · NVIDIA H200 SXMChange']);
  const cells = await Promise.all(
    ['.pinned-value', '.current', '.ratio'].map(async (c) => (await row.locator(c).boundingBox())!),
  );
  const head = await page.locator('.calculator .compare-head dd span').evaluateAll((e) =>
    e.map((x) => x.getBoundingClientRect().right),
  );
  for (let i = 0; i < 3; i++) {
    // One row, in the head's columns, left to right.
    expect(Math.abs(cells[i].y - cells[0].y)).toBeLessThan(2);
    expect(Math.abs(cells[i].x + cells[i].width - head[i])).toBeLessThan(2);
  }
  // On a phone and on a wide screen every cell's text stays inside its column, with
  // the longest changes too (INT4 weights: "4.99× faster").
  const spilled = () =>
    page.locator('.calculator .outputs.comparing .output').evaluateAll((rows) =>
      rows.flatMap((r) =>
        [...r.querySelectorAll('dd > :not(.formula)')]
          .filter((c) => c.scrollWidth > c.clientWidth + 1)
          .map((c) => `${(r as HTMLElement).dataset.output} ${c.className}: ${c.textContent}`),
      ),
    );
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await spilled()).toEqual([]);
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Weight data type').selectOption('int4');
  await expect(row.locator('.ratio')).toHaveText(/^\d\.\d+× faster$/);
  expect(await spilled()).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await spilled()).toEqual([]);
  await page.locator('.calculator').getByLabel('Weight data type').selectOption('fp16');
  await expect(row.locator('.ratio')).toHaveText('1.43× faster');
  // The address follows within its 200 ms.
  await expect(page).not.toHaveURL(/[?&]weights=/);
  const roofline = page.locator('figure[data-chart="roofline"]');
  await expect(roofline).toHaveAttribute('data-pinned', 'true');
  await expect(roofline.locator('tbody th').filter({ hasText: /^A: / })).toHaveCount(3);
  await expect(page).toHaveURL(/hw=h200/);
  await expect(page).toHaveURL(/a\.hw=h100-sxm/);
  // The link alone shows the same comparison.
  await page.reload();
  await live(page);
  await expect(summary).toHaveText('NVIDIA H200 SXM vs NVIDIA H100 SXM: 1.43× faster');
  await expect(roofline).toHaveAttribute('data-pinned', 'true');
  await expect(page.getByRole('button', { name: 'Stop comparing' })).toHaveAttribute('aria-pressed', 'true');
  // The pinned series is drawn: the chart differs from the one without it.
  const pixels = () => roofline.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const both = await pixels();
  await page.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(roofline).toHaveAttribute('data-pinned', 'false');
  await expect.poll(pixels).not.toBe(both);
  await expect(page).not.toHaveURL(/a\.hw/);
  await expect(summary).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the verdict is within the first screen of the calculator', async ({ page, problems }) => {
    for (const path of ['en/memory-bound', 'de/speicherbandbreite']) {
      await page.goto(path);
      await live(page);
      const calc = page.locator('.calculator').first();
      await calc.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      // The compact bar carries the verdict while the form comes first.
      await expect(calc.locator('.verdict-bar')).toBeInViewport({ ratio: 1 });
      // Nothing scrolls sideways, with the details open too.
      await moreInputs(page, calc);
      await calc.locator('.model-details > summary').click();
      await calc.locator('.own-model > summary').click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });

  test('a comparison of batch sizes stays within the results, in both languages', async ({ page, problems }) => {
    for (const [path, pin] of [
      ['en/memory-bound', 'Pin as A and compare'],
      ['de/memory-bound', 'Als A festhalten und vergleichen'],
    ]) {
      await page.goto(path);
      await live(page);
      await page.getByRole('button', { name: pin }).click();
      await field(page, path.startsWith('en') ? 'Batch size' : 'Batchgröße').fill('16');
      await expect(page.locator('.calculator [data-output="batch_tokens_per_s"] .ratio')).toHaveText(/×/);
      // Every cell's right edge within the results' box (widest here: the
      // intensities with their units, which do not break).
      const outside = await page.locator('.calculator .calc-results').evaluate((r) => {
        const right = r.getBoundingClientRect().right;
        return [...r.querySelectorAll('.outputs dd > *, .compare-head span')]
          .filter((c) => c.getBoundingClientRect().right > right + 1)
          .map((c) => c.textContent);
      });
      expect(outside, path).toEqual([]);
    }
  });
});

test('opening a disclosure or changing the verdict moves nothing beside it', async ({ page, problems }) => {
  // A short context, so that a large batch turns the step compute-bound.
  await page.goto('en/memory-bound?prompt=16&context=16');
  await live(page);
  const results = page.locator('.calculator .calc-results');
  const verdict = page.locator('.calculator .verdict');
  // Positions in the page, measured from its top (the results stay in view while
  // the page scrolls).
  const box = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    return results.boundingBox();
  };
  const before = (await box())!;
  const verdictBefore = (await verdict.boundingBox())!;
  await moreInputs(page);
  await page.locator('.calculator .model-details > summary').click();
  await expect(page.locator('.calculator .model-details')).toHaveJSProperty('open', true);
  expect(await box()).toEqual(before);
  // Compute-bound at a large batch: the verdict's box keeps its size.
  await field(page, 'Batch size').fill('4096');
  await expect(verdict).toHaveClass(/compute/);
  expect((await verdict.boundingBox())!.height).toBe(verdictBefore.height);
});

test('every help text is tied to its field, reachable by keyboard, and axe finds nothing', async ({ page, problems }) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('en/memory-bound?model=deepseek-v3&hw=h200&gpus=8&weights=fp8');
    await live(page);
    const calc = page.locator('.calculator').first();
    await moreInputs(page, calc);
    await calc.locator('.model-details > summary').click();
    await calc.locator('.own-model > summary').click();
    await page.getByRole('button', { name: 'Pin as A and compare' }).click();
    const fields = calc.locator('input[type="text"]:visible, textarea:visible');
    const count = await fields.count();
    expect(count).toBeGreaterThan(15);
    for (let i = 0; i < count; i++) {
      const input = fields.nth(i);
      const described = (await input.getAttribute('aria-describedby')) ?? '';
      const help = described.split(' ').find((id) => id.endsWith('-help'));
      expect(help, await input.evaluate((e) => e.outerHTML)).toBeTruthy();
      await expect(page.locator(`#${help}`)).not.toBeEmpty();
      // Keyboard: the field takes the focus, and its description is what a screen
      // reader announces with it.
      await input.focus();
      await expect(input).toBeFocused();
    }
    await expect(page.locator('.calc-results')).not.toHaveClass(/stale/);
    // MLA's fields replace the KV heads for DeepSeek-V3.
    await expect(field(page, 'Latent rank (kv_lora_rank)')).toHaveValue('512');
    await expect(calc.getByLabel('KV heads', { exact: true })).toHaveCount(0);
    expect(await seriousViolations(page, { within: '.calculator' })).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page, { within: '.calculator' })).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('the weights data type names the arithmetic and the peak it assumes', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await moreInputs(page);
  const weights = page.locator('.calculator').getByLabel('Weight data type');
  const assumption = page.locator('.calculator .peak-assumption');
  await page.locator('#calc0-hardware').selectOption('h100-sxm');
  await weights.selectOption('fp8');
  // W8A8: the H100's dense FP8 peak, said where the type is chosen.
  await expect(assumption).toHaveText(/^FP8 weights and FP8 arithmetic: a peak of 1\.98\sPFLOP\/s per GPU\.$/);
  // Weight-only FP8 is its own choice: the same bytes, the FP16 peak.
  await weights.selectOption('fp8-w16');
  await expect(assumption).toHaveText(/^FP8 \(W8A16\) weights and FP16 arithmetic: a peak of 989\sTFLOP\/s per GPU\.$/);
  await expect(weights.locator('option[value="fp8-w16"]')).toHaveText(/FP16 arithmetic/);
  // A GPU without FP8 units multiplies in FP16, and the line says why.
  await weights.selectOption('fp8');
  await page.locator('#calc0-hardware').selectOption('a100-80gb');
  await expect(assumption).toContainText('the GPU has no FP8 units, so they are multiplied in FP16');
  // 16-bit weights compute at the peak the field shows: nothing to add.
  await weights.selectOption('bf16');
  await expect(assumption).toHaveCount(0);
  await expect(weights).not.toHaveAttribute('aria-describedby', /.+/);
  // The KV cache is stored, not multiplied: no weight-only entries in its menu.
  await expect(page.locator('.calculator').getByLabel('KV cache data type').locator('option[value="fp8-w16"]')).toHaveCount(0);
});

test('a comparison where a side does not fit heads no column of changes', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.getByRole('button', { name: 'Pin as A and compare' }).click();
  const change = page.locator('.calculator .compare-head dd span').nth(2);
  await expect(change).toHaveText('Change');
  // Mixtral 8x7B at 16 bits does not fit in the A100's 80 GB: no change to show.
  await page.locator('#calc0-model').selectOption('mixtral-8x7b');
  await expect(page.locator('.calculator .verdict.nofit')).toBeVisible();
  await expect(change).toHaveText('');
  await expect(page.locator('.calculator .outputs .ratio').filter({ hasText: /\S/ })).toHaveCount(0);
  // On an H200 it fits: the changes and their head are back.
  await page.locator('#calc0-hardware').selectOption('h200');
  await expect(change).toHaveText('Change');
  await expect(page.locator('.calculator .outputs .ratio').filter({ hasText: /\S/ }).first()).toBeVisible();
});

test('a mixture of experts compared with a dense model keeps its experts\' rows', async ({ page, problems }) => {
  await page.goto('en/memory-bound?model=mixtral-8x7b&hw=h200');
  await live(page);
  const touched = page.locator('.calculator [data-output="experts_touched"]');
  await expect(touched).toHaveCount(1);
  await page.getByRole('button', { name: 'Pin as A and compare' }).click();
  // B becomes the dense 7B example: A's rows stay, B says it has no experts.
  await page.locator('#calc0-model').selectOption('example-7b');
  await expect(page.locator('.calculator .compare-head')).toBeVisible();
  await expect(touched.locator('.pinned-value')).toContainText(/\d/);
  await expect(touched.locator('.current .value')).toHaveText('no experts');
  await expect(page.locator('.calculator [data-output="decode_weight_bytes"]')).toHaveCount(1);
  // Let go of A: a dense model alone has no experts' rows.
  await page.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(touched).toHaveCount(0);
});

test('weights that overrun the memory leave none for the KV cache, said with the shortfall', async ({ page, problems }) => {
  for (const [lang, slug, none] of [
    ['en', 'hbm', /^none \(\d[\d,.]*\s[TG]B \(\d[\d,.]*\s[TG]iB\) short\)$/],
    ['de', 'hbm', /^keiner \(\d[\d.,]*\s[TG]B \(\d[\d.,]*\s[TG]iB\) zu wenig\)$/],
  ] as const) {
    await page.goto(`${lang}/${slug}?model=deepseek-v3&hw=a100-80gb`);
    await live(page);
    await expect(page.locator('.calculator .verdict.nofit').first()).toBeVisible();
    await expect(page.locator('.calculator [data-output="free_memory"] .value').first()).toHaveText(none);
  }
});
