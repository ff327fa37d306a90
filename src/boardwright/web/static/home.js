// Home page: pick a game, players, options and seats; create; show the join links.
"use strict";

let META = null;

function spec() { return META.games.find(g => g.id === document.getElementById("game").value); }

function optionInput(o) {
  const id = "opt-" + o.name;
  let input;
  if (o.choices) {
    input = BW.el("select", { id, "data-opt": o.name },
      o.choices.map(c => BW.el("option", { value: JSON.stringify(c), selected: c === o.default }, String(c))));
  } else if (typeof o.default === "boolean") {
    input = BW.el("input", { id, type: "checkbox", "data-opt": o.name, checked: o.default });
  } else if (typeof o.default === "number") {
    input = BW.el("input", { id, type: "number", "data-opt": o.name, value: o.default,
      min: o.minimum, max: o.maximum, style: "width:7em" });
  } else {
    input = BW.el("input", { id, "data-opt": o.name, value: o.default });
  }
  return BW.el("label", { title: o.doc }, o.name + " ", input);
}

function renderGame() {
  const g = spec();
  const players = document.getElementById("players");
  const keep = Number(players.value) || 0;
  players.replaceChildren(...g.player_counts.map(n => BW.el("option", { value: n }, n)));
  players.value = g.player_counts.includes(keep) ? keep : (g.player_counts.includes(3) ? 3 : g.player_counts[0]);
  document.getElementById("options").replaceChildren(...g.options.map(optionInput));
  renderSeats();
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
  for (const o of g.options) {
    const input = document.querySelector(`[data-opt="${o.name}"]`);
    if (o.choices) body.options[o.name] = JSON.parse(input.value);
    else if (typeof o.default === "boolean") body.options[o.name] = input.checked;
    else if (typeof o.default === "number") body.options[o.name] = Number(input.value);
    else body.options[o.name] = input.value;
  }
  for (let s = 0; s < body.players; s++) {
    if (document.getElementById("kind-" + s).value === "bot") body.bots[String(s)] = document.getElementById("bot-" + s).value.trim();
  }
  const res = await BW.api("/api/games", { method: "POST", body });
  if (!res.ok) { err.textContent = res.data.reason || ("error " + res.status); return; }
  const gid = res.data.id;
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const { seat, token } of res.data.seats) {
    BW.saveToken(gid, seat, token);
    const url = `${location.origin}/play/${gid}?token=${encodeURIComponent(token)}`;
    links.append(BW.el("p", {}, BW.el("b", {}, `Seat ${seat}: `),
      BW.el("input", { readonly: true, value: url, class: "joinlink", "data-seat": seat, onclick: e => e.target.select() })));
  }
  if (!res.data.seats.length) links.append(BW.el("p", {}, "Only bots play: watch as a spectator."));
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
  document.getElementById("players").onchange = renderSeats;
  document.getElementById("create").onsubmit = create;
  renderGame();
  loadLobby();
}
init();
