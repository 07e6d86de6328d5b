/* The captain's page when the venue's wifi drops (issue: "Captain entry that survives a dropped
   venue wifi").

   - A hand saved is first kept in IndexedDB (idb) with an idempotency key and the time it was
     typed, then sent: online through the page's own form (the server's answer as before), and
     every hand still kept is sent to the API (PUT, idempotent: the same entry again changes
     nothing) when the page opens, when the connection returns and every 30 seconds.
   - A hand is saved through the page's form while the server is within reach, and kept on the
     phone at once while it is not: the browser offline, or the last round found no server (the
     wifi may stay up while the server or the venue's uplink is down; a form sent then comes
     back from the service worker's copy of the page, and the hand is kept all the same).
   - Sending: the kept hands one after another, oldest first; a refusal (a closed table, a
     conflict) is shown and the next hand goes at once; a hand kept while a round is under way
     goes in that round. A server that cannot be reached, or answers "busy" (429, 5xx), is tried
     again soon (2 s, doubling up to the period): the connection may return without an "online"
     event (the wifi stayed up while the server or the venue's uplink was down).
   - Each kept hand shows what became of it: on this phone, not sent yet; sent; refused with the
     server's reason; a conflict with both values (the recorded hand is never overwritten).
   - Each round also asks for the table's state (views.offline.table_state): a hand another phone
     entered differently is marked on this phone too (the server keeps that entry for the
     organizer to decide: models.DifferingEntry), and a conflict the organizer settled shows the
     hand as now recorded.
   - Offline, the engine itself judges an entry at once (Pyodide, loaded after the page is shown:
     engine.mjs), with its message in the page's language (the server's catalogue); where it
     cannot run, the hand is kept and checked when sent.
   - The service worker (/t/sw.js) keeps the page, its files and its catalogue. */
import { openDB } from "../../vendor/idb/index.js";

const config = document.getElementById("offline-config");
const form = document.getElementById("hand-form");
const SYNC_EVERY = 1000 * (parseInt(config && config.dataset.syncSeconds, 10) || 30);
const RETRY_FIRST = 2000;
const SUBMITTED = "tichu-captain-submitted";
const code = config ? config.dataset.code : null;
let data = null; // the table's catalogue and rules (views.offline.table_offline)
let engine = null;
let engineState = "loading"; // "ready" or "failed"
let syncing = false;
let again = false; // asked to send while a round was under way: another round follows at once
let timer = null;
let retryIn = RETRY_FIRST;
let reachable = true; // did the last round reach the server? ("online" alone says little)
let rounds = 0;
let typing = false;

const database = openDB("tichu-captain", 1, {
  upgrade(db) {
    db.createObjectStore("entries", { keyPath: "key" }).createIndex("code", "code");
  },
});

function say(template, params) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => String(params[name]));
}

function words() {
  return data ? data.catalogue.page : {
    pending: "on this phone, not sent yet", sent: "sent", refused: "refused: %(reason)s",
    kept: "Hand %(n)s is kept on this phone.", unchecked: "", this_phone: "this phone: %(a)s : %(b)s",
    recorded: "recorded: %(a)s : %(b)s",
    differing: "another phone sent %(a)s : %(b)s: the organizer decides",
  };
}

function newKey(number) {
  const random = self.crypto && crypto.randomUUID ? crypto.randomUUID()
    : Date.now().toString(36) + Math.random().toString(36).slice(2);
  return `${code}:${number}:${random}`;
}

/* The entry as the API takes it, from the form as the captain filled it in (the server's
   HandForm.entry reads the same fields): the engine judges it, here and on the server. */
function entryOf() {
  const fields = new FormData(form);
  const total = parseInt(form.dataset.cardTotal, 10);
  const value = (name) => {
    const text = (fields.get(name) || "").trim();
    if (text === "") return null;
    return /^-?\d+$/.test(text) ? parseInt(text, 10) : text;
  };
  const a = value("cp_0"), b = value("cp_1");
  const points = (mine, other) => (mine !== null ? mine : typeof other === "number" ? total - other : other);
  const calls = {};
  for (const [name, call] of fields) {
    if (name.startsWith("call_") && call) calls[name.slice(5)] = call;
  }
  const first = fields.get("first_out");
  const sweep = fields.get("double_victory");
  return {
    card_points: a === null && b === null ? null : [points(a, b), points(b, a)],
    finish_order: first ? [parseInt(first, 10)] : [],
    calls,
    [data.sweep_key]: sweep ? parseInt(sweep, 10) : null,
  };
}

