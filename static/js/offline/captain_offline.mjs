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
   - The opponents' confirmation the same way: while the server cannot be reached (or its own
     page cannot: the service worker brings back this page with ?confirm=N), the opponents read
     the hand here and type their code, which is kept on the phone with an idempotency key and
     the points they read, and sent after the hand (the server checks the code then, and
     refuses a hand recorded with other points: ``hand_changed``); it shows the same states.
   - The round clock counts on from its last known end while the server is away, and says when
     it last heard from it (static/js/clock.js); each round brings the server's count.
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
// did the last round reach the server? ("online" alone says little); a copy of the page was
// shown because it could not (sw.js marks it)
let reachable = document.body.dataset.pageCopy === undefined;
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
    kept: "Hand %(n)s is kept on this phone.", unchecked: "", unchecked_loading: "",
    this_phone: "this phone: %(a)s : %(b)s",
    recorded: "recorded: %(a)s : %(b)s",
    differing: "another phone sent %(a)s : %(b)s: the organizer decides",
    confirmation: "opponents' confirmation: %(state)s", confirm: "Opponents: confirm",
    confirm_help: "", code: "Opponents' code", confirm_button: "Confirm the hand",
    cancel: "Cancel", confirm_kept: "The opponents' confirmation of hand %(n)s is kept on this phone.",
    code_missing: "Type the opponents' code from the table sheet.",
  };
}

const CONFIRMATION = "confirmation"; // a kept record's kind; a hand's record has none

function isHand(record) {
  return !record.kind;
}

function newKey(number) {
  const random = self.crypto && crypto.randomUUID ? crypto.randomUUID()
    : Date.now().toString(36) + Math.random().toString(36).slice(2);
  return `${code}:${number}:${random}`;
}

/* The entry as the API takes it, from the form as the captain filled it in (the server's
   HandForm.entry, or PlacingForm's, reads the same fields): the engine judges it, here and on
   the server. Null for a finish order that is no list of seat numbers (the form says so). */
