// The game page: seats held by this tab, live view over server-sent events, acting by clicking.
// The board is the title's own (its script registers itself with BW.registerBoard) or the
// generic one; this page knows no game by name.
"use strict";

const GID = location.pathname.split("/").filter(Boolean).pop();
const G = { seat: null, data: null, selected: null, stream: null, hotseat: true, shownVersion: -1,
  board: GenericBoard, boardData: null };

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

function token(seat) { return seat === null ? null : BW.tokens(GID)[seat] || null; }
function heldSeats() { return Object.keys(BW.tokens(GID)).map(Number).sort((a, b) => a - b); }

async function adoptLinkToken() {
  // A join link carries ?token=...: keep it in this tab's sessionStorage, then drop it from the URL.
  const params = new URLSearchParams(location.search);
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
  return `Seat ${s}${info && info.kind === "bot" ? " · bot " + info.bot : ""}${me}`;
}

function renderSeatTabs() {
  const tabs = document.getElementById("seat-tabs");
  const btn = (label, seat) => BW.el("button", { class: G.seat === seat ? "current" : "", "data-seat": seat === null ? "spectator" : seat,
    onclick: () => { G.seat = seat; G.hotseat = false; document.getElementById("hotseat").checked = false; connect(); } }, label);
  tabs.replaceChildren(BW.el("span", { class: "muted" }, "view as: "), ...heldSeats().map(s => btn("Seat " + s, s)), btn("Spectator", null));
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
    if (m && m[1].includes(":")) {
      if (!groups.has(m[1])) groups.set(m[1], []);
      groups.get(m[1]).push({ n: Number(m[2]), a });
    } else plain.push(a);
  }
  return { groups, plain };
}

function actionButtons(actions) {
  const { groups, plain } = groupActions(actions);
  const out = [];
  for (const [prefix, items] of groups) {
    // one chooser only when the labels differ by nothing but that number ("Invest 3 in X")
    const same = new Set(items.map(({ n, a }) => a.label.replace(new RegExp(`\\b${n}\\b`), "#")));
    if (items.length === 1 || same.size !== 1) { plain.push(...items.map(x => x.a)); continue; }
    const sel = BW.el("select", { "data-group": prefix },
      items.map(({ n, a }) => BW.el("option", { value: a.id }, String(n))));
    const label = [...same][0].replace("#", "").replace(/\s+/g, " ").trim();
    out.push(BW.el("div", {}, BW.el("button", { class: "act", "data-action": items[0].a.id,
      onclick: () => act(sel.value) }, label), " amount ", sel));
  }
  for (const a of plain) out.push(BW.el("button", { class: "act", "data-action": a.id, onclick: () => act(a.id) }, a.label));
  return out;
}

// What an action acts on (a card, a site...): the board's targetOf, else the id's second part.
function targetOf(a, ctx) {
  if (G.board.targetOf) return G.board.targetOf(a, G.data.view, ctx);
  const p = a.id.split(":");
  return p.length > 1 ? p[1] : null;
}

function actionsFor(key, ctx) {
  return G.data.legal_actions.filter(a => targetOf(a, ctx) === key);
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
    data: G.boardData, selected: G.selected, seatName,
    select: key => { G.selected = key; render(G.data); },
    actionFor: id => d.legal_actions.find(a => a.id === id) || null,
    choose: a => act(typeof a === "string" ? a : a.id),
    redraw: () => { if (G.data) render(G.data); },
    generic: view => GenericBoard.render(view, ctx) };
  ctx.actionsOn = key => actionsFor(key, ctx);
  return ctx;
}