async function kept() {
  const records = await (await database).getAllFromIndex("entries", "code", code);
  return records.sort((x, y) => x.typed_at.localeCompare(y.typed_at));
}

async function keep(record) {
  const db = await database;
  const transaction = db.transaction("entries", "readwrite");
  for (const old of await transaction.store.index("code").getAll(code)) {
    if (old.number === record.number && old.state !== "sent") await transaction.store.delete(old.key);
  }
  await transaction.store.put(record);
  await transaction.done;
}

async function update(record) {
  await (await database).put("entries", record);
}

/* --- showing the kept hands ------------------------------------------------------------- */

function itemOf(number) {
  const list = document.getElementById("hands");
  let item = list.querySelector(`li[data-hand="${number}"]`);
  if (!item) {
    item = document.createElement("li");
    item.dataset.hand = String(number);
    item.innerHTML = `<span class="what"><strong></strong></span>`;
    item.querySelector("strong").textContent = String(number);
    list.appendChild(item);
  }
  return item;
}

function pair(totals) {
  return totals ? `${totals[0]} : ${totals[1]}` : "–";
}

function show(record) {
  const item = itemOf(record.number);
  const w = words();
  let box = item.querySelector(".offline-state");
  if (!box) {
    box = document.createElement("div");
    box.className = "offline-state";
    item.appendChild(box);
  }
  item.dataset.offlineState = record.state;
  const badge = { pending: "warn", sent: "ok", refused: "err", conflict: "err" }[record.state];
  const text = record.state === "pending" ? w.pending : record.state === "sent" ? w.sent
    : say(w.refused, { reason: record.reason });
  box.innerHTML = "";
  const label = document.createElement("span");
  label.className = `badge ${badge} offline-badge`;
  label.textContent = text;
  box.appendChild(label);
  if (!item.classList.contains("entered") || record.state === "conflict") {
    const mine = document.createElement("span");
    mine.className = "offline-values";
    mine.textContent = " " + (record.state === "conflict" ? say(w.this_phone, pointsOf(record.totals)) : pair(record.totals));
    box.appendChild(mine);
  }
  if (record.state === "conflict") { // the server's mark of this very entry says it twice
    item.querySelectorAll(`.differing[data-totals="${(record.totals || []).join(" ")}"]`)
      .forEach((badge) => badge.remove());
  }
  if (record.state === "conflict" && record.stored) {
    const theirs = document.createElement("span");
    theirs.className = "offline-recorded";
    theirs.textContent = " · " + say(w.recorded, pointsOf(record.stored.totals));
    box.appendChild(theirs);
  }
  if (record.state === "pending" && !record.checked && w.unchecked) {
    const note = document.createElement("p");
    note.className = "muted offline-unchecked";
    note.textContent = w.unchecked;
    box.appendChild(note);
  }
}

function pointsOf(totals) {
  return totals ? { a: totals[0], b: totals[1] } : { a: "–", b: "–" };
}

async function showAll() {
  const latest = new Map();
  for (const record of await kept()) latest.set(record.number, record);
  latest.forEach(show);
  return latest;
}

function message(text, kind) {
  let box = document.getElementById("offline-message");
  if (!box) {
    box = document.createElement("p");
    box.id = "offline-message";
    box.setAttribute("role", kind === "error" ? "alert" : "status");
    form.parentNode.insertBefore(box, form);
  }
  box.className = `alert ${kind === "error" ? "error engine-error" : "warning"}`;
  box.textContent = text;
}

/* --- the engine in the page ------------------------------------------------------------- */

let asked = 0;
const answers = new Map();

async function judge(entry) {
  if (!engine || !data || !data.rules) return null;
  const id = ++asked;
  const answer = new Promise((resolve) => answers.set(id, resolve));
  engine.postMessage({ id, entry, rules: data.rules, catalogue: data.catalogue });
  return answer;
}

