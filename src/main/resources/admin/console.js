// With a token configured, the API takes it only as a header: typed in below, or given in the address after
// '#token=' (a fragment never reaches a server), kept for this tab only and dropped from the address bar.
// Search, filter and sort live in the fragment too (#q=…&state=…&sort=…), so a view can be linked.
const PAGE = 100;
const params = new URLSearchParams(location.hash.slice(1));
const rawToken = location.hash.slice(1).split('&').find(p => p.startsWith('token='));
if (rawToken) { // read as written: URLSearchParams would turn a '+' of a base64 token into a space
  sessionStorage.setItem('hanacdc.token', decodeURIComponent(rawToken.slice(6)));
  params.delete('token');
  history.replaceState(null, '', location.pathname + (params.toString() ? '#' + params : ''));
}
const $ = id => document.getElementById(id);
for (const k of ['q', 'state', 'sort']) if (params.get(k)) $(k).value = params.get(k);
let headers = {};
const useToken = t => { headers = t ? { 'Authorization': 'Bearer ' + t } : {}; };
useToken(sessionStorage.getItem('hanacdc.token'));
$('login').addEventListener('submit', e => {
  e.preventDefault();
  sessionStorage.setItem('hanacdc.token', $('token').value);
  useToken($('token').value);
  $('login').hidden = true;
  refresh();
});
// Every value the API gives is escaped where it is put into markup, numbers too: the API relays what other replicas
// report, and a value of the wrong type must show as text, never run. (The page is also served under a strict
// Content-Security-Policy: no script but this file runs.)
const text = s => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const isNumber = n => typeof n === 'number' && Number.isFinite(n);
const num = n => isNumber(n) ? text(n.toLocaleString()) : '?';
const lag = s => !isNumber(s) ? '?' : s < 1 ? '&lt; 1 s' : s < 120 ? s.toFixed(1) + ' s' : (s / 60).toFixed(1) + ' min';
let maxLag = 300, page = 0, rows = [], previous = new Map(), opened = new Set(), resetting = new Set();

/** An SVG element with its attributes, made through the DOM (no markup is parsed). */
function svgElement(name, attributes) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

/** A polyline of the values over the chart's width, scaled to their maximum (and the limit, when drawn). */
function chart(svg, series, limit) {
  const values = (Array.isArray(series) ? series : []).map(v => isNumber(v) ? v : 0);
  const w = 300, h = 60, top = Math.max(1e-9, ...values, isNumber(limit) ? limit : 0);
  const pts = values.map((v, i) => `${(i / Math.max(1, values.length - 1) * w).toFixed(1)},${(h - v / top * h).toFixed(1)}`).join(' ');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.replaceChildren(svgElement('polyline', { class: 'line', points: pts }));
  if (isNumber(limit)) {
    const y = (h - limit / top * h).toFixed(1);
    svg.appendChild(svgElement('line', { class: 'limit', x1: 0, x2: w, y1: y, y2: y }));
  }
}

function problem(t) {
  return !t.command && (t.state === 'stopped' || t.state === 'retrying' || t.lastError || (!t.paused && t.lagSeconds > maxLag));
}

function shown() {
  const q = $('q').value.trim().toLowerCase(), state = $('state').value, sort = $('sort').value;
  const keep = t => (!q || t.table.toLowerCase().includes(q)) && (!state
    || state === 'problems' && problem(t) || state === 'streaming' && t.state === 'streaming'
    || state === 'loading' && (t.state === 'snapshot' || t.state === 'resnapshot') || state === 'paused' && t.paused);
  const by = { lag: (a, b) => b.lagSeconds - a.lagSeconds, rate: (a, b) => b.rate - a.rate, name: (a, b) => a.table.localeCompare(b.table),
               problems: (a, b) => problem(b) - problem(a) || (problem(a) ? b.lagSeconds - a.lagSeconds : 0) || a.table.localeCompare(b.table) }[sort];
  return rows.filter(keep).sort(by);
}

/** A row of cells, each {html, cls, span}. */
const cell = (html, cls, span) => ({ html, cls: cls || '', span: span || 1 });

