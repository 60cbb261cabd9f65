// Chromium's own cost of each Accessibility-domain request that yields accessibility-tree names for every control of
// the page at URL, interleaved with Playwright's locator('body').ariaSnapshot() on the same page: the floor any
// observation whose names and roles come from the accessibility tree stands on. Per request, medians of ROUNDS
// rounds: wall time (in this Node process, its JSON parse included), CPU time of the page's renderer and of the
// browser process (which turns the renderer's CBOR into JSON text), and this process's own CPU time.
//   node ax-floor.mjs PORT URL BROWSER_PID [ROUNDS]
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
const [port, url, browserPid, rounds] = [process.argv[2], process.argv[3], Number(process.argv[4]), Number(process.argv[5] || 5)];

// CPU milliseconds of the browser process and of its renderers, from /proc (the machine is shared: wall time alone
// says as much about the load as about the request)
function chromiumCpu() {
  const stats = [];
  for (const pid of readdirSync('/proc').filter(name => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(pid), ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch { /* the process ended */ }
  }
  const cpu = { browser: 0, renderer: 0 };
  const tree = new Set([browserPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) if (!tree.has(s.pid) && tree.has(s.ppid)) { tree.add(s.pid); grew = true; }
  }
  for (const s of stats) {
    if (s.pid === browserPid) cpu.browser += s.ms;
    else if (tree.has(s.pid) && readFileSync(`/proc/${s.pid}/cmdline`, 'utf8').includes('--type=renderer')) cpu.renderer += s.ms;
  }
  return cpu;
}
const ownCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const page = browser.contexts().flatMap(c => c.pages()).find(p => p.url() === url);
if (!page) throw new Error('benchmark page not found');
const session = await page.context().newCDPSession(page);
const { root } = await session.send('DOM.getDocument', { depth: -1 });
const controls = [];
(function walk(node) {
  if (['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(node.nodeName)) controls.push(node.backendNodeId);
  (node.children || []).forEach(walk);
})(root);
// the shallowest getFullAXTree that holds every control the whole tree holds (a hidden input is in neither)
const whole = new Set((await session.send('Accessibility.getFullAXTree')).nodes.map(node => node.backendDOMNodeId));
let depth = 1;
for (;; depth++) {
  const { nodes } = await session.send('Accessibility.getFullAXTree', { depth });
  const held = new Set(nodes.map(node => node.backendDOMNodeId));
  if (controls.every(control => held.has(control) || !whole.has(control))) break;
}
const requests = {
  'playwright ariaSnapshot': () => page.locator('body').ariaSnapshot(),
  'getFullAXTree': () => session.send('Accessibility.getFullAXTree'),
  [`getFullAXTree depth ${depth}`]: () => session.send('Accessibility.getFullAXTree', { depth }),
  'queryAXTree role button': () => session.send('Accessibility.queryAXTree', { backendNodeId: root.backendNodeId, role: 'button' }),
  [`getPartialAXTree x${controls.length}`]: () => Promise.all(controls.map(backendNodeId =>
    session.send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false }))),
  'DOMSnapshot.captureSnapshot': () => session.send('DOMSnapshot.captureSnapshot', { computedStyles: ['display'], includePaintOrder: true }),
};
for (let i = 0; i < 3; i++) await requests['playwright ariaSnapshot']();
const names = Object.keys(requests);
const samples = Object.fromEntries(names.map(name => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 ? [...names].reverse() : names) {
    const [cpu, own, started] = [chromiumCpu(), ownCpu(), performance.now()];
    await requests[name]();
    const [wall, after] = [performance.now() - started, chromiumCpu()];
    samples[name].push([wall, after.renderer - cpu.renderer, after.browser - cpu.browser, ownCpu() - own]);
  }
}
const median = values => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
console.log(`${controls.length} controls, all held from depth ${depth}; medians of ${rounds} rounds (ms): ` +
  'wall / renderer CPU / browser CPU / Node CPU');
for (const name of names) {
  console.log(`${name.padEnd(28)} ${[0, 1, 2, 3].map(i => median(samples[name].map(s => s[i]))).join(' / ')}`);
}
await browser.close();