async function previewOffline() {
  const verdict = await judge(entryOf());
  const preview = document.getElementById("preview");
  if (!verdict || !preview) return;
  preview.innerHTML = "";
  const line = document.createElement("p");
  line.className = verdict.ok ? "offline-preview" : "alert error";
  if (!verdict.ok) line.setAttribute("role", "alert");
  line.textContent = verdict.ok ? pair(verdict.totals) : verdict.message;
  preview.appendChild(line);
}

/* Start the engine; the promise settles once it runs or cannot. */
function startEngine() {
  let settle;
  const settled = new Promise((resolve) => { settle = resolve; });
  // in a worker (engine_worker.mjs): Pyodide's start would freeze the form for seconds
  const worker = new Worker(new URL("engine_worker.mjs", import.meta.url), { type: "module" });
  worker.postMessage({
    pyodide: new URL(config.dataset.pyodide, location.href).href,
    engine: new URL(config.dataset.engine, location.href).href,
  });
  worker.onmessage = ({ data: message }) => {
    if (message.ready) {
      engine = worker;
      engineState = "ready";
    } else if (message.failed) {
      console.warn("The engine cannot run on this phone:", message.failed);
      engineState = "failed";
    } else {
      answers.get(message.id)(message.verdict);
      answers.delete(message.id);
      return;
    }
    document.body.dataset.engine = engineState;
    settle();
  };
  worker.onerror = () => {
    engineState = "failed";
    document.body.dataset.engine = engineState;
    settle();
  };
  return settled;
}

/* --- saving and sending ----------------------------------------------------------------- */

async function saved(event) {
  // a game the page cannot judge (scored per player or by placings) keeps the form as it was
  if (!event.submitter || event.submitter.name !== "save" || !data || !data.rules) return;
  event.preventDefault();
  // As the connection was when the captain saved: it may return while the engine judges, and a
  // hand typed offline then goes with the queue, not through a form sent from a page in between
  const online = navigator.onLine && reachable;
  const number = parseInt(new FormData(form).get("number"), 10);
  const entry = entryOf();
  const verdict = await judge(entry);
  if (verdict && !verdict.ok) {
    message(verdict.message, "error");
    return;
  }
  const record = {
    key: newKey(number), code, table: data.table, number, entry,
    typed_at: new Date().toISOString(), state: "pending", checked: Boolean(verdict),
    totals: verdict ? verdict.totals : entry.card_points,
  };
  await keep(record);
  if (online) { // the page's form as before; what it kept is confirmed by the sync
    sessionStorage.setItem(SUBMITTED, record.key);
    form.submit();
    return;
  }
  typing = false;
  message(say(words().kept, { n: number }), "warning");
  form.reset();
  await nextNumber(await showAll());
  sync();
}

async function nextNumber(latest) {
  const select = form && form.querySelector("select[name=number]");
  if (!select) return;
  const taken = (n) => latest.has(n) || document.querySelector(`#hands li.entered[data-hand="${n}"]`);
  const free = [...select.options].find((option) => !taken(parseInt(option.value, 10)));
  if (free) select.value = free.value;
}

/* One kept hand to the server: "answered" (stored, or refused: its state says which), "busy"
   (429 or 5xx: the server asks to be tried later) or "unreachable" (no answer at all). */
async function send(record) {
  const response = await fetch(`/api/tables/${record.table}/hands/${record.number}/`, {
    method: "PUT",
    credentials: "omit", // the table's code is the key (an organizer's session would need CSRF)
    headers: {
      "Content-Type": "application/json",
      "X-Table-Code": code,
      "Idempotency-Key": record.key,
      "Accept-Language": document.documentElement.lang,
    },
    body: JSON.stringify({ ...record.entry, typed_at: record.typed_at }),
  });
  if (response.status === 429 || response.status >= 500) {
    console.warn(`Hand ${record.number}: the server answered ${response.status}; sent again soon.`);
    return "busy";
  }
  const body = await response.json().catch(() => ({}));
  if (response.ok) {
    record.state = "sent";
    record.totals = body.totals || record.totals;
  } else if (body.code === "hand_conflict") {
    record.state = "conflict";
    record.reason = body.detail;
    record.stored = body.stored;
  } else {
    record.state = "refused";
    record.reason = body.detail || String(response.status);
  }
  await update(record);
  return "answered";
}

