// The game page: seats held by this tab, live view over server-sent events, acting by clicking.
// The board is the title's own (its script registers itself with BW.registerBoard) or the
// generic one; this page knows no game by name.
"use strict";

const GID = location.pathname.split("/").filter(Boolean).pop();
const G = { seat: null, data: null, selected: null, path: [], step: [], offered: [], stream: null, hotseat: true, shownVersion: -1,
  shownStamp: -1, board: GenericBoard, boardData: null, glossary: {}, streamError: false };

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = src;
    tag.onload = resolve;
    tag.onerror = () => reject(new Error("could not load " + src));
    document.head.append(tag);
  });
}

async function loadBoard(d) {
  // the title's board script and the data it needs beyond the view; the generic board otherwise
  const urls = d.board || {};
  if (urls.glossary) {  // names and effects in words (the title's glossary hook), for details
    const res = await BW.api(urls.glossary);
    if (res.ok) G.glossary = res.data.entries || {};
  }
  if (!urls.script) return;
  try { await loadScript(urls.script); } catch (e) { return; }
  const board = BW.boards[d.game];
  if (!board) return;
  if (urls.data) {
    const res = await BW.api(urls.data);
    if (!res.ok) return;  // without its data the title's board cannot draw: stay generic
    G.boardData = res.data;
  }
  G.board = board;
}

// a phone-sized page: boards draw their narrow layout (stacked, portrait), redrawn on a change
const NARROW = window.matchMedia("(max-width: 700px)");
NARROW.addEventListener("change", () => { if (G.data) render(G.data); });

function token(seat) { return seat === null ? null : BW.tokens(GID)[seat] || null; }
function heldSeats() { return Object.keys(BW.tokens(GID)).map(Number).sort((a, b) => a - b); }

function askName(label, initial) {
  // an inline form (no window.prompt): resolves with the name typed
  return new Promise(resolve => {
    const box = document.getElementById("namebox");
    const input = BW.el("input", { id: "name-input", maxlength: 40, value: initial || "", placeholder: "your name" });
    const done = ev => { ev.preventDefault(); const v = input.value.trim(); if (v) { box.hidden = true; resolve(v); } };
    box.replaceChildren(BW.el("form", { onsubmit: done }, BW.el("label", {}, label + " ", input), " ",
      BW.el("button", { class: "primary", type: "submit", id: "name-save" }, "OK")));
    box.hidden = false;
    input.focus();
  });
}

async function adoptLinkToken() {
  // An invitation (?invite=...): the person names themselves and gets the seat's own token.
  // A join link (?token=...): kept in this browser's storage. Either is dropped from the URL.
  const params = new URLSearchParams(location.search);
  const invite = params.get("invite");
  if (invite) {
    history.replaceState(null, "", location.pathname);
    const name = await askName("You are invited to this game. Your name:", BW.storageOk() ? localStorage.getItem("bw-my-name") : "");
    if (BW.storageOk()) localStorage.setItem("bw-my-name", name);
    const res = await BW.api(`/api/games/${GID}/join`, { method: "POST", body: { invite, name } });
    if (res.ok) { BW.saveToken(GID, res.data.seat, res.data.token); G.seat = res.data.seat; }
    else document.getElementById("fatal").textContent = "This invitation cannot be used: " + (res.data.reason || res.status);
    return;
  }
  const t = params.get("token");
  if (!t) return;
  history.replaceState(null, "", location.pathname);
  const res = await BW.api(`/api/games/${GID}`, { token: t });
  if (res.ok && res.data.seat !== null) { BW.saveToken(GID, res.data.seat, t); G.seat = res.data.seat; }
  else document.getElementById("fatal").textContent = "This join link is not valid for this game: " + (res.data.reason || res.status);
}

function seatName(s) {
  const d = G.data;
  const info = d && d.seats[s];
  const me = heldSeats().includes(s) ? " (you)" : "";
  if (info && info.name) return `${info.name} (seat ${s})${me}`;
  return `Seat ${s}${info && info.kind === "bot" ? " · bot " + info.bot : ""}${info && info.invited ? " · invited" : ""}${me}`;
}

// Readable names for ids in score tables: the glossary's, the board's, else the id with spaces.
function idName(id) {
  if (typeof id !== "string") return String(id);
  if (G.glossary[id]) return G.glossary[id].name;
  if (G.board.nameOf && G.data) {
    try { const n = G.board.nameOf(id, G.data.view, boardCtx(G.data)); if (n && n !== id) return n; } catch (e) { /* generic */ }
  }
  return id.replaceAll("_", " ");
}