function want(t) {
  if (t.command) {
    return [{ key: 't:' + t.table, table: t.table, cls: '', cells: [cell(text(t.table)),
      cell(`<span class="state unread">${text(t.state)}</span><div class="error">${text(t.warning)}</div>`), cell(''), cell(''), cell(''), cell(''),
      cell(`${num(t.pendingRows)} CDC rows kept · ${text(t.command)}`, 'wm', 2), cell('')] }];
  }
  const out = [{ key: 't:' + t.table, table: t.table, cls: problem(t) ? 'problem' : '', cells: [
    cell(`<button class="link" data-action="history" aria-expanded="${opened.has(t.table)}">${text(t.table)}</button>`),
    cell(text(t.target) + (t.key && t.key.startsWith('unique index') ? `<div class="owner">key: ${text(t.key)}</div>` : '')),
    cell(`<span class="state ${text(t.state)}">${text(t.state)}</span>`
      + (!t.paused && t.lagSeconds > maxLag ? ' <span class="state lagging">lagging</span>' : '')
      + (t.lastError ? `<div class="error">${text(t.lastError)}</div>` : '')
      + (t.troubleSince ? `<div class="error">since ${text(new Date(t.troubleSince).toLocaleString())}</div>` : '')
      + (t.owner !== undefined ? `<div class="owner">replica ${text(t.owner ?? 'none yet')}</div>` : '')
      + (t.ownerUnreachable ? `<div class="error">its replica cannot be reached: ${text(t.ownerUnreachable)}</div>` : '')),
    cell(num(t.rowsSnapshotted), 'num'), cell(num(t.rowsStreamed), 'num'),
    cell(num(Math.round(t.rate)), 'num'), cell(lag(t.lagSeconds), 'num'),
    cell(`id ${text(t.lastDataId)} · ${text(t.watermark)}`, 'wm'),
    cell(t.state === 'stopped' ? '' : `<button data-action="${t.paused ? 'resume' : 'pause'}">${t.paused ? 'resume' : 'pause'}</button>`
      + ' <button data-action="resnapshot">resnapshot</button>'
      + ` <button data-action="reset" aria-expanded="${resetting.has(t.table)}">reset…</button>`)] }];
  if (resetting.has(t.table)) {
    // a timestamp is picked in local time and sent in UTC; both are shown before anything is sent
    out.push({ key: 'r:' + t.table, reset: t.table, cls: '', cells: [cell(`<form class="reset" data-reset="${text(t.table)}">
      <fieldset><legend>reset ${text(t.table)} to</legend>
      <label><input type="radio" name="to" value="latest" checked> the latest position (changes until now are skipped)</label>
      <label><input type="radio" name="to" value="dataId"> data id <input name="dataId" inputmode="numeric" pattern="[0-9]+" aria-label="data id"></label>
      <label><input type="radio" name="to" value="timestamp"> the changes captured since <input name="at" type="datetime-local" step="1" aria-label="local date and time"></label>
      <output name="utc" aria-live="polite"></output>
      <button type="submit">reset…</button></fieldset></form>`, '', 9)] });
  }
  if (opened.has(t.table)) {
    out.push({ key: 'h:' + t.table, history: t.table, cls: '', cells: [cell(`<div class="charts">`
      + `<figure><figcaption>rows/s, last hour</figcaption><svg data-chart="rate"></svg></figure>`
      + `<figure><figcaption>lag, last hour</figcaption><svg data-chart="lag"></svg></figure></div>`, '', 9)] });
  }
  return out;
}

/**
 * Rows are updated in place, a cell only when its content changed: a refresh never replaces the button under
 * the pointer or the keyboard's focus.
 */
function render() {
  if (document.activeElement?.closest('#tables form')) return; // the operator is filling in a reset: nothing moves under them
  const list = shown(), pages = Math.max(1, Math.ceil(list.length / PAGE));
  page = Math.min(page, pages - 1);
  $('page').textContent = ` page ${page + 1} of ${pages} (${list.length} tables) `;
  const body = $('tables'), existing = new Map([...body.children].map(tr => [tr.dataset.key, tr]));
  let previousRow = null;
  for (const r of list.slice(page * PAGE, page * PAGE + PAGE).flatMap(want)) {
    let tr = existing.get(r.key) || document.createElement('tr');
    existing.delete(r.key);
    tr.dataset.key = r.key;
    if (r.table) tr.dataset.table = r.table;
    if (r.history) tr.dataset.history = r.history;
    if (r.reset) tr.dataset.reset = r.reset;
    tr.className = r.cls;
    r.cells.forEach((c, i) => {
      const td = tr.children[i] || tr.appendChild(document.createElement('td'));
      if (td.shown !== c.html) { td.innerHTML = c.html; td.shown = c.html; }
      td.className = c.cls;
      td.colSpan = c.span;
    });
    while (tr.children.length > r.cells.length) tr.lastChild.remove();
    const at = previousRow ? previousRow.nextSibling : body.firstChild;
    if (at !== tr) body.insertBefore(tr, at);
    previousRow = tr;
  }
  for (const tr of existing.values()) tr.remove();
  for (const tr of body.querySelectorAll('tr[data-history]')) tableHistory(tr);
}

async function tableHistory(tr) {
  const r = await fetch('/api/tables/' + encodeURIComponent(tr.dataset.history) + '/history', { headers });
  if (!r.ok) { if (tr.isConnected) tr.querySelector('td').textContent = 'no history here: ' + ((await r.json().catch(() => ({}))).error || r.status); return; }
  const h = await r.json();
  if (!tr.isConnected) return; // closed meanwhile
  chart(tr.querySelector('[data-chart=rate]'), h.rowsPerSecond);
  chart(tr.querySelector('[data-chart=lag]'), h.lagSeconds, maxLag);
}