function entryOf() {
  const fields = new FormData(form);
  if (data.placings) {
    const parts = String(fields.get("finish_order") || "").replace(/ /g, "").split(",").filter(Boolean);
    if (!parts.every((part) => /^-?\d+$/.test(part))) return null;
    return { finish_order: parts.map((part) => parseInt(part, 10) - 1) };
  }
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

/* A duplicate board's passes chosen on the form ("pass_<giver>_<receiver>"), as the API takes
   them beside the entry: each seat that gave any, with what it gave to whom; null if none. The
   server's engine checks them against the board's cards when the hand is sent. */
function passesOf() {
  const passes = {};
  for (const [name, card] of new FormData(form)) {
    const seats = /^pass_(\d)_(\d)$/.exec(name);
    if (!seats || !card) continue;
    (passes[seats[1]] = passes[seats[1]] || {})[seats[2]] = card;
  }
  return Object.keys(passes).length ? passes : null;
}

async function kept() {
  const records = await (await database).getAllFromIndex("entries", "code", code);
  return records.sort((x, y) => x.typed_at.localeCompare(y.typed_at));
}

async function keep(record) {
  const db = await database;
  const transaction = db.transaction("entries", "readwrite");
  for (const old of await transaction.store.index("code").getAll(code)) {
    if (old.number === record.number && old.kind === record.kind && old.state !== "sent") {
      await transaction.store.delete(old.key);
    }
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
  const badge = BADGES[record.state];
  const text = stateText(record);
  box.innerHTML = "";
  const label = document.createElement("span");
  label.className = `badge ${badge} offline-badge`;
  label.textContent = text;
  box.appendChild(label);
  if (!item.classList.contains("entered") || record.state === "conflict") {
    const mine = document.createElement("span");
    mine.className = "offline-values";
    mine.textContent = " " + (record.state === "conflict" ? say(w.this_phone, pointsOf(record.totals))
      : record.summary || pair(record.totals));
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
  // kept without the engine's verdict: it could not run here, or had not started yet
  const unchecked = record.engine === "loading" ? w.unchecked_loading : w.unchecked;
  if (record.state === "pending" && !record.checked && unchecked) {
    const note = document.createElement("p");
    note.className = "muted offline-unchecked";
    note.textContent = unchecked;
    box.appendChild(note);
  }
}

const BADGES = { pending: "warn", sent: "ok", refused: "err", conflict: "err" };

function stateText(record) {
  const w = words();
  return record.state === "pending" ? w.pending : record.state === "sent" ? w.sent
    : say(w.refused, { reason: record.reason });
}

/* A kept confirmation's state, below its hand (the same states as a hand's). */
function showConfirmation(record) {
  const item = itemOf(record.number);
  let box = item.querySelector(".offline-confirmation");
  if (!box) {
    box = document.createElement("div");
    box.className = "offline-confirmation";
    item.appendChild(box);
  }
  item.dataset.confirmationState = record.state;
  // confirmed here already: the link to confirm it again only once it was refused
  const link = item.querySelector("a.confirm");
  if (link) link.style.display = record.state === "refused" ? "" : "none"; // a button: [hidden] loses
  box.innerHTML = "";
  const label = document.createElement("span");
  label.className = `badge ${BADGES[record.state]} confirmation-badge`;
  label.textContent = say(words().confirmation, { state: stateText(record) });
  box.appendChild(label);
}

/* A hand kept on this phone, not recorded yet, may be confirmed here too (the button). */
function offerConfirmation(record, confirmations) {
  const item = itemOf(record.number);
  const mine = confirmations.get(record.number);
  const offered = record.state === "pending" && !item.classList.contains("entered")
    && (!mine || mine.state === "refused");
  let button = item.querySelector(".offline-confirm-button");
  if (!offered) {
    if (button) button.remove();
    return;
  }
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "small secondary offline-confirm-button";
    button.addEventListener("click", () => openConfirm(record.number));
    item.querySelector(".offline-state").appendChild(button);
  }
  button.textContent = words().confirm;
}

function pointsOf(totals) {
  return totals ? { a: totals[0], b: totals[1] } : { a: "–", b: "–" };
}

/* Every kept hand and confirmation shown; the latest kept hand by number. */
async function showAll() {
  const latest = new Map();
  const confirmations = new Map();
  for (const record of await kept()) (isHand(record) ? latest : confirmations).set(record.number, record);
  latest.forEach(show);
  confirmations.forEach(showConfirmation);
  latest.forEach((record) => offerConfirmation(record, confirmations));
  return latest;
}

/* The page's word on what the captain just did. It stands above the form, and a phone's captain
   saves from the button at the form's foot (kept in view at the screen's bottom): the box is
   brought into view, or the refusal or "kept" would be off-screen, read by screen readers only. */
function message(text, kind) {
  let box = document.getElementById("offline-message");
  if (!box) {
    box = document.createElement("p");
    box.id = "offline-message";
    if (form) form.parentNode.insertBefore(box, form);
    else document.getElementById("hands").after(box); // a closed table's page: no form
  }
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.className = `alert ${kind === "error" ? "error engine-error" : "warning"}`;
  box.textContent = text;
  box.scrollIntoView({ block: "nearest" });
}

/* --- the engine in the page ------------------------------------------------------------- */

let asked = 0;
const answers = new Map();

/* The engine's verdict on hand ``number``'s entry, worded with the names of that hand's seats
   (a game that seats its players anew each hand names them by their part in it). */
async function judge(entry, number) {
  if (!engine || !data || !data.rules) return null;
  if (entry === null) return { ok: false, message: words().order_invalid };
  const id = ++asked;
  const answer = new Promise((resolve) => answers.set(id, resolve));
  const catalogue = { ...data.catalogue, ...((data.hands || {})[String(number)] || {}) };
  engine.postMessage({ id, entry, rules: data.rules, catalogue, setting: data.setting || {} });
  return answer;
}

/* What an accepted entry comes to, in a line: the teams' points, or each player's placing
   points in the finish order. */
function summaryOf(verdict) {
  if (!verdict.order) return pair(verdict.totals);
  const seats = data.catalogue.seats;
  return verdict.order.map((seat) => `${seats[String(seat)] || seat + 1}: ${verdict.points[seat]}`).join(" · ");
}

function formNumber() {
  return parseInt(new FormData(form).get("number"), 10);
}

async function previewOffline() {
  const verdict = await judge(entryOf(), formNumber());
  const preview = document.getElementById("preview");
  if (!verdict || !preview) return;
  preview.innerHTML = "";
  const line = document.createElement("p");
  line.className = verdict.ok ? "offline-preview" : "alert error";
  if (!verdict.ok) line.setAttribute("role", "alert");
  line.textContent = verdict.ok ? summaryOf(verdict) : verdict.message;
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
  // without the table's catalogue (never fetched) the form goes to the server as it was
  if (!event.submitter || event.submitter.name !== "save" || !data) return;
  event.preventDefault();
  // As the connection was when the captain saved: it may return while the engine judges, and a
  // hand typed offline then goes with the queue, not through a form sent from a page in between
  const online = navigator.onLine && reachable;
  const number = formNumber();
  const entry = entryOf();
  const verdict = await judge(entry, number);
  if ((verdict && !verdict.ok) || entry === null) {
    message(verdict ? verdict.message : words().order_invalid, "error");
    return;
  }
  const record = {
    key: newKey(number), code, table: data.table, number, entry,
    typed_at: new Date().toISOString(), state: "pending", checked: Boolean(verdict),
    viaForm: online, engine: engineState, passes: passesOf(),
    totals: verdict ? verdict.totals : entry.card_points,
    summary: verdict && verdict.order ? summaryOf(verdict) : undefined,
  };
  await keep(record);
  // Online the page's form sends it, as before, and the sync leaves it alone until the form's
  // answer is shown (``releaseFormHands``): a round of the sync under way meanwhile sending it
  // too made the form answer "already recorded" to a captain who saved once.
  if (online) {
    sessionStorage.setItem(SUBMITTED, record.key);
    form.submit();
    return;
  }
  const next = await nextPage();
  if (next) { // a form of one hand: the next hand's page, kept by the service worker
    sessionStorage.setItem(SUBMITTED, record.key);
    location.assign(next);
    return;
  }
  typing = false;
  message(say(words().kept, { n: number }), "warning");
  form.reset();
  document.getElementById("preview")?.replaceChildren(); // the kept hand's preview: not the next's
  await nextNumber(await showAll());
  sync();
}

/* Where the form is one hand's (its seats named by their part in it), the page of the next
   hand neither recorded nor kept; null where none is left, or the form is not one hand's. */
async function nextPage() {
  if (!data || !data.pages || !data.pages.length) return null;
  const held = new Set((await kept()).filter(isHand).map((record) => record.number));
  const index = data.numbers.findIndex((n) => !held.has(n)
    && !document.querySelector(`#hands li.entered[data-hand="${n}"]`));
  return index === -1 ? null : data.pages[index];
}

async function nextNumber(latest) {
  const select = form && form.querySelector("select[name=number]");
  if (!select) return;
  const taken = (n) => latest.has(n) || document.querySelector(`#hands li.entered[data-hand="${n}"]`);
  const free = [...select.options].find((option) => !taken(parseInt(option.value, 10)));
  if (free) select.value = free.value;
}

/* One kept record to the API (the table's code is the key: no session, so no CSRF). */
function request(record, path, method, body) {
  return fetch(`/api/tables/${record.table}/hands/${record.number}/${path}`, {
    method,
    credentials: "omit",
    headers: {
      "Content-Type": "application/json",
      "X-Table-Code": code,
      "Idempotency-Key": record.key,
      "Accept-Language": document.documentElement.lang,
    },
    body: JSON.stringify(body),
  });
}

function busy(record, response) {
  if (response.status !== 429 && response.status < 500) return false;
  console.warn(`Hand ${record.number}: the server answered ${response.status}; sent again soon.`);
  return true;
}

/* One kept hand or confirmation to the server: "answered" (stored, or refused: its state says
   which), "busy" (429 or 5xx: the server asks to be tried later) or "unreachable" (no answer at
   all). */
async function send(record) {
  if (!isHand(record)) return sendConfirmation(record);
  const passes = record.passes ? { passes: record.passes } : {};
  const response = await request(record, "", "PUT", { ...record.entry, typed_at: record.typed_at, ...passes });
  if (busy(record, response)) return "busy";
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

/* The opponents' confirmation, after its hand (kept records go oldest first): the code they
   typed, and the points they read where this phone knows them (a hand recorded otherwise
   meanwhile is refused, never confirmed unseen). The code is not kept once answered. */
async function sendConfirmation(record) {
  const body = { code: record.opponents_code };
  if (record.totals) body.totals = record.totals;
  const response = await request(record, "confirm/", "POST", body);
  if (busy(record, response)) return "busy";
  const answer = await response.json().catch(() => ({}));
  record.state = response.ok ? "sent" : "refused";
  if (!response.ok) record.reason = answer.detail || String(response.status);
  delete record.opponents_code;
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
  const opening = rounds === 0;
  let outcome = "answered";
  let arrived = false;
  try {
    const tried = new Set();
    for (;;) {
      const record = (await kept())
        .find((r) => r.state === "pending" && !r.viaForm && !tried.has(r.key));
      if (!record) break;
      tried.add(record.key);
      outcome = await send(record).catch(() => "unreachable"); // no connection: all stay kept
      if (outcome !== "answered") break;
      const shown = document.querySelector(isHand(record)
        ? `#hands li.entered[data-hand="${record.number}"]`
        : `#hands li[data-hand="${record.number}"][data-confirmed]`);
      if (record.state === "sent" && !shown) arrived = true;
    }
    // The first round of a page asks for the table's state only if it sent something: the page
    // shows that state (and a copy from the service worker is followed a round later), and a
    // page view makes one request less while the captain may be saving a hand.
    // (A copy of the page, shown because the server could not be reached, asks at once.)
    const first = rounds++ === 0 && tried.size === 0 && document.body.dataset.pageCopy === undefined;
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
  if (!(await kept()).some((record) => record.state === "pending")) {
    // "kept on this phone" no longer holds: each hand shows what became of it
    const kept = document.querySelector("#offline-message.warning");
    if (kept) kept.remove();
  }
  if (arrived && !typing) {
    location.reload(); // the server's page: the hands, the standings
    return;
  }
  await submittedMessage(opening);
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
    if (!isHand(record) || record.state !== "conflict" || !recorded) continue;
    if (recorded.join() === (record.totals || []).join()) record.state = "sent"; // taken over
    else record.stored = { ...(record.stored || {}), totals: recorded };
    await update(record);
  }
  showDiffering(state.differing);
  const clockChanged = followClock(state.clock);
  const confirmedElsewhere = state.confirmed
    .some((number) => document.querySelector(`#hands li.entered[data-hand="${number}"]:not([data-confirmed])`));
  const recordedElsewhere = Object.keys(state.hands) // by another phone, or the organizer
    .some((number) => document.querySelector(`#hands li[data-hand="${number}"]:not(.entered)`));
  return recordedElsewhere || confirmedElsewhere || clockChanged
    || [...before].some((number) => !now.has(number)); // or settled
}

/* The server's count of the round clock, for the page's clock (static/js/clock.js counts on
   from it); true when the page should be loaded again: the clock started since the page was
   shown (on a page with the hand form: the page shows the clock only beside it, so a table whose
   hands are all in never reloads for it), gone, paused, resumed or over. */
function followClock(clock) {
  const shown = document.getElementById("clock");
  if (!shown) return Boolean(clock) && Boolean(form);
  if (!clock) return true;
  if (shown.dataset.clockState !== clock.state) return true;
  shown.dataset.clockSeconds = String(clock.seconds_left);
  shown.dataset.clockRendered = String(clock.rendered);
  return false;
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

/* --- the opponents' confirmation without the server ------------------------------------- */

function serverAway() {
  return !navigator.onLine || !reachable;
}

/* What the opponents read of hand ``number``: a recorded hand's line as the page shows it, or
   the hand kept on this phone (the engine's points and the calls typed); and the points. */
async function handRead(number) {
  const item = itemOf(number);
  if (item.classList.contains("entered")) {
    const what = item.querySelector(".what").cloneNode(true);
    what.querySelectorAll(".badge, .offline-state").forEach((badge) => badge.remove());
    const totals = (item.dataset.totals || "").split(" ").map(Number);
    return { text: what.textContent.replace(/\s+/g, " ").trim(), totals: totals.length === 2 ? totals : null };
  }
  const record = [...(await kept())].reverse().find((r) => isHand(r) && r.number === number);
  if (!record) return null;
  const catalogue = data ? data.catalogue : { seats: {}, calls: {} };
  const calls = Object.entries(record.entry.calls || {})
    .map(([seat, call]) => `${catalogue.seats[seat] || seat}: ${catalogue.calls[call] || call}`);
  const text = [item.querySelector("strong").textContent, record.summary || pair(record.totals), ...calls].join(" · ");
  return { text, totals: record.checked && record.totals && record.totals.length === 2 ? record.totals : null };
}

/* The opponents read hand ``number`` and type their code; kept on this phone, sent after. */
async function openConfirm(number) {
  const read = await handRead(number);
  if (!read) return;
  const w = words();
  document.getElementById("offline-confirm")?.remove();
  const panel = document.createElement("section");
  panel.id = "offline-confirm";
  panel.className = "card";
  panel.dataset.hand = String(number);
  panel.innerHTML = `<h2></h2><p class="offline-confirm-hand"></p><p class="helptext"></p>
    <label for="offline-confirm-code"></label>
    <input type="text" id="offline-confirm-code" autocomplete="off" autocapitalize="characters" spellcheck="false" size="8">
    <p class="errorlist" hidden></p>
    <div class="actions"><button type="button" class="confirm-now"></button>
    <button type="button" class="secondary cancel"></button></div>`;
  panel.querySelector("h2").textContent = w.confirm;
  panel.querySelector(".offline-confirm-hand").textContent = read.text;
  panel.querySelector(".helptext").textContent = w.confirm_help;
  panel.querySelector("label").textContent = w.code;
  panel.querySelector(".confirm-now").textContent = w.confirm_button;
  panel.querySelector(".cancel").textContent = w.cancel;
  panel.querySelector(".cancel").addEventListener("click", () => panel.remove());
  panel.querySelector(".confirm-now").addEventListener("click", async () => {
    const typed = panel.querySelector("input").value.trim().toUpperCase();
    if (!typed) {
      const error = panel.querySelector(".errorlist");
      error.textContent = w.code_missing;
      error.hidden = false;
      return;
    }
    await keep({
      key: newKey(`${number}:${CONFIRMATION}`), kind: CONFIRMATION, code, table: data.table, number,
      opponents_code: typed, totals: read.totals, typed_at: new Date().toISOString(), state: "pending",
    });
    panel.remove();
    message(say(w.confirm_kept, { n: number }), "warning");
    await showAll();
    sync();
  });
  document.getElementById("hands").after(panel);
  panel.scrollIntoView({ block: "start" });
  panel.querySelector("input").focus();
}

/* A recorded hand's link to its confirmation page: here, while the server cannot be reached
   (its page would not open); and the page the service worker sent back here (?confirm=N). */
function confirmHere() {
  document.getElementById("hands").addEventListener("click", (event) => {
    const link = event.target.closest("a.confirm");
    if (!link || !serverAway() || !data) return;
    event.preventDefault();
    openConfirm(parseInt(link.closest("li").dataset.hand, 10));
  });
  const asked = new URLSearchParams(location.search).get("confirm");
  if (asked && data && /^\d+$/.test(asked)) {
    history.replaceState(null, "", location.pathname);
    openConfirm(parseInt(asked, 10));
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

/* The form's answer is this page (the server's, or the service worker's copy when the form
   could not reach it): the hands the form sent are the sync's again. The server's answer to it
   ("unchanged") confirms a hand the form recorded; a hand it never received is sent. */
async function releaseFormHands() {
  for (const record of await kept()) {
    if (!record.viaForm) continue;
    delete record.viaForm;
    await update(record);
  }
}

/* What became of the hand saved last. The server's answer to its form says it (a message tagged
   with the hand: ``start`` then forgets the hand). Where that answer never reached the page (the form timed out, or the server
   was too slow and the service worker showed its copy of the page, and the queue sent the hand
   since), the page says it: "kept on this phone" as it opens while the hand waits, and the
   server's own sentence once it has the hand; the key is kept until then, across pages. */
async function submittedMessage(opening) {
  const key = sessionStorage.getItem(SUBMITTED);
  const record = key && (await (await database).get("entries", key));
  if (record && record.state === "pending") {
    // Said as the page opens, not again each round: by then the box holds what the captain
    // did since (the engine's refusal of the next hand, or "hand N+1 kept"), which a round
    // repeating "hand N kept" replaced within seconds
    if (opening) message(say(words().kept, { n: record.number }), "warning");
    return;
  }
  sessionStorage.removeItem(SUBMITTED);
  if (!record || record.state !== "sent") return;
  const text = data && data.recorded && data.recorded[String(record.number)];
  if (!text) return;
  let list = document.querySelector("main .messages");
  if (!list) {
    list = document.createElement("ul");
    list.className = "messages";
    document.querySelector("main").prepend(list);
  }
  const item = document.createElement("li");
  item.className = "success hand-recorded";
  item.setAttribute("role", "status");
  item.textContent = text;
  list.append(item);
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
    const hands = data && data.pages ? data.pages : []; // a form of one hand: each hand's page
    await Promise.all([location.pathname, config.dataset.offline, ...hands].map((url) => missing(pages, url)));
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
  // This page is the server's answer to the hand saved (its message is tagged so): nothing is
  // left to say of that hand, here or on a page the captain opens before this one has synced
  if (document.querySelector(".messages .hand-recorded")) sessionStorage.removeItem(SUBMITTED);
  try {
    data = await (await fetch(config.dataset.offline)).json();
  } catch (error) {
    data = null;
  }
  await forgetRefusedSubmit();
  await releaseFormHands();
  if (form) {
    form.addEventListener("submit", saved);
    form.addEventListener("input", () => {
      typing = true;
      if (!navigator.onLine || !reachable) previewOffline();
    });
    document.body.addEventListener("htmx:sendError", previewOffline);
  }
  const latest = await showAll();
  if (form && latest.has(formNumber()) && latest.get(formNumber()).state === "pending") {
    // a form of one hand whose hand is kept already (a copy of the page): the next hand's form
    const next = await nextPage();
    if (next && next !== location.pathname + location.search) {
      location.replace(next);
      return;
    }
  }
  if ([...latest.values()].some((record) => record.state === "pending")) await nextNumber(latest);
  confirmHere();
  window.addEventListener("online", () => {
    retryIn = RETRY_FIRST; // the network may take a moment to carry again: try soon, not in 30 s
    sync();
  });
  document.body.dataset.offline = "started";
  await sync();
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