// A card's (or any component's) details: the glossary's name and text, in the side panel.
function showDetail(id) {
  const e = G.glossary[id];
  const box = document.getElementById("detail");
  if (!e) { box.hidden = true; return; }
  box.replaceChildren(BW.el("button", { class: "close", onclick: () => { box.hidden = true; } }, "×"),
    BW.el("h3", {}, e.name), BW.el("p", {}, e.text));
  box.dataset.id = id;
  box.hidden = false;
}

function renderSeatTabs() {
  const tabs = document.getElementById("seat-tabs");
  const btn = (label, seat) => BW.el("button", { class: G.seat === seat ? "current" : "", "data-seat": seat === null ? "spectator" : seat,
    onclick: () => { G.seat = seat; G.hotseat = false; document.getElementById("hotseat").checked = false; connect(); } }, label);
  tabs.replaceChildren(BW.el("span", { class: "muted" }, "view as: "), ...heldSeats().map(s => btn(seatName(s).replace(" (you)", ""), s)), btn("Spectator", null));
}

function ruleLink(rule) {
  if (!rule) return null;
  return BW.el("a", { class: "rule", onclick: () => showRule(rule) }, rule);
}

async function showRule(rule) {
  const res = await BW.api(`/api/rules/${encodeURIComponent(G.data.game)}/${encodeURIComponent(rule)}`);
  document.getElementById("rule-title").textContent = res.ok ? `${rule}: ${res.data.title}` : rule;
  document.getElementById("rule-text").textContent = res.ok ? (res.data.text || "(no summary text)") : (res.data.reason || "not found");
  document.getElementById("rulebox").style.display = "block";
}

function groupActions(actions) {
  // invest:<card>:<n> (and any id:...:<number>) becomes one chooser with an amount
  const groups = new Map(), plain = [];
  for (const a of actions) {
    const m = a.id.match(/^(.*):(\d+)$/);
    if (m) {
      if (!groups.has(m[1])) groups.set(m[1], []);
      groups.get(m[1]).push({ n: Number(m[2]), a });
    } else plain.push(a);
  }
  // a bare "sell:<n>" is an amount only in a long run of them ("option:1", "option:2" are not)
  for (const [prefix, items] of groups) {
    if (!prefix.includes(":") && items.length < 4) { plain.push(...items.map(x => x.a)); groups.delete(prefix); }
  }
  return { groups, plain };
}

// one chooser only when the labels differ by nothing but that number ("Invest 3 in X"):
// the shared label, else null
function amountChooser(items) {
  const same = new Set(items.map(({ n, a }) => a.label.replace(new RegExp(`\\b${n}\\b`), "#")));
  return items.length === 1 || same.size !== 1 ? null : same;
}

function actionButtons(actions) {
  const { groups, plain } = groupActions(actions);
  const out = [];
  for (const [prefix, items] of groups) {
    const same = amountChooser(items);
    if (!same) { plain.push(...items.map(x => x.a)); continue; }
    const sel = BW.el("select", { "data-group": prefix },
      items.map(({ n, a }) => BW.el("option", { value: a.id }, String(n))));
    const label = [...same][0].replace("#", "").replace(/\s+/g, " ").trim();
    out.push(BW.el("div", {}, BW.el("button", { class: "act", "data-action": items[0].a.id,
      onclick: () => act(sel.value) }, label), " amount ", sel));
  }
  // the same label twice ("sell a card", once per card): the id's differing parts name them
  const seen = new Map();
  for (const a of plain) seen.set(a.label, (seen.get(a.label) || []).concat([a.id.split(":")]));
  const label = a => {
    const twins = seen.get(a.label);
    if (twins.length < 2) return a.label;
    const mine = a.id.split(":");
    const differ = mine.filter((x, i) => twins.some(t => t[i] !== x) && x !== "-");
    return `${a.label} (${differ.map(idName).join(", ")})`;
  };
  for (const a of plain) out.push(BW.el("button", { class: "act", "data-action": a.id, onclick: () => act(a.id) }, label(a)));
  return out;
}

// A long list never shows as a wall of buttons: past MAX_BUTTONS entries the actions are
// offered in steps (what, then which, then how much), grouped by their id's parts ("token:x1:2":
// token, then x1) or, where those give too many groups, by the board's groupOf (a region...).
// Only the legal actions are grouped: nothing is added or left out. G.step holds the groups
// opened so far; a board click or a new decision starts again from the top.
const MAX_BUTTONS = 12;

function entryCount(actions) {
  const { groups, plain } = groupActions(actions);
  let n = plain.length;
  for (const items of groups.values()) n += amountChooser(items) ? 1 : items.length;
  return n;
}

