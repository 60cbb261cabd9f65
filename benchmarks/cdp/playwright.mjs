// Median of RUNS runs of Playwright's page.ariaSnapshot() (what locator('body').ariaSnapshot() computes) on the page
// at URL, in the already running Chromium at PORT (the browser CdpExecutor observes), after WARMUP runs; with the
// size of Playwright MCP's snapshot (ariaSnapshot mode "ai", with refs) and the page's own count of controls.
import { chromium } from 'playwright-core';
const [port, url, runs, warmup] = [process.argv[2], process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const page = browser.contexts().flatMap(c => c.pages()).find(p => p.url() === url);
if (!page) throw new Error('benchmark page not found');
const locator = page.locator('body');
for (let i = 0; i < warmup; i++) await locator.ariaSnapshot();
const times = [];
let snapshot = '';
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  snapshot = await locator.ariaSnapshot();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const ai = await page.ariaSnapshot({ mode: 'ai' });
const controls = await page.evaluate(() => document.querySelectorAll('a[href],button,input,select,textarea').length);
console.log(JSON.stringify({ tool: 'playwright-core ariaSnapshot', runs, controls, yaml_bytes: Buffer.byteLength(snapshot),
  mcp_snapshot_bytes: Buffer.byteLength(ai), median_ms: +times[Math.floor(runs / 2)].toFixed(1),
  min_ms: +times[0].toFixed(1), max_ms: +times[runs - 1].toFixed(1) }));
await browser.close();
