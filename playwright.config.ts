import { defineConfig } from '@playwright/test';

// Driven by `cargo xtask test`, which serves dist/ like GitHub Pages and sets
// BASE_URL. Debian's chromium, never a downloaded browser.
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// `cargo xtask corpus` (and the end of `cargo xtask test`) serves the generated
// 500-entry corpus instead and runs only its timing tests, one at a time.
const corpus = process.env.CORPUS_ENTRIES !== undefined;

export default defineConfig({
  testDir: corpus ? 'e2e/corpus' : 'e2e',
  testIgnore: corpus ? [] : ['corpus/**'],
  outputDir: 'target/e2e-results',
  workers: corpus ? 1 : 2,
  retries: 0,
  // xtask names a file for the JSON report when it reads the timings' annotations.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:8081/glossary/',
    browserName: 'chromium',
    // The site registers a service worker (offline reading). Requests it answers pass
    // by `page.route`, which several specs hold or fail on purpose: only
    // e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