// the words the labels share at their start and their end: "add … to column I for 2 insight"
function commonLabel(actions) {
  const words = actions.map(a => a.label.split(/\s+/));
  const len = Math.min(...words.map(w => w.length));
  let pre = 0, suf = 0;
  while (pre < len && words.every(w => w[pre] === words[0][pre])) pre++;
  while (suf < len - pre && words.every(w => w[w.length - 1 - suf] === words[0][words[0].length - 1 - suf])) suf++;
  const head = words[0].slice(0, pre).join(" "), tail = suf ? words[0].slice(-suf).join(" ") : "";
  const same = words.every(w => w.length === pre);  // one label for all: nothing left out
  // a one-word start says little ("add …"): name the first few words that differ
  const differ = [...new Set(words.map(w => w[pre]).filter(x => x))];
  const some = pre <= 1 && differ.length > 1 ? differ.slice(0, 2).join(" / ") + (differ.length > 2 ? " / …" : "") : "";
  return head || tail ? { head: some ? `${head} ${some}`.trim() : head, tail, same, some } : null;
}

// "add … for 2 insight"; with the board's group: "Place an influence on region B …"
function stepLabel(actions, group) {
  const c = commonLabel(actions) || { head: "", tail: "" };
  return [c.head, group, c.same || c.some ? "" : "…", c.tail].filter(x => x).join(" ");
}

function stepGroups(actions, ctx) {
  const byKey = (keyOf) => {
    const m = new Map();
    for (const a of actions) {
      const k = keyOf(a);
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(a);
    }
    return m;
  };
  const most = Math.max(...actions.map(a => a.id.split(":").length));
  let groups = null;
  for (let d = 1; d <= most && !groups; d++) {
    const m = byKey(a => a.id.split(":").slice(0, d).join(":"));
    if (m.size > 1) groups = m;
  }
  // a choice of several parts ("box:a+b") goes part by part, as on the board
  if ((!groups || groups.size > MAX_BUTTONS) && actions.some(a => partsOf(a, ctx).length > 1)) {
    const m = byKey(a => "part:" + (partsOf(a, ctx)[0] ?? a.id));
    if (m.size > 1 && m.size <= MAX_BUTTONS) groups = m;
  }
  if ((!groups || groups.size > MAX_BUTTONS) && G.board.groupOf) {
    const m = byKey(a => { const g = G.board.groupOf(a, G.data.view, ctx); return g ? "group:" + g : "id:" + a.id; });
    if (m.size > 1 && m.size <= MAX_BUTTONS) groups = m;
  }
  if (!groups || groups.size > MAX_BUTTONS) return null;
  return [...groups].map(([key, acts]) => ({ key, actions: acts,
    label: key.startsWith("group:") ? stepLabel(acts, key.slice(6))
      : commonLabel(acts) ? stepLabel(acts, "") : key.split(":").pop().replaceAll("_", " ") }));
}

// The panel's entries for these actions: buttons when few, else the steps open so far and the
// groups of this step (a group of one action, or of one amount chooser, shows as itself).
function chooser(actions, ctx) {
  let level = actions;
  const opened = [];
  for (const key of G.step) {
    const g = (stepGroups(level, ctx) || []).find(x => x.key === key);
    if (!g) break;
    opened.push(g);
    level = g.actions;
  }
  G.step = opened.map(g => g.key);
  G.offered = level.map(a => a.id);
  const out = [];
  if (opened.length) {
    out.push(BW.el("p", { id: "step-path" }, BW.el("b", {}, opened[opened.length - 1].label + ": "),
      BW.el("button", { id: "step-back", onclick: () => { G.step.pop(); render(G.data); } }, "◀ back")));
  }
  const groups = entryCount(level) > MAX_BUTTONS ? stepGroups(level, ctx) : null;
  if (!groups) {
    if (entryCount(level) <= MAX_BUTTONS) out.push(...actionButtons(level));
    else out.push(listChooser(level));
    return out;
  }
  // groups of two or three open in place while the whole still fits (three columns to activate
  // beside one step for the 32 tokens)
  let shown = groups.length;
  const open = new Set();
  for (const g of [...groups].sort((a, b) => entryCount(a.actions) - entryCount(b.actions))) {
    const n = entryCount(g.actions);
    if (n > 1 && n <= 3 && shown - 1 + n <= MAX_BUTTONS) { open.add(g.key); shown += n - 1; }
  }
  for (const g of groups) {
    if (entryCount(g.actions) === 1 || open.has(g.key)) { out.push(...actionButtons(g.actions)); continue; }
    out.push(BW.el("button", { class: "step", "data-step": g.key, onclick: () => { G.step.push(g.key); render(G.data); } },
      g.label, BW.el("span", { class: "count" }, ` (${g.actions.length}) ▸`)));
  }
  return out;
}

