// Home page: pick a game, players, options and seats; create; show the join links.
"use strict";

let META = null;

function spec() { return META.games.find(g => g.id === document.getElementById("game").value); }

function playerCount() { return Number(document.getElementById("players").value); }

// The options that suit a player count (a title may allow some only with some counts).
function defaultsFor(g, players) {
  return (g.defaults || {})[String(players)] || Object.fromEntries(g.options.map(o => [o.name, o.default]));
}

// A choice in words: the phrase of the option's doc that names it ("... as in the card
// glossary ('glossary')" -> "as in the card glossary"), else the id with spaces.
function choiceWords(o, c) {
  const id = String(c).replace(/[^A-Za-z0-9_ -]/g, "");
  const m = (o.doc || "").match(new RegExp("([^,;.()]*?)\\s*\\('" + id + "'\\)"));
  const phrase = m && m[1].trim().replace(/^(or|and)\s+/, "");
  return phrase ? `${BW.words(c)}: ${phrase}` : BW.words(c);
}

// An option's label as a sentence: its doc without the trailing rule reference.
function optionWords(o) {
  const doc = (o.doc || "").replace(/\s*\([^)]*'[^)]*\)/g, "").replace(/;?\s*see §[\d.§\s,-]+\.?$/, "").trim();
  return doc ? doc.replace(/\.$/, "") : BW.words(o.name);
}

function optionInput(o, value) {
  const id = "opt-" + o.name;
  let input;
  if (o.choices) {
    input = BW.el("select", { id, "data-opt": o.name },
      o.choices.map(c => BW.el("option", { value: JSON.stringify(c), selected: c === value }, choiceWords(o, c))));
  } else if (typeof o.default === "boolean") {
    input = BW.el("input", { id, type: "checkbox", "data-opt": o.name, checked: value });
  } else if (typeof o.default === "number") {
    input = BW.el("input", { id, type: "number", "data-opt": o.name, value,
      min: o.minimum, max: o.maximum, style: "width:7em" });
  } else {
    input = BW.el("input", { id, "data-opt": o.name, value });
  }
  input.addEventListener("change", () => checkSetup(false));
  return BW.el("label", { title: o.doc, class: "option", "data-option": o.name },
    BW.el("span", { class: "option-text" }, optionWords(o)), " ", input);
}

function readOptions(g) {
  const out = {};
  for (const o of g.options) {
    const input = document.querySelector(`[data-opt="${o.name}"]`);
    if (o.choices) out[o.name] = JSON.parse(input.value);
    else if (typeof o.default === "boolean") out[o.name] = input.checked;
    else if (typeof o.default === "number") out[o.name] = Number(input.value);
    else out[o.name] = input.value;
  }
  return out;
}

function setOptions(g, values) {
  for (const o of g.options) {
    const input = document.querySelector(`[data-opt="${o.name}"]`);
    if (!input || !(o.name in values)) continue;
    if (o.choices) input.value = JSON.stringify(values[o.name]);
    else if (typeof o.default === "boolean") input.checked = values[o.name];
    else input.value = values[o.name];
  }
}

// Ask the server whether this player count and these options can be played together
// (the title's setup check); with `adjust`, switch invalid options to the count's defaults.
let checkSeq = 0;
async function checkSetup(adjust, note = "") {
  const g = spec(), players = playerCount();
  const q = new URLSearchParams({ players: String(players) });
  for (const [k, v] of Object.entries(readOptions(g))) q.set(k, String(v));
  const seq = ++checkSeq;
  const res = await BW.api(`/api/setup/${encodeURIComponent(g.id)}?${q}`);
  if (seq !== checkSeq || !res.ok) return;
  const r = res.data;
  if (!r.ok && adjust && r.defaults) {
    setOptions(g, r.defaults);
    return checkSetup(false, `options changed to suit ${players} player${players === 1 ? "" : "s"}`);
  }
  document.getElementById("setup-problem").textContent = r.ok ? "" : r.problem;
  document.getElementById("setup-kind").textContent = r.ok
    ? `${r.outcome_kind === "solo" ? "a solo game" : r.outcome_kind === "competitive" ? "a competitive game" : `a ${r.outcome_kind} game`}` + (note ? ` · ${note}` : "")
    : "";
  document.getElementById("setup-check").dataset.ok = r.ok;
}

function renderGame() {
  const g = spec();
  const players = document.getElementById("players");
  const keep = Number(players.value) || 0;
  players.replaceChildren(...g.player_counts.map(n => BW.el("option", { value: n }, n)));
  players.value = g.player_counts.includes(keep) ? keep : (g.player_counts.includes(3) ? 3 : g.player_counts[0]);
  const values = defaultsFor(g, playerCount());
  document.getElementById("options").replaceChildren(...g.options.map(o => optionInput(o, values[o.name])));
  renderSeats();
}

function changePlayers() {
  renderSeats();
  checkSetup(true);
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const rows = [BW.el("tr", {}, BW.el("th", {}, "seat"), BW.el("th", {}, "who"), BW.el("th", {}, "bot"))];
  for (let s = 0; s < n; s++) {
    const kind = BW.el("select", { id: "kind-" + s, onchange: e => {
      document.getElementById("bot-" + s).disabled = e.target.value !== "bot"; } },
      BW.el("option", { value: "me", selected: s === 0 }, "me (played here)"),
      BW.el("option", { value: "invite" }, "a person I invite"),
      BW.el("option", { value: "bot", selected: s !== 0 }, "bot"));
    const bot = BW.el("input", { id: "bot-" + s, list: "botnames", value: "normal", disabled: s === 0 });
    rows.push(BW.el("tr", {}, BW.el("td", {}, "seat " + s), BW.el("td", {}, kind), BW.el("td", {}, bot)));
  }
  document.getElementById("seats").replaceChildren(...rows);
  const solo = n === 1;
  document.getElementById("seats-note").textContent = solo
    ? "A solo game: one seat, played here directly (or watched, if a bot plays it)." : "";
  checkSetup(false);
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-err");
  err.textContent = "";
  const g = spec();
  const body = { game: g.id, players: Number(document.getElementById("players").value), options: {}, bots: {},
    allow_undo: document.getElementById("undo").checked, hints: document.getElementById("hints").checked };
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  body.options = readOptions(g);
  const me = document.getElementById("myname").value.trim();
  body.names = {}; body.invite = [];
  for (let s = 0; s < body.players; s++) {
    const kind = document.getElementById("kind-" + s).value;
    if (kind === "bot") body.bots[String(s)] = document.getElementById("bot-" + s).value.trim();
    else if (kind === "invite") body.invite.push(s);
    else if (me) body.names[String(s)] = me;
  }
  if (me && BW.storageOk()) localStorage.setItem("bw-my-name", me);
  const res = await BW.api("/api/games", { method: "POST", body });
  if (!res.ok) { err.textContent = res.data.reason || ("error " + res.status); return; }
  const gid = res.data.id;
  BW.saveCreator(gid, res.data.creator);
  if (body.players === 1) {  // solo: no links to hand out; play (or watch the bot) right here
    for (const { seat, token } of res.data.seats) BW.saveToken(gid, seat, token);
    location.href = "/play/" + gid;
    return;
  }
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const { seat, token } of res.data.seats) BW.saveToken(gid, seat, token);  // my own seats
  for (const { seat, invite } of res.data.invites || []) {
    // an invitation: the person names themselves and gets the seat's own token, which this
    // browser never sees
    const url = `${location.origin}/play/${gid}?invite=${encodeURIComponent(invite)}`;
    links.append(BW.el("p", {}, BW.el("b", {}, `Seat ${seat}: `),
      BW.el("input", { readonly: true, value: url, class: "joinlink", "data-seat": seat, onclick: e => e.target.select() })));
  }
  if (!(res.data.invites || []).length) links.append(BW.el("p", { class: "muted" }, "No one to invite."));
  const mine = res.data.seats.map(x => x.seat);
  document.getElementById("play-here").textContent = mine.length
    ? `Play here (seat${mine.length > 1 ? "s" : ""} ${mine.join(", ")}${mine.length > 1 ? ", hot-seat" : ""})` : "Watch";
  document.getElementById("created").hidden = false;
  document.getElementById("play-here").onclick = () => { location.href = "/play/" + gid; };
  loadLobby();
}

