// Home page: pick a game, players, options and seats; create; show the join links.
"use strict";

let META = null;

function spec() { return META.games.find(g => g.id === document.getElementById("game").value); }

function playerCount() { return Number(document.getElementById("players").value); }

// The options that suit a player count (a title may allow some only with some counts).
function defaultsFor(g, players) {
  return (g.defaults || {})[String(players)] || Object.fromEntries(g.options.map(o => [o.name, o.default]));
}

function optionInput(o, value) {
  const id = "opt-" + o.name;
  let input;
  if (o.choices) {
    input = BW.el("select", { id, "data-opt": o.name },
      o.choices.map(c => BW.el("option", { value: JSON.stringify(c), selected: c === value }, String(c))));
  } else if (typeof o.default === "boolean") {
    input = BW.el("input", { id, type: "checkbox", "data-opt": o.name, checked: value });
  } else if (typeof o.default === "number") {
    input = BW.el("input", { id, type: "number", "data-opt": o.name, value,
      min: o.minimum, max: o.maximum, style: "width:7em" });
  } else {
    input = BW.el("input", { id, "data-opt": o.name, value });
  }
  input.addEventListener("change", () => checkSetup(false));
  return BW.el("label", { title: o.doc }, o.name + " ", input);
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
  const rows = [BW.el("tr", {}, BW.el("th", {}, "seat"), BW.el("th", {}, "who"), BW.el("th", {}, "bot spec"))];
  for (let s = 0; s < n; s++) {
    const kind = BW.el("select", { id: "kind-" + s, onchange: e => {
      document.getElementById("bot-" + s).disabled = e.target.value !== "bot"; } },
      BW.el("option", { value: "human", selected: s === 0 }, "person"),
      BW.el("option", { value: "bot", selected: s !== 0 }, "bot"));
    const bot = BW.el("input", { id: "bot-" + s, list: "botnames", value: "greedy", disabled: s === 0 });
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
    allow_undo: document.getElementById("undo").checked };
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  body.options = readOptions(g);
  for (let s = 0; s < body.players; s++) {
    if (document.getElementById("kind-" + s).value === "bot") body.bots[String(s)] = document.getElementById("bot-" + s).value.trim();
  }
  const res = await BW.api("/api/games", { method: "POST", body });
  if (!res.ok) { err.textContent = res.data.reason || ("error " + res.status); return; }
  const gid = res.data.id;
  if (body.players === 1) {  // solo: no links to hand out; play (or watch the bot) right here
    for (const { seat, token } of res.data.seats) BW.saveToken(gid, seat, token);
    location.href = "/play/" + gid;
    return;
  }
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const { seat, token } of res.data.seats) {
    BW.saveToken(gid, seat, token);
    const url = `${location.origin}/play/${gid}?token=${encodeURIComponent(token)}`;
    links.append(BW.el("p", {}, BW.el("b", {}, `Seat ${seat}: `),
      BW.el("input", { readonly: true, value: url, class: "joinlink", "data-seat": seat, onclick: e => e.target.select() })));
  }
  if (!res.data.seats.length) links.append(BW.el("p", {}, "Only bots play: watch as a spectator."));
  document.getElementById("play-here").textContent = res.data.seats.length
    ? "Play here (hot-seat: this tab holds every person's seat)" : "Watch";
  document.getElementById("created").hidden = false;
  document.getElementById("play-here").onclick = () => { location.href = "/play/" + gid; };
  loadLobby();
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
      BW.el("td", {}, BW.el("a", { href: "/play/" + g.id }, Object.keys(BW.tokens(g.id)).length ? "play" : "spectate"))));
  }
}

async function init() {
  const res = await BW.api("/api/meta");
  META = res.data;
  const sel = document.getElementById("game");
  sel.replaceChildren(...META.games.map(g => BW.el("option", { value: g.id }, g.title)));
  document.getElementById("botnames").replaceChildren(...META.bots.map(b => BW.el("option", { value: b.name }, b.doc)));
  sel.onchange = renderGame;
  document.getElementById("players").onchange = changePlayers;
  document.getElementById("create").onsubmit = create;
  renderGame();
  loadLobby();
}
init();