// the last resort for a long list that has no steps: one drop-down list and a button
function listChooser(actions) {
  const sel = BW.el("select", { id: "action-list" }, actions.map(a => BW.el("option", { value: a.id }, a.label)));
  const go = BW.el("button", { class: "act", "data-action": actions[0].id, onclick: () => act(sel.value) }, "Do it");
  sel.addEventListener("change", () => { go.dataset.action = sel.value; });
  return BW.el("div", { class: "list-chooser" }, sel, " ", go);
}

// What an action acts on (a card, a site...): the board's targetOf, else the id's second part.
function targetOf(a, ctx) {
  if (G.board.targetOf) return G.board.targetOf(a, G.data.view, ctx);
  const p = a.id.split(":");
  return p.length > 1 ? p[1] : null;
}

// A multi-part choice names its parts joined by "+" ("box:a+b": return a and b): they are
// picked one at a time on the board (G.path), with a way back.
function partsOf(a, ctx) {
  const t = targetOf(a, ctx);
  return t === null || t === undefined ? [] : String(t).split("+");
}

function remaining(ctx) {
  return G.data.legal_actions.filter(a => { const p = partsOf(a, ctx); return G.path.every(x => p.includes(x)); });
}

function actionsFor(key, ctx) {
  return remaining(ctx).filter(a => partsOf(a, ctx).includes(key));
}

function fold(on) {
  G.folded = on;
  document.getElementById("decision-panel").classList.toggle("folded", on);
  document.getElementById("fold-btn").textContent = on ? "choices ▴" : "hide ▾";
}

function selectTarget(key) {
  if (G.path.includes(key)) return;  // picked already: "◀ back" takes it back
  G.step = [];
  fold(false);
  {
    const ctx = boardCtx(G.data);
    G.path = actionsFor(key, ctx).length ? [...G.path, key] : [key];
  }
  G.selected = G.path.length ? G.path[G.path.length - 1] : null;
  render(G.data);
}

function targetName(id, ctx) {
  if (G.board.nameOf) return G.board.nameOf(id, G.data.view, ctx);
  // a card's name from anywhere in the view (any object with this id and a name), else the id
  let found = null;
  const walk = v => {
    if (found || !v || typeof v !== "object") return;
    if (!Array.isArray(v) && v.id === id && typeof v.name === "string") { found = v.name; return; }
    for (const x of Object.values(v)) walk(x);
  };
  walk(G.data.view);
  return found || id;
}

function boardCtx(d) {
  const ctx = { actions: d.legal_actions, seat: d.seat, players: d.players, options: d.options || {},
    data: G.boardData, selected: G.selected, path: G.path.slice(), seatName, glossary: G.glossary, showDetail,
    standing: d.standing, narrow: NARROW.matches,
    select: key => selectTarget(key),
    actionFor: id => d.legal_actions.find(a => a.id === id) || null,
    choose: a => act(typeof a === "string" ? a : a.id),
    redraw: () => { if (G.data) render(G.data); },
    generic: view => GenericBoard.render(view, ctx) };
  ctx.actionsOn = key => actionsFor(key, ctx).filter(() => !G.path.includes(key));
  ctx.partsOf = a => partsOf(a, ctx);
  ctx.remaining = () => remaining(ctx);
  return ctx;
}

// An answer to this page's own request can arrive after the stream showed it or a newer version.
function renderAnswer(d) {
  if (G.data && d.seat === G.data.seat && (d.version < G.shownVersion
      || (d.version === G.shownVersion && d.stamp === G.shownStamp))) return;  // older, or shown already
  render(d);
}