// "Learn to play": the title's guided game (its table from /api/tutorial), the player at its
// seat, easy bots elsewhere; the game page shows the notes (game.js, renderTutor).
async function learn(g) {
  const err = document.getElementById("learn-err");
  err.textContent = "";
  const t = await BW.api(`/api/tutorial/${encodeURIComponent(g.id)}`);
  if (!t.ok) { err.textContent = t.data.reason || ("error " + t.status); return; }
  const s = t.data.setup;
  const bots = {};
  for (let seat = 0; seat < s.players; seat++) if (seat !== s.seat) bots[String(seat)] = s.bots;
  const me = (BW.storageOk() && localStorage.getItem("bw-my-name")) || "Player";
  const body = { game: g.id, players: s.players, seed: s.seed, options: s.options, bots,
    names: { [String(s.seat)]: me }, allow_undo: true, hints: true };
  const res = await BW.api("/api/games", { method: "POST", body });
  if (!res.ok) { err.textContent = res.data.reason || ("error " + res.status); return; }
  const gid = res.data.id;
  BW.saveCreator(gid, res.data.creator);
  for (const { seat, token } of res.data.seats) BW.saveToken(gid, seat, token);
  BW.markTutorial(gid);
  location.href = "/play/" + gid;
}

function renderLearn() {
  const box = document.getElementById("learn-games");
  const guided = META.games.filter(g => g.tutorial);
  document.getElementById("learn").hidden = !guided.length;
  box.replaceChildren(...guided.map(g => BW.el("button", { class: "learn", "data-game": g.id,
    onclick: e => { e.target.disabled = true; learn(g).finally(() => { e.target.disabled = false; }); } },
    g.title)));
}

