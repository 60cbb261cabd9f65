// Writes the three benchmark pages into the folder given: a login form (the test page), a 2,000-row table with
// three controls per row, and a single-page app with an open modal dialog over 60 cards.
import { writeFileSync, readFileSync } from 'node:fs';
const [folder, login] = [process.argv[2], process.argv[3]];
writeFileSync(`${folder}/login.html`, readFileSync(login));
const rows = [];
for (let r = 0; r < 2000; r++) rows.push(`<tr><td>Row ${r}</td><td><a href="#r${r}">Open ${r}</a></td>` +
  `<td><input type="checkbox" aria-label="Select ${r}"></td><td><button type="button">Edit ${r}</button></td></tr>`);
writeFileSync(`${folder}/table.html`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Table</title></head>
<body><main><h1>Orders</h1><table><thead><tr><th>Name</th><th>Link</th><th>Select</th><th>Action</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></main></body></html>`);
const cards = [];
for (let c = 0; c < 60; c++) cards.push(`<article aria-label="Card ${c}"><h3>Card ${c}</h3><p>Summary of card ${c}.</p>` +
  `<button type="button">Like ${c}</button><a href="#c${c}">Details ${c}</a></article>`);
writeFileSync(`${folder}/spa.html`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><header><nav aria-label="Main"><a href="#home">Home</a><a href="#inbox">Inbox</a><a href="#settings">Settings</a></nav></header>
<main><h1>Feed</h1><div id="feed"></div></main>
<dialog id="modal" aria-label="Compose"><h2>Compose</h2><label>To <input></label><label>Subject <input></label>
<textarea aria-label="Body"></textarea><button type="button">Send</button><button type="button">Cancel</button></dialog>
<script>document.getElementById('feed').innerHTML = ${JSON.stringify(cards.join(''))};
document.getElementById('modal').showModal();</script></body></html>`);