function render(d) {
  if (G.data && G.data.seat !== d.seat) { G.path = []; G.selected = null; }
  if (!G.data || G.data.version !== d.version || G.data.seat !== d.seat) G.step = [];
  G.data = d;
  // picks survive updates that leave them meaningful (another seat moved meanwhile)
  if (G.path.length && !remaining(boardCtx(d)).length) { G.path = []; G.selected = null; }
  document.getElementById("title").textContent = `${d.title} · ${d.players === 1 ? "solo" : d.players + " players"}`;
  document.getElementById("hotseat-label").hidden = d.players === 1 || heldSeats().length < 2;
  const status = document.getElementById("status");
  status.textContent = d.over ? "· the game is over" + (d.outcome ? ": " + outcomeHeadline(d.outcome) : "")
    : d.ended ? "· the game was ended by its creator" : `· waiting for ${d.to_act.map(seatName).join(", ")}`;
  status.dataset.over = d.over || d.ended;
  document.getElementById("people").replaceChildren(...d.seats.map(x => BW.el("span", { class: "person", "data-seat": x.seat,
    style: `border-color:${BW.seatColor(x.seat)}` }, seatName(x.seat))));
  renderStanding(d);
  renderNotes(d);
  renderSeatTabs();
  // my seat has no name yet: ask for one (shown to everyone in the header, log and scores)
  const mine = d.seat === null ? null : d.seats[d.seat];
  if (mine && !mine.name && mine.kind === "human" && !G.asking) {
    G.asking = true;
    askName("Your name for this game:", BW.storageOk() ? localStorage.getItem("bw-my-name") : "").then(async name => {
      if (BW.storageOk()) localStorage.setItem("bw-my-name", name);
      const res = await BW.api(`/api/games/${GID}/name`, { method: "POST", token: token(d.seat), body: { name } });
      G.asking = false;
      if (res.ok) renderAnswer(res.data);
    });
  }
  const creator = BW.creatorToken(GID);
  const endBtn = document.getElementById("end-btn");
  endBtn.hidden = !creator || d.over || d.ended;
  // hot-seat: jump to a seat this tab holds that must act now
  if (G.hotseat && !d.over && !d.ended) {
    const mine = heldSeats().filter(s => d.to_act.includes(s));
    if (mine.length && !mine.includes(G.seat)) { G.seat = mine[0]; connect(); return; }
  }
  const ctx = boardCtx(d);
  const board = document.getElementById("board");
  board.replaceChildren(G.board.render(d.view, ctx));
  board.dataset.board = G.board === GenericBoard ? "generic" : d.game;
  // decision
  const dec = d.view.decision;
  const prompt = document.getElementById("prompt");
  if (d.over) prompt.replaceChildren("The game is over" + (d.outcome ? ": " + outcomeHeadline(d.outcome) : "."));
  else if (d.ended) prompt.replaceChildren("The game was ended by its creator.");
  else if (dec) prompt.replaceChildren(dec.prompt, " ", ruleLink(dec.rule));
  else if (d.seat === null) prompt.replaceChildren("Spectating: " + (d.to_act.length ? `waiting for ${d.to_act.map(seatName).join(", ")}` : ""));
  else prompt.replaceChildren(`Waiting for ${d.to_act.map(seatName).join(", ")}…`);
  const focus = document.getElementById("focus");
  const acts = document.getElementById("actions");
  const left = remaining(ctx);
  if (G.path.length && left.length) {
    const more = left.some(a => partsOf(a, ctx).length > G.path.length);
    const back = () => { G.path.pop(); G.step = []; G.selected = G.path[G.path.length - 1] || null; render(G.data); };
    focus.replaceChildren(BW.el("p", { id: "choice-path" }, BW.el("b", {}, (G.path.length > 1 ? "Chosen: " : "On ") +
      G.path.map(k => targetName(k, ctx)).join(" + ") + ": "),
      more ? BW.el("span", { class: "muted" }, left.length > 1 ? "pick the next one on the board, or choose below. " : "") : "",
      BW.el("button", { id: "path-back", onclick: back }, "◀ back"),
      BW.el("button", { onclick: () => { G.path = []; G.step = []; G.selected = null; render(G.data); } }, "show all actions")));
    acts.replaceChildren(...chooser(left, ctx));
  } else {
    G.selected = null; G.path = [];
    const hint = G.board.hint;
    focus.replaceChildren(d.legal_actions.length && hint ? BW.el("p", { class: "muted" }, hint) : "");
    acts.replaceChildren(...chooser(d.legal_actions, ctx));
  }
  const hintBtn = document.getElementById("hint-btn");
  hintBtn.hidden = !(d.hints && d.seat !== null && d.to_act.includes(d.seat)) || d.over || d.ended;
  if (G.hintFor !== d.version) document.getElementById("hint-box").replaceChildren();  // a new position
  const undo = document.getElementById("undo-btn");
  undo.hidden = !(d.allow_undo && d.seat !== null) || d.over || d.ended;  // a finished game is final
  undo.disabled = !d.can_undo;
  document.getElementById("undo-why").textContent = !undo.hidden && !d.can_undo ? d.undo_refused || "" : "";
  // log, newest last
  const log = document.getElementById("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 30;
  log.replaceChildren(...d.view.log.slice(-300).map(e => BW.el("div", {},
    BW.el("span", { class: "muted" }, `${(d.view.round_names || {})[e.round] || "r" + e.round} `),
    e.seat === null || e.seat === undefined ? "" : BW.el("b", { style: `color:${BW.seatColor(e.seat)}` }, `${(d.seats[e.seat] || {}).name || "seat " + e.seat} `),
    e.text, " ", ruleLink(e.rule), e.visible_to ? BW.el("span", { class: "muted" }, " (private)") : "")));
  if (atBottom || G.shownVersion < 0) log.scrollTop = log.scrollHeight;
  G.shownVersion = d.version;
  G.shownStamp = d.stamp;
  renderOutcome(d);
  renderTutor(d);
  Object.assign(document.body.dataset, { version: d.version, over: d.over, seat: d.seat === null ? "" : d.seat });
}

// A guided first game: a note beside the choices the first time each kind of decision is
// yours (the title's tutorial content, /api/tutorial), the intro above the board until read
// and the closing line at the end; "Got it" puts a note away. What was read is kept per
// game (common.js), so a reload does not repeat it.
function renderTutor(d) {
  const box = document.getElementById("tutor");
  const top = document.getElementById("tutor-intro");
  const T = G.tutor;
  if (!T) { box.hidden = true; top.hidden = true; return; }
  const read = key => { if (!T.seen.includes(key)) T.seen.push(key); BW.saveTutorialSeen(GID, T.seen); };
  const ended = d.over || d.ended;
  const dec = d.view.decision;
  const mine = dec && d.seat !== null && d.to_act.includes(d.seat) && !ended;
  if (mine && !T.seen.includes(dec.kind)) { read(dec.kind); T.showing = dec.kind; }
  if (T.showing && !(mine && dec.kind === T.showing)) T.showing = null;  // that decision is behind us
  // above the board: the intro, then (at the end) the closing line
  const banner = ended ? "(closing)" : "(intro)";
  if (T.seen.includes(banner)) top.hidden = true;
  else {
    top.replaceChildren(BW.el("button", { class: "tutor-close", onclick: () => { read(banner); renderTutor(G.data); } }, "Got it"),
      BW.el("h2", {}, ended ? "End of your guided game" : "A guided first game"),
      BW.el("p", {}, ended ? T.content.closing : T.content.intro));
    top.hidden = false;
  }
  // beside the choices: the decision met for the first time
  if (!T.showing) { box.hidden = true; box.replaceChildren(); box.dataset.kind = ""; return; }
  const k = T.content.kinds[T.showing];
  box.replaceChildren(BW.el("button", { class: "tutor-close", onclick: () => { T.showing = null; renderTutor(G.data); } }, "Got it"),
    BW.el("h3", {}, "New: " + (k ? k.title : dec.prompt)),
    BW.el("p", {}, k ? k.text : "A new kind of choice: its rule says how it works."),
    BW.el("p", { class: "tutor-rule" }, "Rule: ", ruleLink(dec.rule)));
  box.dataset.kind = T.showing;
  box.hidden = false;
}

async function loadTutor(d) {
  const seen = BW.tutorialSeen(GID);
  if (seen === null || d.seat === null) return;
  const res = await BW.api(`/api/tutorial/${encodeURIComponent(d.game)}`);
  if (res.ok) G.tutor = { content: res.data, seen, showing: null };
}

function renderStanding(d) {
  // the running score (when it depends on nothing hidden from this seat), by name
  const box = document.getElementById("standing");
  const sc = d.standing && d.standing.scores;
  if (!sc || d.over) { box.replaceChildren(); return; }
  box.replaceChildren(BW.el("b", {}, "Score: "), ...sc.map((v, s) => BW.el("span", { class: "score", "data-seat": s,
    style: `color:${BW.seatColor(s)}` }, `${(d.seats[s] || {}).name || "Seat " + s} ${Math.round(v * 100) / 100}`)));
}

function renderNotes(d) {
  const box = document.getElementById("notes");
  box.replaceChildren(...(d.notes || []).slice(-3).map(n => BW.el("div", { class: "note" }, n)));
}

function outcomeHeadline(o) {
  // one line for every outcome kind (engine/outcome.py)
  const reason = o.reason ? ` (${o.reason})` : "";
  const num = v => typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v);
  const seats = list => list.map(seatName).join(", ");
  const winners = o.winners || [];
  switch (o.kind) {
    case "cooperative":
      return (o.won ? "The team won" : o.won === false ? "The team lost" : "Not decided yet") + reason +
        (o.team_score === null || o.team_score === undefined ? "" : ` · team score ${num(o.team_score)}`);
    case "solo":
      return (o.won === true ? "Won" : o.won === false ? "Lost" : "Finished") + reason +
        (o.score === null || o.score === undefined ? "" : ` · score ${num(o.score)}`);
    case "semi-cooperative":
      return (o.goal_met ? "The shared goal was met" : o.goal_met === false ? "The shared goal failed" : "The shared goal is open") +
        reason + (winners.length ? ` · winner${winners.length > 1 ? "s" : ""}: ${seats(winners)}` : " · nobody wins");
    default:
      return winners.length > 1 ? `Shared victory: ${seats(winners)}` : winners.length ? `Winner: ${seats(winners)}` : "No winner";
  }
}