async function loadLobby() {
  const res = await BW.api("/api/games?limit=20");
  if (!res.ok) return;
  const t = document.getElementById("lobby");
  t.replaceChildren(BW.el("tr", {}, ["game", "players", "status", "moves", ""].map(h => BW.el("th", {}, h))));
  for (const g of res.data.games) {
    const bots = Object.entries(g.bots).map(([s, b]) => `${s}: ${b}`).join(", ");
    t.append(BW.el("tr", {}, BW.el("td", {}, g.title), BW.el("td", {}, `${g.players}` + (bots ? ` (bots ${bots})` : "")),
      BW.el("td", {}, g.status), BW.el("td", {}, g.moves),
      BW.el("td", {}, BW.el("a", { href: "/play/" + g.id }, Object.keys(BW.tokens(g.id)).length ? "play" : "watch"))));
  }
}

async function loadMyGames() {
  const ids = BW.myGames();
  const box = document.getElementById("mygames");
  if (!ids.length) { box.replaceChildren(BW.el("p", { class: "muted" }, "Games you create or join appear here.")); return; }
  const res = await BW.api(`/api/games?ids=${encodeURIComponent(ids.join(","))}`);
  if (!res.ok) return;
  const list = BW.el("ul", { class: "mygames" });
  for (const g of res.data.games) {
    const seats = Object.keys(BW.tokens(g.id)).map(Number).sort((a, b) => a - b);
    const what = seats.length ? `your seat${seats.length > 1 ? "s" : ""} ${seats.join(", ")}` : (BW.creatorToken(g.id) ? "created by you" : "watching");
    list.append(BW.el("li", { "data-game": g.id }, BW.el("a", { href: "/play/" + g.id }, g.title),
      ` · ${g.players} players · ${what} · ${g.status === "over" ? "finished" : g.status === "ended" ? "ended" : `${g.moves} moves`} · `,
      BW.el("span", { class: "muted" }, new Date(g.created).toLocaleString()), " ",
      BW.el("button", { class: "small", onclick: () => { BW.forget(g.id); loadMyGames(); } }, "forget")));
  }
  box.replaceChildren(list);
}

async function init() {
  if (BW.storageOk()) document.getElementById("myname").value = localStorage.getItem("bw-my-name") || "";
  loadMyGames();
  const res = await BW.api("/api/meta");
  META = res.data;
  const sel = document.getElementById("game");
  sel.replaceChildren(...META.games.map(g => BW.el("option", { value: g.id }, g.title)));
  const levels = META.levels || [];
  const others = META.bots.filter(b => !levels.some(l => l.name === b.name));
  document.getElementById("botnames").replaceChildren(...[...levels, ...others].map(b => BW.el("option", { value: b.name }, b.doc)));
  document.getElementById("levels").replaceChildren(...levels.map(l => BW.el("li", {}, BW.el("code", {}, l.name), " — " + l.doc)));
  renderLearn();
  sel.onchange = renderGame;
  document.getElementById("players").onchange = changePlayers;
  document.getElementById("create").onsubmit = create;
  renderGame();
  loadLobby();
}
init();
