// Writes a page with about 1,000 elements of mixed roles to the path given.
import { writeFileSync } from 'node:fs';
const sections = [];
for (let s = 0; s < 50; s++) {
  const items = [];
  for (let i = 0; i < 6; i++) items.push(`<li><a href="#s${s}i${i}">Item ${s}.${i}</a></li>`);
  sections.push(`<section aria-label="Section ${s}"><h2>Section ${s}</h2>
<p>Paragraph ${s} with <strong>emphasis</strong> and a <a href="#s${s}">link</a>.</p>
<label>Field ${s} <input type="text" value="v${s}"></label>
<button type="button">Action ${s}</button>
<ul>${items.join('')}</ul></section>`);
}
writeFileSync(process.argv[2], `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Benchmark</title></head>
<body><main>${sections.join('\n')}</main></body></html>`);