function breakdownList(b) {
  // a team's or solo player's breakdown: {name: value} as a small table
  if (!b || typeof b !== "object") return null;
  return BW.el("table", { class: "breakdown" }, Object.entries(b).map(([k, v]) =>
    BW.el("tr", {}, BW.el("th", {}, idName(k)), BW.el("td", {}, fmtValue(v)))));
}

// A breakdown value in words: lists by name ("Barracks, Granary"), {id: n} as "Name n"; never
// list positions or ids.
function fmtValue(v) {
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v)) return v.length ? v.map(x => x && typeof x === "object" ? fmtValue(x) : idName(x)).join(", ") : "—";
  if (typeof v === "object") return Object.entries(v).filter(([, x]) => x !== 0 && x !== false && x !== null)
    .map(([k, x]) => x === true ? idName(k) : `${idName(k)} ${typeof x === "object" ? fmtValue(x) : x}`).join(", ") || "—";
  if (typeof v === "number") return String(Math.round(v * 100) / 100);
  return idName(v);
}

function renderOutcome(d) {
  const panel = document.getElementById("outcome-panel");
  if (!d.over || !d.outcome) { panel.hidden = true; return; }
  panel.hidden = false;
  const o = d.outcome;
  const kind = o.kind || "competitive";
  const won = kind === "cooperative" || kind === "solo" ? (o.won === true ? "won" : o.won === false ? "lost" : "open")
    : kind === "semi-cooperative" && o.goal_met === false && !(o.winners || []).length ? "nobody" : "ranked";
  const out = [BW.el("p", { class: "outcome-headline " + won, id: "outcome-headline", "data-kind": kind, "data-result": won },
    outcomeHeadline(o))];
  if (kind === "cooperative" || kind === "solo") {
    if (kind === "cooperative") out.push(BW.el("p", {}, "Team: " + Array.from({ length: d.players }, (_, s) => seatName(s)).join(", ")));
    const b = breakdownList(o.breakdown);
    if (b) out.push(b);
  } else {
    const rows = [];
    const keys = o.breakdown && o.breakdown.length ? Object.keys(o.breakdown[0]) : [];
    rows.push(BW.el("tr", {}, BW.el("th", {}, "player"), BW.el("th", {}, "rank"), BW.el("th", {}, "score"), keys.map(k => BW.el("th", {}, idName(k)))));
    const order = o.ranking || (o.scores || []).map((_, i) => i);
    for (const s of order) {
      const b = (o.breakdown || [])[s] || {};
      const fmt = fmtValue;
      rows.push(BW.el("tr", { class: (o.winners || []).includes(s) ? "winner" : "" }, BW.el("td", {}, seatName(s) + ((o.winners || []).includes(s) ? " ★ winner" : "")),
        BW.el("td", { class: "num" }, o.ranks ? o.ranks[String(s)] : ""), BW.el("td", { class: "num" }, (o.scores || [])[s]),
        keys.map(k => BW.el("td", {}, fmt(b[k])))));
    }
    out.push(BW.el("table", { class: "outcome" }, rows));
  }
  if (o.tie_breaks && o.tie_breaks.length) out.push(BW.el("p", {}, "Ties: " + o.tie_breaks.map(t => typeof t === "string" ? t : JSON.stringify(t)).join("; ")));
  if (o.rule) out.push(BW.el("p", {}, ruleLink(o.rule)));
  out.push(BW.el("p", {}, BW.el("a", { href: `/api/games/${GID}/record`, target: "_blank" }, "game record (JSON)")));
  document.getElementById("outcome").replaceChildren(...out);
}