/* One round: every kept hand not sent yet, one after another (a hand kept meanwhile too), then
   the table's state; the next round is planned by how it went. */
async function sync() {
  if (!data) return;
  if (syncing) {
    again = true;
    return;
  }
  syncing = true;
  let outcome = "answered";
  let arrived = false;
  try {
    const tried = new Set();
    for (;;) {
      const record = (await kept()).find((r) => r.state === "pending" && !tried.has(r.key));
      if (!record) break;
      tried.add(record.key);
      outcome = await send(record).catch(() => "unreachable"); // no connection: all stay kept
      if (outcome !== "answered") break;
      const shown = document.querySelector(`#hands li.entered[data-hand="${record.number}"]`);
      if (record.state === "sent" && !shown) arrived = true;
    }
    // The first round of a page asks for the table's state only if it sent something: the page
    // shows that state (and a copy from the service worker is followed a round later), and a
    // page view makes one request less while the captain may be saving a hand.
    const first = rounds++ === 0 && tried.size === 0;
    if (outcome === "answered" && !first) {
      try {
        arrived = (await follow()) || arrived;
      } catch (error) {
        outcome = "unreachable";
      }
    }
  } finally {
    syncing = false;
  }
  reachable = outcome !== "unreachable";
  document.body.dataset.server = reachable ? "reachable" : "unreachable";
  const latest = await showAll();
  if (![...latest.values()].some((record) => record.state === "pending")) {
    // "kept on this phone" no longer holds: each hand shows what became of it
    const kept = document.querySelector("#offline-message.warning");
    if (kept) kept.remove();
  }
  if (arrived && !typing) {
    location.reload(); // the server's page: the hands, the standings
    return;
  }
  if (outcome === "answered") {
    retryIn = RETRY_FIRST;
    plan(again ? 0 : SYNC_EVERY);
  } else {
    plan(retryIn);
    retryIn = Math.min(retryIn * 2, SYNC_EVERY);
  }
  again = false;
}

function plan(delay) {
  clearTimeout(timer);
  timer = setTimeout(sync, delay);
}

/* The table as the server holds it now (views.offline.table_state): another phone's different
   entry for a recorded hand is marked on it; a refused hand of this phone follows what the
   organizer decided. True when the page should be loaded again to show the recorded hands: a
   hand recorded that this page shows as missing, or a difference the organizer settled. */
async function follow() {
  const response = await fetch(config.dataset.state, { cache: "no-store" });
  if (!response.ok) return false;
  const state = await response.json();
  const before = new Set([...document.querySelectorAll("#hands .differing")]
    .map((badge) => badge.closest("li").dataset.hand));
  const now = new Set(state.differing.map((row) => String(row.number)));
  for (const record of await kept()) {
    const recorded = state.hands[String(record.number)];
    if (record.state !== "conflict" || !recorded) continue;
    if (recorded.join() === (record.totals || []).join()) record.state = "sent"; // taken over
    else record.stored = { ...(record.stored || {}), totals: recorded };
    await update(record);
  }
  showDiffering(state.differing);
  const recordedElsewhere = Object.keys(state.hands) // by another phone, or the organizer
    .some((number) => document.querySelector(`#hands li[data-hand="${number}"]:not(.entered)`));
  return recordedElsewhere || [...before].some((number) => !now.has(number)); // or settled
}

function showDiffering(rows) {
  document.querySelectorAll("#hands .differing").forEach((badge) => badge.remove());
  for (const row of rows) {
    const item = document.querySelector(`#hands li.entered[data-hand="${row.number}"]`);
    if (!item) continue;
    const badge = document.createElement("span");
    badge.className = "badge err differing";
    badge.dataset.totals = row.totals.join(" ");
    badge.textContent = say(words().differing, pointsOf(row.totals));
    item.appendChild(badge);
  }
}

/* --- start ------------------------------------------------------------------------------ */

async function forgetRefusedSubmit() {
  // The form came back with the server's refusal: it shows why, and the entry is in the form.
  const key = sessionStorage.getItem(SUBMITTED);
  if (key && form && form.dataset.refused !== undefined) {
    sessionStorage.removeItem(SUBMITTED);
    await (await database).delete("entries", key);
  }
}