async function taskHistory() {
  const r = await fetch('/api/history', { headers });
  if (!r.ok) return;
  const h = await r.json();
  maxLag = isNumber(h.maxLagSeconds) ? h.maxLagSeconds : maxLag;
  chart($('rate-chart'), h.rowsPerSecond);
  chart($('lag-chart'), h.lagSeconds, maxLag);
  $('lag-caption').textContent = `lag, last hour (dashed: hanacdc.health.max-lag-s = ${maxLag} s)`;
}

/** The reset's target as the API takes it, and as the operator confirms it (local time and UTC both said). */
function resetTo(form) {
  const to = form.elements.to.value;
  if (to === 'dataId') { // digits as typed: a Number would round ids beyond 2^53
    const id = form.elements.dataId.value.trim();
    return /^[0-9]+$/.test(id) ? { body: `{"dataId":${id}}`, says: 'data id ' + id } : null;
  }
  if (to === 'timestamp') {
    if (!form.elements.at.value) return null;
    const at = new Date(form.elements.at.value); // datetime-local is read as local time
    return { body: JSON.stringify({ timestamp: at.toISOString() }), says: `${at.toLocaleString()} local time = ${at.toISOString()} UTC` };
  }
  return { body: JSON.stringify({ to: 'latest' }), says: 'the latest position' };
}

/** An action after the operator confirms it; its outcome is said, refusals included. */
async function act(table, action, reset) {
  const what = { pause: 'Pause', resume: 'Resume', resnapshot: 'Copy the whole table again (resnapshot)', reset: 'Reset' }[action];
  if (!confirm(`${what}: ${table}${reset ? ' to ' + reset.says : ''}?`)) return;
  const r = await fetch('/api/tables/' + encodeURIComponent(table) + '/' + action,
    { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: reset ? reset.body : '' });
  const body = await r.json().catch(() => ({}));
  $('outcome').textContent = `${action} ${table}: ` + (r.status === 200 ? 'done' : r.status === 202 ? 'queued, ' + body.queued
    : 'refused, ' + (body.error || 'HTTP ' + r.status));
  refresh();
}

let ticks = 0;
async function refresh() {
  try {
    const response = await fetch('/api/tables', { headers });
    if (response.status === 401) {
      $('login').hidden = false;
      throw new Error('the admin token is missing or wrong');
    }
    if (!response.ok) throw new Error('HTTP ' + response.status);
    const now = Date.now(), all = await response.json(), next = new Map();
    // rows/s between two refreshes; captured tables the task does not read come with the command that ends their capture
    rows = all.map(t => {
      const count = n => isNumber(n) ? n : 0;
      const done = count(t.rowsSnapshotted) + count(t.rowsStreamed), before = previous.get(t.table);
      // a table reading its position again reports no rows: its last count is kept, so no spike follows
      const known = done === 0 && before ? before : { done, at: now };
      next.set(t.table, known);
      return { ...t, rate: before && done >= before.done && known !== before ? (done - before.done) * 1000 / Math.max(1, now - before.at) : 0 };
    });
    previous = next;
    if (ticks++ % 5 === 0) await taskHistory();
    const tables = rows.filter(t => !t.command), unread = rows.length - tables.length, problems = tables.filter(problem).length;
    $('summary').textContent = `${tables.length} tables · ${problems} with problems · `
      + `${tables.reduce((n, t) => n + (isNumber(t.rowsStreamed) ? t.rowsStreamed : 0), 0).toLocaleString()} rows streamed`
      + ` · updated ${new Date().toLocaleTimeString()}`
      + (unread ? ` · ${unread} captured table(s) nobody here reads` : '');
    render();
  } catch (e) {
    $('summary').textContent = 'cannot reach the admin API: ' + e.message;
  }
}
const remember = () => {
  const p = new URLSearchParams();
  for (const k of ['q', 'state', 'sort']) if ($(k).value) p.set(k, $(k).value);
  history.replaceState(null, '', location.pathname + (p.toString() ? '#' + p : ''));
  page = 0;
  render();
};
for (const k of ['q', 'state', 'sort']) for (const on of ['input', 'change']) $(k).addEventListener(on, remember);
$('prev').addEventListener('click', () => { page = Math.max(0, page - 1); render(); });
$('next').addEventListener('click', () => { page++; render(); });
// Names may hold any character, so buttons carry none: the row's data attribute says which table.
$('tables').addEventListener('click', e => {
  const action = e.target.dataset.action, table = e.target.closest('tr')?.dataset.table;
  if (action === 'history' || action === 'reset') {
    const set = action === 'history' ? opened : resetting;
    set.has(table) ? set.delete(table) : set.add(table);
    render();
  } else if (action) {
    act(table, action);
  }
});
$('tables').addEventListener('input', e => {
  const form = e.target.closest('form.reset');
  if (form) form.elements.utc.value = resetTo(form) ? 'sends: ' + resetTo(form).body : '';
});
$('tables').addEventListener('submit', e => {
  e.preventDefault();
  const form = e.target, to = resetTo(form);
  if (!to) { $('outcome').textContent = 'reset ' + form.dataset.reset + ': give the data id or the time'; return; }
  act(form.dataset.reset, 'reset', to);
});
refresh();
setInterval(refresh, 2000);