async function act(actionId) {
  const ref = document.getElementById("refusal");
  ref.replaceChildren();
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  // the version this choice was made from: a retried or stale request is refused, never applied twice
  const res = await BW.api(`/api/games/${GID}/actions`, { method: "POST", token: token(G.seat),
    body: { action: actionId, version: G.data.version } });
  G.selected = null; G.path = [];
  if (res.ok) { renderAnswer(res.data); return; }
  ref.replaceChildren(BW.el("div", { class: "refusal" }, "Refused: ", res.data.reason || ("error " + res.status), " ", ruleLink(res.data.rule)));
  for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
}

async function endGame() {
  if (!confirm("End this game for everyone? It cannot be resumed.")) return;
  const res = await BW.api(`/api/games/${GID}/end`, { method: "POST", token: BW.creatorToken(GID) });
  if (!res.ok) document.getElementById("refusal").replaceChildren(BW.el("div", { class: "refusal" }, "Not ended: ", res.data.reason || res.status));
  else connect();
}

// A hint: the expert bot's search from what this seat sees (GET /api/games/{id}/hint).
async function askHint() {
  const box = document.getElementById("hint-box");
  const btn = document.getElementById("hint-btn");
  const version = G.data.version;
  btn.disabled = true;
  box.replaceChildren(BW.el("p", {}, "thinking about your best moves…"));
  const res = await BW.api(`/api/games/${GID}/hint`, { token: token(G.seat) });
  btn.disabled = false;
  if (G.data.version !== version) return;  // the game moved on meanwhile
  G.hintFor = version;
  if (!res.ok) { box.replaceChildren(BW.el("p", {}, "No hint: ", res.data.reason || String(res.status))); return; }
  box.replaceChildren(BW.el("p", {}, res.data.heading),
    ...res.data.lines.map(line => BW.el("div", {}, line)));
}

