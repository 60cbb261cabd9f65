// Feasibility probe for the design note in bundles/cdp/README.md ("Large pages: where the time goes"): what one
// isolated-world pass costs that walks the page and returns, for each control, heading and landmark, its role, a name
// computed in the page (aria-labelledby, aria-label, an associated <label>, its text, title), its box and the styles
// that hide it, as one compact array — against Playwright's ariaSnapshot() on the same page, interleaved. Not the
// executor's code: the name rules here are a subset of accname 1.2, enough to size the work, and are checked, role
// and name, against Accessibility.getPartialAXTree for every element (every 20th past 600; mismatches printed).
//   node in-page-probe.mjs PORT URL [ROUNDS]
import { chromium } from 'playwright-core';
const [port, url, rounds] = [process.argv[2], process.argv[3], Number(process.argv[4] || 3)];
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const page = browser.contexts().flatMap(c => c.pages()).find(p => p.url() === url);
if (!page) throw new Error('benchmark page not found');
const session = await page.context().newCDPSession(page);
const { frameTree } = await session.send('Page.getFrameTree');
const { executionContextId } = await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'probe' });
const walk = `(() => {
  const implicit = { A: e => e.hasAttribute('href') ? 'link' : null, BUTTON: () => 'button', SELECT: () => 'combobox',
    TEXTAREA: () => 'textbox', H1: () => 'heading', H2: () => 'heading', H3: () => 'heading', MAIN: () => 'main',
    NAV: () => 'navigation', INPUT: e => ({ checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button',
      hidden: null })[e.type] ?? 'textbox' };
  const text = e => (e.textContent || '').replace(/\\s+/g, ' ').trim();
  const name = (e, role) => {
    const by = e.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map(id => document.getElementById(id)).filter(Boolean).map(text).join(' ');
    const label = e.getAttribute('aria-label');
    if (label && label.trim()) return label.trim();
    if (e.labels && e.labels.length) return [...e.labels].map(text).join(' ');
    if (e.tagName === 'INPUT') return e.getAttribute('title') || e.getAttribute('placeholder') || '';
    // name from content only for the roles that take it (a landmark has none without aria-label)
    return (fromContent.has(role) ? text(e) : '') || e.getAttribute('title') || '';
  };
  const fromContent = new Set(['link', 'button', 'heading', 'checkbox', 'radio']);
  // content outside an open modal dialog is inert: the accessibility tree ignores it
  const modal = document.querySelector('dialog:modal');
  const out = [];
  const all = document.querySelectorAll('a,button,input,select,textarea,h1,h2,h3,main,nav,[role]');
  for (const e of all) {
    // one entry per element the selector matches (null role: not kept), so entry i is DOM.querySelectorAll's node i
    const role = e.getAttribute('role') || (implicit[e.tagName] && implicit[e.tagName](e)) || null;
    if (!role || (modal && !modal.contains(e)) || e.closest('[inert]')) { out.push(null, '', 0, 0, 0, 0, 0); continue; }
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    out.push(role, name(e, role), Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height),
      s.visibility === 'hidden' || s.opacity === '0' ? 1 : 0);
  }
  return JSON.stringify(out);
})()`;
const ours = async () => {
  const { result } = await session.send('Runtime.evaluate', { expression: walk, contextId: executionContextId, returnByValue: true });
  return JSON.parse(result.value);
};
const theirs = () => page.locator('body').ariaSnapshot();
for (let i = 0; i < 2; i++) { await ours(); await theirs(); }
const samples = { ours: [], theirs: [] };
for (let round = 0; round < rounds; round++) {
  for (const which of round % 2 ? ['theirs', 'ours'] : ['ours', 'theirs']) {
    const started = performance.now();
    await (which === 'ours' ? ours() : theirs());
    samples[which].push(performance.now() - started);
  }
}
// roles and names against the accessibility tree: each element the pass kept (every 20th on a large page), the same node found by the
// same selector through DOM.querySelectorAll (document order, as the page's querySelectorAll)
const flat = await ours();
const { root } = await session.send('DOM.getDocument', { depth: 0 });
const { nodeIds } = await session.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'a,button,input,select,textarea,h1,h2,h3,main,nav,[role]' });
const kept = [];
for (let i = 0; i < nodeIds.length; i++) if (flat[i * 7] !== null) kept.push(i);
let checked = 0, mismatches = 0;
const step = kept.length > 600 ? 20 : 1; // every element of a small page
await Promise.all(kept.filter((_, k) => k % step === 0).map(async i => {
  const { node } = await session.send('DOM.describeNode', { nodeId: nodeIds[i] });
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { backendNodeId: node.backendNodeId, fetchRelatives: false });
  const ax = nodes.find(n => n.backendDOMNodeId === node.backendNodeId);
  const [role, name] = [ax?.role?.value ?? '', ax?.name?.value ?? ''];
  checked++;
  if (role !== flat[i * 7] || name !== flat[i * 7 + 1]) {
    mismatches++;
    if (mismatches < 5) console.log(`mismatch: page ${flat[i * 7]} "${flat[i * 7 + 1].slice(0, 60)}", accessibility tree ${role} "${name.slice(0, 60)}"`);
  }
}));
const median = v => Math.round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]);
console.log(JSON.stringify({ elements: kept.length, ours_ms: samples.ours.map(Math.round), theirs_ms: samples.theirs.map(Math.round),
  ours_median_ms: median(samples.ours), playwright_median_ms: median(samples.theirs), names_checked: checked, mismatches }));
await browser.close();