function render(d) {
  G.data = d;
  document.getElementById("title").textContent = `${d.title} · ${d.players === 1 ? "solo" : d.players + " players"} · game ${d.id}`;
  document.getElementById("hotseat-label").hidden = d.players === 1;
  document.getElementById("status").textContent = d.over ? "· game over" : `· waiting for ${d.to_act.map(s => "seat " + s).join(", ")}`;
  renderSeatTabs();
  // hot-seat: jump to a seat this tab holds that must act now
  if (G.hotseat && !d.over) {
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
  else if (dec) prompt.replaceChildren(dec.prompt, " ", ruleLink(dec.rule));
  else if (d.seat === null) prompt.replaceChildren("Spectating: " + (d.to_act.length ? `waiting for ${d.to_act.map(seatName).join(", ")}` : ""));
  else prompt.replaceChildren(`Waiting for ${d.to_act.map(seatName).join(", ")}…`);
  const focus = document.getElementById("focus");
  const acts = document.getElementById("actions");
  if (G.selected && actionsFor(G.selected, ctx).length) {
    focus.replaceChildren(BW.el("p", {}, BW.el("b", {}, "On " + targetName(G.selected, ctx) + ": "),
      BW.el("button", { onclick: () => { G.selected = null; render(G.data); } }, "show all actions")));
    acts.replaceChildren(...actionButtons(actionsFor(G.selected, ctx)));
  } else {
    G.selected = null;
    const hint = G.board.hint;
    focus.replaceChildren(d.legal_actions.length && hint ? BW.el("p", { class: "muted" }, hint) : "");
    acts.replaceChildren(...actionButtons(d.legal_actions));
  }
  const undo = document.getElementById("undo-btn");
  undo.hidden = !(d.allow_undo && d.seat !== null);
  undo.disabled = !d.can_undo;
  document.getElementById("undo-why").textContent = d.allow_undo && d.seat !== null && !d.can_undo ? d.undo_refused || "" : "";
  // log, newest last
  const log = document.getElementById("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 30;
  log.replaceChildren(...d.view.log.slice(-300).map(e => BW.el("div", {},
    BW.el("span", { class: "muted" }, `r${e.round} `),
    e.seat === null || e.seat === undefined ? "" : BW.el("b", { style: `color:${BW.seatColor(e.seat)}` }, `seat ${e.seat} `),
    e.text, " ", ruleLink(e.rule), e.visible_to ? BW.el("span", { class: "muted" }, " (private)") : "")));
  if (atBottom || G.shownVersion < 0) log.scrollTop = log.scrollHeight;
  G.shownVersion = d.version;
  renderOutcome(d);
  Object.assign(document.body.dataset, { version: d.version, over: d.over, seat: d.seat === null ? "" : d.seat });
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
  const fmt = v => v && typeof v === "object" ? JSON.stringify(v) : String(v);
  return BW.el("table", { class: "breakdown" }, Object.entries(b).map(([k, v]) =>
    BW.el("tr", {}, BW.el("th", {}, k.replaceAll("_", " ")), BW.el("td", {}, fmt(v)))));
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
    rows.push(BW.el("tr", {}, BW.el("th", {}, "seat"), BW.el("th", {}, "rank"), BW.el("th", {}, "score"), keys.map(k => BW.el("th", {}, k.replaceAll("_", " ")))));
    const order = o.ranking || (o.scores || []).map((_, i) => i);
    for (const s of order) {
      const b = (o.breakdown || [])[s] || {};
      const fmt = v => v && typeof v === "object" ? Object.entries(v).filter(([, x]) => x).map(([k, x]) => `${k} ${x}`).join(", ") || "—" : String(v);
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
  const res = await BW.api(`/api/games/${GID}/actions`, { method: "POST", token: token(G.seat), body: { action: actionId } });
  G.selected = null;
  if (res.ok) { render(res.data); return; }
  ref.replaceChildren(BW.el("div", { class: "refusal" }, "Refused: ", res.data.reason || ("error " + res.status), " ", ruleLink(res.data.rule)));
  for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
}

async function undo() {
  const res = await BW.api(`/api/games/${GID}/undo`, { method: "POST", token: token(G.seat) });
  if (res.ok) render(res.data);
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
      if (res.status === 404) return;
      throw new Error("status " + res.status);
    }
    conn.textContent = "● live";
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
        const data = chunk.split("\n").filter(l => l.startsWith("data:")).map(l => l.slice(5)).join("\n");
        if (!data || G.stream !== ctl) continue;
        const d = JSON.parse(data);
        if (G.data && d.version === G.shownVersion && d.seat === G.data.seat) continue;  // already shown
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
  document.getElementById("hotseat").onchange = e => { G.hotseat = e.target.checked; if (G.data) render(G.data); };
  document.getElementById("undo-btn").onclick = undo;
  document.getElementById("rule-close").onclick = () => { document.getElementById("rulebox").style.display = "none"; };
  const res = await BW.api(`/api/games/${GID}`, { token: token(G.seat) });
  if (!res.ok) { document.getElementById("fatal").textContent = res.data.reason || ("error " + res.status); return; }
  document.getElementById("board").replaceChildren(BW.el("p", { class: "muted" }, "loading the board…"));
  await loadBoard(res.data);
  render(res.data);
  connect();
}
init();