async function undo() {
  const res = await BW.api(`/api/games/${GID}/undo`, { method: "POST", token: token(G.seat), body: { version: G.data.version } });
  if (res.ok) renderAnswer(res.data);
  else document.getElementById("refusal").replaceChildren(BW.el("div", { class: "refusal" }, "Undo refused: ", res.data.reason || res.status));
}

// Server-sent events read with fetch, so the token travels in a header, never in a URL.
async function connect() {
  if (G.stream) G.stream.abort();
  const ctl = new AbortController();
  G.stream = ctl;
  const conn = document.getElementById("conn");
  const headers = { "Accept": "text/event-stream" };
  const t = token(G.seat);
  if (t) headers["Authorization"] = "Bearer " + t;
  try {
    const res = await fetch(`/api/games/${GID}/events`, { headers, signal: ctl.signal });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      document.getElementById("fatal").textContent = body.reason || ("error " + res.status);
      G.streamError = true;
      if (res.status === 404) return;
      throw new Error("status " + res.status);
    }
    conn.textContent = "● live";
    if (G.streamError) { document.getElementById("fatal").textContent = ""; G.streamError = false; }  // recovered
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    let base = null;  // the stream's last payload: a "delta" event applies to it
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
        const data = chunk.split("\n").filter(l => l.startsWith("data:")).map(l => l.slice(5)).join("\n");
        if (!data || G.stream !== ctl) continue;
        const kind = (chunk.split("\n").find(l => l.startsWith("event:")) || "event: view").slice(6).trim();
        const msg = JSON.parse(data);
        if (kind === "delta") {
          if (!base || base.stamp !== msg.from) throw new Error("delta out of step");  // reconnect: a full view comes first
          base = BW.applyDelta(base, msg.ops);
        } else base = msg;
        const d = structuredClone(base);
        if (G.data && d.version === G.shownVersion && d.stamp === G.shownStamp && d.seat === G.data.seat) continue;  // already shown
        render(d);
      }
    }
  } catch (e) {
    if (ctl.signal.aborted) return;
  }
  if (G.stream === ctl) { conn.textContent = "○ reconnecting"; setTimeout(() => { if (G.stream === ctl) connect(); }, 1000); }
}

async function init() {
  await adoptLinkToken();
  const held = heldSeats();
  if (G.seat === null && held.length) G.seat = held[0];
  // on a narrow page the choices can be folded away to see the whole board (a board click unfolds them)
  document.getElementById("decision-panel").prepend(BW.el("button", { id: "fold-btn",
    title: "fold the choices away, or open them", onclick: () => fold(!G.folded) }, "hide ▾"));
  document.getElementById("hotseat").onchange = e => { G.hotseat = e.target.checked; if (G.data) render(G.data); };
  document.getElementById("undo-btn").onclick = undo;
  document.getElementById("hint-btn").onclick = askHint;
  document.getElementById("end-btn").onclick = endGame;
  BW.remember(GID);
  document.getElementById("rule-close").onclick = () => { document.getElementById("rulebox").style.display = "none"; };
  const res = await BW.api(`/api/games/${GID}`, { token: token(G.seat) });
  if (!res.ok) { document.getElementById("fatal").textContent = res.data.reason || ("error " + res.status); return; }
  document.getElementById("board").replaceChildren(BW.el("p", { class: "muted" }, "loading the board…"));
  await loadBoard(res.data);
  await loadTutor(res.data);
  render(res.data);
  connect();
}
init();
