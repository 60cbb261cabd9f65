// Median of N runs of Playwright's locator('body').ariaSnapshot() on the page at the given URL, in the already
// running Chromium at the given DevTools port (the same browser CdpExecutor observes).
import { chromium } from 'playwright-core';
const [port, url, runs] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 20)];
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const page = browser.contexts().flatMap(c => c.pages()).find(p => p.url() === url);
if (!page) throw new Error('benchmark page not found');
const locator = page.locator('body');
for (let i = 0; i < 3; i++) await locator.ariaSnapshot();
const times = [];
let lines = 0;
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const snapshot = await locator.ariaSnapshot();
  times.push(performance.now() - started);
  lines = snapshot.split('\n').length;
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ tool: 'playwright-core ariaSnapshot', runs, lines,
  median_ms: +times[Math.floor(runs / 2)].toFixed(2), min_ms: +times[0].toFixed(2), max_ms: +times[runs - 1].toFixed(2) }));
await browser.close();