async function keptMessage() {
  // the form could not reach the server (the service worker brought this page back from its
  // copy): the hand saved is still on this phone, and the captain is told so
  const key = sessionStorage.getItem(SUBMITTED);
  sessionStorage.removeItem(SUBMITTED);
  const record = key && (await (await database).get("entries", key));
  if (record && record.state === "pending") message(say(words().kept, { n: record.number }), "warning");
}

/* The service worker, registered twice: for the captain's pages (/t/), and for the folder of
   the engine's worker script. A dedicated worker is served by the service worker whose scope
   holds the worker's own address, not the page's: without the second, the engine's worker
   would fetch Pyodide from the network, and not start on a page reopened while the server
   cannot be reached. True once both are active (then the engine's worker, started after, is
   served by it: its files are fetched once, into the cache); false without them. */
async function registerWorkers() {
  if (!("serviceWorker" in navigator)) return false;
  try {
    await navigator.serviceWorker.register(config.dataset.worker, { scope: "/t/" });
    const folder = new URL(".", import.meta.url).pathname;
    const forEngine = await navigator.serviceWorker.register(config.dataset.worker, { scope: folder });
    await Promise.all([navigator.serviceWorker.ready, activated(forEngine)]);
    return true;
  } catch (error) {
    console.warn("The page could not be kept for offline use:", error);
    return false;
  }
}

function activated(registration) {
  const worker = registration.active ? null : registration.installing || registration.waiting;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated" || worker.state === "redundant") resolve();
    });
    setTimeout(resolve, 10000); // never hold the engine back for long
  });
}

/* The page, its files and its catalogue into the service worker's caches; the engine's files
   once the engine has started (it fetched them through the service worker: nothing is
   downloaded twice), or failed to. */
async function keepForOffline(engineDone) {
  try {
    const files = [...document.querySelectorAll("script[src], link[rel=stylesheet]")]
      .map((element) => element.src || element.href)
      .concat([import.meta.url, new URL("engine.mjs", import.meta.url).href,
        new URL("engine_worker.mjs", import.meta.url).href,
        new URL("../../vendor/idb/index.js", import.meta.url).href]);
    const missing = async (cache, url) => (await cache.match(url)) || cache.add(url);
    // Only what is missing: once the service worker serves the page, each view renews its copy
    // and the catalogue's on the way (sw.js), and fetching them again would cost the server a
    // page for every view
    const pages = await caches.open("tichu-captain-pages");
    await Promise.all([location.pathname, config.dataset.offline].map((url) => missing(pages, url)));
    const statics = await caches.open("tichu-captain-static");
    const engineFiles = await caches.open("tichu-captain-engine");
    await Promise.all(files.map((url) => missing(statics, url)));
    await engineDone;
    await Promise.all(config.dataset.assets.split(" ").map((url) => missing(engineFiles, url)));
    document.body.dataset.offlineReady = "yes";
  } catch (error) {
    console.warn("The page could not be kept for offline use:", error);
    document.body.dataset.offlineReady = "no";
  }
}

async function start() {
  if (!config) return;
  try {
    data = await (await fetch(config.dataset.offline)).json();
  } catch (error) {
    data = null;
  }
  await forgetRefusedSubmit();
  if (form) {
    form.addEventListener("submit", saved);
    form.addEventListener("input", () => {
      typing = true;
      if (!navigator.onLine || !reachable) previewOffline();
    });
    document.body.addEventListener("htmx:sendError", previewOffline);
  }
  const latest = await showAll();
  if ([...latest.values()].some((record) => record.state === "pending")) await nextNumber(latest);
  window.addEventListener("online", () => {
    retryIn = RETRY_FIRST; // the network may take a moment to carry again: try soon, not in 30 s
    sync();
  });
  document.body.dataset.offline = "started";
  await sync();
  await keptMessage();
  const later = async () => {
    const online = navigator.onLine;
    const registered = await registerWorkers();
    let engineDone = Promise.resolve();
    if (data && data.rules) engineDone = startEngine();
    else document.body.dataset.engine = engineState = "failed";
    if (registered && online) await keepForOffline(engineDone);
    else if (online) document.body.dataset.offlineReady = "no";
  };
  if (document.readyState === "complete") setTimeout(later, 0);
  else window.addEventListener("load", () => setTimeout(later, 0));
}

start();
