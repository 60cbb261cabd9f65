// Writes the five benchmark pages #39 names into the folder given: a login form (the test page), a multi-step form
// (a fieldset of text, email, date and number fields, a select, radio buttons, checkboxes and a textarea), a search
// list of 200 results, a 2,000-row table with three controls per row, and a single-page app with an open modal
// dialog over 60 cards.
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
const countries = ['Austria', 'Belgium', 'Chile', 'Denmark', 'Estonia', 'Finland'];
writeFileSync(`${folder}/form.html`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shipping</title></head>
<body><main><h1>Checkout</h1><p>Step 2 of 3: shipping</p><form>
<fieldset><legend>Recipient</legend>
<label>Full name <input name="name" autocomplete="name" required></label>
<label>Email <input type="email" name="email" required></label>
<label>Phone <input type="tel" name="phone"></label></fieldset>
<fieldset><legend>Address</legend>
<label>Street <input name="street"></label><label>City <input name="city"></label>
<label>Postal code <input name="postal" inputmode="numeric"></label>
<label>Country <select name="country">${countries.map((c) => `<option>${c}</option>`).join('')}</select></label></fieldset>
<fieldset><legend>Delivery</legend>
<label><input type="radio" name="speed" value="standard" checked> Standard</label>
<label><input type="radio" name="speed" value="express"> Express</label>
<label>Date <input type="date" name="date"></label><label>Parcels <input type="number" name="parcels" min="1" value="1"></label>
<label><input type="checkbox" name="gift"> Gift wrap</label><label><input type="checkbox" name="sms"> Text me updates</label>
<label>Notes <textarea name="notes"></textarea></label></fieldset>
<button type="button">Back</button><button type="submit">Continue to payment</button></form></main></body></html>`);
const results = [];
for (let i = 0; i < 200; i++) results.push(`<li><a href="#p${i}">Product ${i}</a> <span>${(i * 7) % 90 + 10} EUR</span>` +
  `<button type="button" aria-label="Add product ${i} to cart">Add</button></li>`);
writeFileSync(`${folder}/search.html`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search</title></head>
<body><header><form role="search"><label>Search <input type="search" value="product"></label><button>Go</button></form></header>
<main><h1>200 results for "product"</h1><ul>${results.join('\n')}</ul></main></body></html>`);
