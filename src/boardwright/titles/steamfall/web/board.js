// Crisis at Steamfall drawn as SVG: the city (district tiles with their red pathways'
// triangles, secret locations on the outside borders, tokens, ruins, events, cipher
// tablets, influence cubes and standees), the Incredible Invention card with its
// complications or the cipher cards, and one character board per seat (resources, the
// four columns with their action tokens and selection boxes, the mood track, abilities,
// items in play with their power gauges, civilians with their quest progress, the hand).
// The web app serves this file (the title's `board_js` asset); the component names and
// texts come from the title's `board_data` hook (layout.py) as ctx.data (docs/web.md).
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const WIDE = 1200, TOP = 40;
  const T = 176, M = 104;          // district tile, margin for the secret locations around the grid
  const SIDES = ["north", "east", "south", "west"];
  const ROMAN = ["I", "II", "III", "IV"];
  const TYPE_FILL = { central: "#ecd9a8", city: "#d3dde8", ancient: "#dcd3bd" };
  const TYPE_RING = { central: "#a8812a", city: "#5b7595", ancient: "#8a7a52" };
  const TOKEN = {  // token on the map: short word, chip colour
    scrap: ["scrap", "#8d7b68"], steam: ["steam", "#4a9cc9"], workshop: ["workshop item", "#7a4bb0"],
    insight: ["insight", "#c99a16"], civilian: ["civilian", "#3aa657"], mechanized: ["Mechanized", "#4a4a4a"],
  };
  const RES = [["scrap", "scrap", "#8d7b68"], ["steam", "steam", "#4a9cc9"], ["insight", "insight", "#c99a16"],
    ["vp", "VP", "#b5392c"], ["stamina", "stamina", "#3aa657"]];
  const CIPHER = { red: "#c8402f", green: "#3aa657", blue: "#3b7dd8" };
  const ORANGE = "#ff9d00";

  document.head.append(BW.el("style", {},
    "#steamfall-board .sf-actionable { cursor: pointer; } #steamfall-board .sf-actionable:hover { filter: drop-shadow(0 0 4px #ff9d00); }"));

  function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  const text = (x, y, str, attrs = {}) => s("text", Object.assign({ x, y, "font-size": 12 }, attrs), str);
  const title = str => s("title", {}, str);
  const cut = (str, n) => (str.length > n ? str.slice(0, n - 1) + "…" : str);
  // how many characters of a font size fit in a width (DejaVu Sans: about 0.56 em a character)
  const fits = (w, size) => Math.max(20, Math.floor((w - 16) / (0.56 * size)));
  function wrap(str, n) {
    const out = [];
    let line = "";
    for (const w of String(str).split(/\s+/)) {
      if (line && (line + " " + w).length > n) { out.push(line); line = w; } else line = line ? line + " " + w : w;
    }
    if (line) out.push(line);
    return out;
  }
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;

  // ------------------------------------------------------------------ names and targets
  function info(ctx, kind, id) {
    const d = ctx.data || {};
    return ((d[kind] || {})[id]) || { name: id, text: "" };
  }

  function areaName(view, ctx, a) {
    const area = (view.areas || [])[a];
    if (!area) return `area ${a}`;
    if (area.kind === "district") return info(ctx, "districts", area.district_id).name;
    const side = SIDES[area.side];
    const host = (view.areas[area.district] || {}).district_id;
    const where = `secret location ${a} (${side} of ${info(ctx, "districts", host).name})`;
    return area.location ? `${info(ctx, "locations", area.location).name}, ${where}` : where;
  }

  function shortArea(view, ctx, a) {
    const area = (view.areas || [])[a];
    if (!area) return `area ${a}`;
    if (area.kind === "district") return info(ctx, "districts", area.district_id).name;
    return area.location ? info(ctx, "locations", area.location).name : `secret location ${a}`;
  }

  function here(view, ctx) {
    const me = ctx.seat === null || ctx.seat === undefined ? null : (view.players || [])[ctx.seat];
    return me && me.at !== undefined && me.at >= 0 ? "area-" + me.at : null;
  }

  // What an action acts on: an area of the map, a column, the mood track, an item, a
  // civilian, an ability, a complication, the invention card, another player; null keeps
  // it a button only (deck choices, gains, triggers, ending the turn, setup picks).
  function targetOf(a, view, ctx) {
    const p = a.id.split(":");
    switch (p[0]) {
      case "move": case "reveal": case "to": return "area-" + p[1];
      case "loc": case "pick": case "take": case "meet": case "tablet": return here(view, ctx);
      case "give": return p[1] === "cube" ? "area-" + p[2] : "invention";
      case "complete": case "reward": return "invention";
      case "col": return "col-" + p[1];
      case "token": return "col-" + p[2];
      case "mood": return "mood";
      case "play": case "free": return p[1] === "none" ? null : p[1];
      case "charge": case "power": case "quest": case "release": case "discard": case "trash": case "keep": case "hand":
        return p[1];
      case "leave": return p[2];
      case "trade": case "split": return "player-" + p[1];
      // Crisis (§16): a challenge on the card where you stand, the Core Shard, support
      // and encounters where you stand, the encounter in progress, the Mechanized' areas
      case "crisis": return here(view, ctx) && "crisis-card-" + here(view, ctx).slice(5);
      case "shard": return "shard";
      case "support": return here(view, ctx);
      case "enc": return p[1] === "civilian" || p[1] === "mechanized" ? here(view, ctx) : "encounter";
      case "shift": return p[1] === "none" ? null : "area-" + p[1];
      case "mech": case "mechto": return "area-" + p[1];
      // Genesis (§17): a start district, joining a scoring event, the chapter choice, a Destroy ability
      case "start": case "gnjoin": return "area-" + p[1];
      case "chapter": return "journals";
      case "gndestroy": return p[1];
      case "fx": {
        const src = p[1];
        if (src === "d" || src === "e" || src === "r") return here(view, ctx);
        if (src[0] === "l") return "area-" + src.slice(1);
        return src.slice(2);  // a=ability, c=civilian, i=item, k=complication
      }
      default: return null;
    }
  }

  function nameOf(id, view, ctx) {
    if (!id) return id;
    if (id.startsWith("area-")) return areaName(view, ctx, Number(id.slice(5)));
    if (id.startsWith("col-")) return "column " + ROMAN[Number(id.slice(4))];
    if (id.startsWith("player-")) return ctx.seatName(Number(id.slice(7)));
    if (id === "mood") return "your mood track";
    if (id === "invention") return "the Incredible Invention";
    if (id === "journals") return "the journals";
    if (id === "shard") return "the Core Shard";
    if (id === "encounter") return "the encounter in progress";
    if (id.startsWith("crisis-card-")) {
      const card = ((view.crisis || {}).cards || []).find(c => c.area === Number(id.slice(12)));
      return card ? `the crisis card ${card.name}` : "the crisis card here";
    }
    for (const kind of ["items", "civilians", "abilities", "complications", "locations"]) {
      const x = ((ctx.data || {})[kind] || {})[id];
      if (x) return x.name;
    }
    return id;
  }

  function actionable(g, key, byTarget, ctx) {
    const acts = key === null ? null : byTarget.get(key);
    if (!acts || !acts.length) return false;
    g.setAttribute("class", "sf-actionable card-actionable");
    g.setAttribute("data-target", key);
    g.addEventListener("click", ev => { ev.stopPropagation(); ctx.select(key); });
    return acts;
  }

  function chip(g, x, y, label, fill, attrs = {}) {
    const w = label.length * 6.6 + 10;
    g.append(s("rect", { x, y: y - 11, width: w, height: 15, rx: 7, fill }));
    g.append(text(x + 5, y, label, Object.assign({ "font-size": 10.5, fill: "#fff", "font-weight": 700 }, attrs)));
    return w;
  }

  function standee(g, x, y, seat, view, ctx) {
    const p = view.players[seat] || {};
    const sg = s("g", { "data-standee": seat });
    sg.append(s("circle", { cx: x, cy: y, r: 10, fill: BW.seatColor(seat), stroke: "#1d1a16", "stroke-width": 1.5 }));
    sg.append(text(x, y + 4, String(seat), { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }));
    sg.append(title(`${ctx.seatName(seat)}: ${info(ctx, "characters", p.char).name}`));
    g.append(sg);
  }

  function cube(g, x, y, seat) {
    g.append(s("rect", { x, y: y - 9, width: 10, height: 10, rx: 1.5, fill: BW.seatColor(seat), stroke: "#1d1a16", "stroke-width": 1, "data-cube": seat }));
  }

  // ------------------------------------------------------------------ the city
  function mapGeometry(view) {
    const ds = (view.areas || []).filter(a => a.kind === "district");
    if (!ds.length) return null;
    const rows = ds.map(a => a.cell[0]), cols = ds.map(a => a.cell[1]);
    const r0 = Math.min(...rows), c0 = Math.min(...cols);
    const nr = Math.max(...rows) - r0 + 1, nc = Math.max(...cols) - c0 + 1;
    return { r0, c0, w: nc * T + 2 * M, h: nr * T + 2 * M,
      at: a => [M + (a.cell[1] - c0) * T, M + (a.cell[0] - r0) * T] };
  }

  function triangles(g, side, n) {
    for (let i = 0; i < n; i++) {
      const o = (i - (n - 1) / 2) * 13;
      let pts;
      if (side === 0) pts = [[T / 2 + o - 5, 2], [T / 2 + o + 5, 2], [T / 2 + o, 11]];
      else if (side === 2) pts = [[T / 2 + o - 5, T - 2], [T / 2 + o + 5, T - 2], [T / 2 + o, T - 11]];
      else if (side === 3) pts = [[2, T / 2 + o - 5], [2, T / 2 + o + 5], [11, T / 2 + o]];
      else pts = [[T - 2, T / 2 + o - 5], [T - 2, T / 2 + o + 5], [T - 11, T / 2 + o]];
      g.append(s("polygon", { points: pts.map(p => p.join(",")).join(" "), fill: "#b5392c", stroke: "#6e1d14", "stroke-width": 0.6 }));
    }
  }

  function tokenChips(g, x0, y, tokens, maxw, small) {
    let x = x0;
    for (const [k, n] of Object.entries(tokens || {})) {
      if (!n) continue;
      const [word, fill] = TOKEN[k] || [k, "#777"];
      const label = small ? `${n} ${word.split(" ")[0].slice(0, 4)}` : `${n} ${word}`;
      const w = label.length * 6.6 + 10;
      if (x + w > x0 + maxw && x > x0) { x = x0; y += 18; }
      chip(g, x, y, label, fill);
      x += w + 4;
    }
    return y;
  }

  function drawDistrict(view, ctx, a, byTarget, xy) {
    const d = info(ctx, "districts", a.district_id);
    const g = s("g", { transform: `translate(${xy[0]},${xy[1]})`, "data-area": a.id, "data-district": a.district_id });
    const acts = actionable(g, "area-" + a.id, byTarget, ctx);
    g.append(s("rect", { width: T, height: T, fill: TYPE_FILL[d.type] || "#ddd", stroke: acts ? ORANGE : TYPE_RING[d.type] || "#555",
      "stroke-width": acts ? 5 : 1.5 }));
    a.pathways.forEach((n, side) => triangles(g, side, n));
    g.append(text(T / 2, 29, cut(d.name, 24), { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d1a16" }));
    g.append(text(T / 2, 43, `${d.type} district`, { "text-anchor": "middle", "font-size": 10, fill: "#5b5146", "font-style": "italic" }));
    let y = tokenChips(g, 16, 62, a.tokens, T - 32, false);
    if (a.ruins) {
      y += 19;
      const r = info(ctx, "ruins", a.ruins);
      const rg = s("g", { "data-ruins": a.ruins });
      rg.append(s("polygon", { points: `16,${y - 4} 22,${y - 11} 28,${y - 4} 22,${y + 3}`, fill: a.explored ? "#c9b98f" : "#6b5a3a", stroke: "#3b342b" }));
      rg.append(text(32, y, `ruins, ${a.explored ? "explored" : "unexplored"} side`, { "font-size": 10.5, fill: "#3b342b" }));
      rg.append(title(r.text || "ruins"));
      g.append(rg);
    }
    if (a.tablet) {
      y += 19;
      const tab = ((ctx.data || {}).tablets || {})[a.tablet] || { ciphers: [] };
      const tg = s("g", { "data-tablet": a.tablet });
      tg.append(s("rect", { x: 14, y: y - 12, width: 106, height: 16, rx: 3, fill: "#efe6d2", stroke: "#6b5a3a" }));
      tab.ciphers.forEach((c, i) => tg.append(s("circle", { cx: 24 + i * 13, cy: y - 4, r: 5, fill: CIPHER[c] || "#999" })));
      tg.append(text(62, y, "tablet 3 VP", { "font-size": 10, fill: "#3b342b" }));
      tg.append(title(`cipher tablet: break its ${tab.ciphers.join(", ")} ciphers in one turn to take it (3 VP)`));
      g.append(tg);
    }
    (a.cubes || []).forEach((seat, i) => cube(g, 16 + i * 13, T - 44, seat));
    if (view.crisis) crisisMarks(g, view, ctx, a);
    if (a.event) {
      const ev = info(ctx, "events", a.event);
      const eg = s("g", { "data-event": a.event });
      eg.append(s("rect", { x: 12, y: T - 36, width: T - 24, height: 18, rx: 4, fill: "#e6dcf3", stroke: "#7a4bb0" }));
      eg.append(text(T / 2, T - 23, cut((ev.permanent ? "∞ " : "") + "event: " + ev.name, 26), { "text-anchor": "middle", "font-size": 10.5, fill: "#3d2466", "font-weight": 600 }));
      eg.append(title(`${ev.name}: ${ev.text}`));
      if (view.genesis) genesisCubes(eg, view, a);
      g.append(eg);
    }
    const who = (view.players || []).map((p, i) => [p, i]).filter(([p]) => p.at === a.id).map(([, i]) => i);
    who.forEach((seat, i) => standee(g, T - 24 - i * 22, a.event ? T - 50 : T - 28, seat, view, ctx));
    if (view.ai) aiMarks(g, view, a, 16, a.event ? T - 50 : T - 28, T);
    const paths = a.pathways.map((n, i) => `${SIDES[i]} ${n}`).join(", ");
    g.prepend(title(`${d.name} (${d.type}): ${d.text}\nEntering from each side costs the triangles on it: ${paths}.` +
      (acts ? "\nClick: " + acts.map(x => x.label).join(" / ").slice(0, 300) : "")));
    return g;
  }

  // A secret location's card just outside its border. Where the cell beyond that border is
  // an empty corner of the grid that another district's location also reaches into, both
  // move away from that corner (north/south ones sideways, east/west ones up or down).
  function slotBox(side, xy, cell, taken) {
    const [tx, ty] = xy;
    const [r, c] = cell;
    const has = (rr, cc) => taken.has(rr + "," + cc);
    if (side === 0 || side === 2) {
      const br = side === 0 ? r - 1 : r + 1;
      const shift = has(br, c + 1) ? -T / 2 + 66 : has(br, c - 1) ? T / 2 - 66 : 0;
      return [tx + T / 2 - 62 + shift, side === 0 ? ty - 8 - 58 : ty + T + 8, 124, 58];
    }
    const bc = side === 3 ? c - 1 : c + 1;
    const shift = has(r + 1, bc) ? -T / 2 + 42 : has(r - 1, bc) ? T / 2 - 42 : 0;
    return [side === 3 ? tx - 8 - 94 : tx + T + 8, ty + T / 2 - 38 + shift, 94, 76];
  }

  function drawSlot(view, ctx, a, byTarget, xy, cell, taken) {
    const [x, y, w, h] = slotBox(a.side, xy, cell, taken);
    const g = s("g", { transform: `translate(${x},${y})`, "data-area": a.id, "data-location": a.location ? (a.revealed ? "revealed" : "known") : "hidden" });
    const acts = actionable(g, "area-" + a.id, byTarget, ctx);
    // the connector to its district's border
    const cx = w / 2, cy = h / 2;
    const line = a.side === 0 ? [cx, h, cx, h + 8] : a.side === 2 ? [cx, 0, cx, -8] : a.side === 3 ? [w, cy, w + 8, cy] : [0, cy, -8, cy];
    g.append(s("line", { x1: line[0], y1: line[1], x2: line[2], y2: line[3], stroke: "#3b342b", "stroke-width": 3 }));
    const loc = a.location ? info(ctx, "locations", a.location) : null;
    const fill = a.revealed ? "#f6ecd0" : loc ? "#7d6450" : "#4f3d30";
    g.append(s("rect", { width: w, height: h, rx: 6, fill, stroke: acts ? ORANGE : a.revealed ? "#8a7a52" : "#2b2018",
      "stroke-width": acts ? 5 : 1.5, "stroke-dasharray": loc && !a.revealed ? "5 3" : null }));
    const ink = a.revealed ? "#1d1a16" : "#f3e6c4";
    const n = w > 100 ? 19 : 14;
    let ty = 14;
    if (loc) {
      const lines = wrap(loc.name, n).slice(0, 2);
      for (const l of lines) { g.append(text(6, ty, cut(l, n), { "font-size": 10.5, "font-weight": 700, fill: ink })); ty += 12; }
      if (!a.revealed) { g.append(text(6, ty, "face down: seen", { "font-size": 9.5, fill: ink, "font-style": "italic" })); ty += 12; }
    } else {
      g.append(text(6, ty, "secret location", { "font-size": 10, fill: ink, "font-style": "italic" }));
      g.append(text(w - 8, ty + 16, "?", { "text-anchor": "end", "font-size": 16, "font-weight": 700, fill: "#c9a86a" }));
      ty += 12;
    }
    const chipsY = h - 7;
    let cxp = 5;
    for (const [k, nn] of Object.entries(a.tokens || {})) {
      if (!nn) continue;
      const [word, col] = TOKEN[k] || [k, "#777"];
      cxp += chip(g, cxp, chipsY, `${nn} ${word.split(" ")[0]}`, col) + 3;
    }
    (a.cubes || []).forEach(seat => { cube(g, cxp, chipsY + 2, seat); cxp += 12; });
    const who = (view.players || []).map((p, i) => [p, i]).filter(([p]) => p.at === a.id).map(([, i]) => i);
    who.forEach((seat, i) => standee(g, w - 12 - i * 21, h - 26, seat, view, ctx));
    if (view.ai) aiMarks(g, view, a, 12, h - 26, w);
    const looked = (a.looked || []).length ? `\nlooked at by: ${a.looked.map(p => "seat " + p).join(", ")}` : "";
    const what = loc ? `${loc.name}${a.revealed ? " (revealed)" : " (face down; you have seen it)"}: ${loc.text}` : "A face-down secret location.";
    g.prepend(title(`Secret location ${a.id}, ${SIDES[a.side]} of ${areaName(view, ctx, a.district)}; entering costs 1 movement.\n${what}${looked}` +
      (acts ? "\nClick: " + acts.map(x => x.label).join(" / ").slice(0, 300) : "")));
    return g;
  }

  function drawMap(view, ctx, byTarget, geo, top) {
    const g = s("g", { transform: `translate(10,${top})`, id: "sf-map" });
    g.append(s("rect", { width: geo.w, height: geo.h, rx: 12, fill: "#efe6d2", stroke: "#bfb49c" }));
    const pos = {};
    for (const a of view.areas) if (a.kind === "district") pos[a.id] = geo.at(a);
    for (const a of view.areas) if (a.kind === "district") g.append(drawDistrict(view, ctx, a, byTarget, pos[a.id]));
    const taken = new Set(view.areas.filter(a => a.kind === "district").map(a => a.cell.join(",")));
    for (const a of view.areas) if (a.kind === "secret-location") g.append(drawSlot(view, ctx, a, byTarget, pos[a.district], view.areas[a.district].cell, taken));
    return g;
  }

  // ------------------------------------------------------------------ the side panel
  function drawSide(view, ctx, byTarget, x, y, w) {
    const g = s("g", { transform: `translate(${x},${y})`, id: "sf-side" });
    let h = 0;
    const line = (str, attrs = {}) => { g.append(text(0, h + 14, str, Object.assign({ "font-size": 12 }, attrs))); h += 18; };
    const inv = view.invention;
    if (inv) {
      const card = (ctx.data || {}).invention || { rows: [], side: "normal" };
      const ig = s("g", { "data-invention": "1" });
      const acts = actionable(ig, "invention", byTarget, ctx);
      const top = h, rowH = 20;
      const boxH = 40 + 3 * rowH + 76;
      ig.append(s("rect", { x: 0, y: top, width: w, height: boxH, rx: 8, fill: "#fbf3df", stroke: acts ? ORANGE : "#a8812a", "stroke-width": acts ? 5 : 1.5 }));
      ig.append(text(10, top + 20, `Incredible Invention · ${card.side} side · ${plural(view.players.length, "player")}`, { "font-size": 14, "font-weight": 700 }));
      const cols = [10, 80, 190, 310];
      ["round", "marketing VP", "permissions", "completion"].forEach((hd, i) => ig.append(text(cols[i], top + 38, hd, { "font-size": 10.5, fill: "#6b5f4d", "font-weight": 700 })));
      card.rows.forEach((r, i) => {
        const ry = top + 42 + i * rowH, cur = view.round === i + 1;
        if (cur) ig.append(s("rect", { x: 4, y: ry, width: w - 8, height: rowH - 2, rx: 4, fill: "#f3d98a" }));
        ig.append(text(cols[0] + 14, ry + 14, String(i + 1), { "font-weight": cur ? 700 : 400 }));
        r.forEach((n, k) => ig.append(text(cols[k + 1] + 20, ry + 14, String(n), { "font-weight": cur ? 700 : 400 })));
      });
      const vpHeld = view.players.reduce((t, p) => t + ((p.res || {}).vp || 0) + (p.diamonds || 0), 0);
      const cubes = view.areas.filter(a => a.kind === "secret-location").reduce((t, a) => t + a.cubes.length, 0);
      const by = top + 44 + 3 * rowH;
      const req = inv.requirement;
      ig.append(text(10, by + 14, req ? `this round needs ${req[0]} VP, ${plural(req[1], "cube")} and ${req[2]} completion` : "the rows are checked at each round's resolution",
        { "font-size": 12, "font-weight": 700 }));
      const steamPart = inv.paid.steam || 0, insightPart = inv.quarters - 2 * steamPart;  // one way per completion
      ig.append(text(10, by + 32, cut(`completion ${inv.completion}` + (insightPart ? ` (+${insightPart}/4 insight)` : "") +
        (steamPart ? ` (+${steamPart}/2 steam)` : "") +
        ` · the team holds ${vpHeld} VP · ${plural(cubes, "cube")} on secret locations`, Math.floor((w - 16) / 6.3)), { "font-size": 11.5 }));
      ig.append(text(10, by + 50, `paid at resolution so far: ${inv.paid.vp} VP, ${plural(inv.paid.cubes, "cube")}`,
        { "font-size": 11.5, fill: "#5b5146" }));
      ig.append(title("Each round's row must be met at its resolution phase: marketing (VP), permissions (influence cubes taken back from secret locations) and completion (4 insight or 2 steam each, split among the players)." +
        (acts ? "\nClick: " + acts.map(a => a.label).join(" / ").slice(0, 300) : "")));
      g.append(ig);
      h += boxH + 10;
      line("Complications", { "font-weight": 700, fill: "#555", "font-size": 13 });
      if (!inv.complications.length) line("none in play yet", { fill: "#6b6b6b", "font-style": "italic" });
      for (const c of inv.complications) {
        const ci = info(ctx, "complications", c.id);
        const cg = s("g", { "data-complication": c.id });
        const cacts = actionable(cg, c.id, byTarget, ctx);
        const lines = wrap(ci.text.replace(/^complication; /, ""), 66).slice(0, 3);
        const ch = 24 + lines.length * 14;
        cg.append(s("rect", { x: 0, y: h, width: w, height: ch, rx: 6, fill: c.overcome ? "#e3f0dc" : "#f7e3de", stroke: cacts ? ORANGE : c.overcome ? "#3aa657" : "#b5392c", "stroke-width": cacts ? 4 : 1.2 }));
        cg.append(text(8, h + 16, ci.name + (c.overcome ? " · overcome" : ""), { "font-size": 12.5, "font-weight": 700 }));
        for (let k = 0; k < c.need; k++) {
          cg.append(s("circle", { cx: w - 14 - (c.need - 1 - k) * 15, cy: h + 12, r: 5.5, fill: k < c.progress ? "#3aa657" : "#fff", stroke: "#3b342b", "data-progress": k < c.progress ? 1 : 0 }));
        }
        lines.forEach((l, k) => cg.append(text(8, h + 32 + k * 14, l, { "font-size": 10.5, fill: "#3b342b" })));
        cg.append(title(`${ci.name}: ${ci.text}\nprogress ${c.progress} of ${c.need}`));
        g.append(cg);
        h += ch + 6;
      }
      h += 4;
    } else if (view.genesis) {
      h = drawGenesis(view, ctx, byTarget, g, h, w);
      if (view.ai) h = drawAI(view, ctx, g, h, w);
    } else if (view.crisis) {
      h = drawCrisis(view, ctx, byTarget, g, h, w);
    } else {
      line("Cipher Race", { "font-weight": 700, "font-size": 15 });
      const ciphers = Object.entries((ctx.data || {}).ciphers || {});
      const cw = (w - 16) / 3;
      ciphers.forEach(([col, c], i) => {
        const cg = s("g", { transform: `translate(${i * (cw + 8)},${h})`, "data-cipher": col });
        cg.append(s("rect", { width: cw, height: 44, rx: 6, fill: CIPHER[col], stroke: "#1d1a16" }));
        cg.append(text(cw / 2, 17, `${col} cipher`, { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }));
        cg.append(text(cw / 2, 34, `${c.actions} ${c.action} / ${c.insight} ins`, { "text-anchor": "middle", "font-size": 10.5, fill: "#fff" }));
        cg.append(title(`${col} cipher: broken with ${c.actions} ${c.action} or ${c.insight} insight`));
        g.append(cg);
      });
      h += 52;
      const onMap = view.areas.filter(a => a.tablet).length;
      line(`cipher tablets on the map: ${onMap} · break all three ciphers of one in a turn: 3 VP`, { "font-size": 11.5 });
      const vpNow = view.players.map(p => ((p.res || {}).vp || 0) + ((p.diamonds || 0) >= 4 ? 6 : (p.diamonds || 0)) + 3 * (p.tablets || []).length);
      line("VP so far: " + vpNow.map((n, p) => `seat ${p} ${n}`).join(" · "), { "font-size": 12, "font-weight": 700 });
      line("(VP tokens, diamonds and tablets; secret locations count at the end)", { "font-size": 10.5, fill: "#6b6b6b" });
      h += 4;
    }
    // decks and supplies
    const dk = view.decks || {};
    line("Decks and supply", { "font-weight": 700, fill: "#555", "font-size": 13 });
    const deckText = [["base", "base items"], ["addon", "add-ons"], ["relic", "relics"], ["civ", "civilians"], ["loc", "locations"],
      ["event", "events"], ["comp", "complications"]].filter(([k]) => dk[k] !== undefined && (k !== "comp" || inv) && (k !== "event" || dk[k] || view.event_discard.length))
      .map(([k, name]) => `${name} ${dk[k]}`);
    for (let i = 0; i < deckText.length; i += 4) line(deckText.slice(i, i + 4).join(" · "), { "font-size": 11.5 });
    const sup = view.supply || {};
    line(`trash ${view.trash.length} · box ${view.box.length} · ruins left ${view.ruins_supply}`, { "font-size": 11.5 });
    line(`supply: ${sup.civilian} civilians · ${sup.workshop} workshop tokens · ${sup.diamond} VP diamonds`, { "font-size": 11.5 });
    if ((view.event_discard || []).length) {
      for (const l of wrap("events gone: " + view.event_discard.map(e => info(ctx, "events", e).name).join(", "), 64).slice(0, 2)) line(l, { "font-size": 11, fill: "#6b6b6b" });
    }
    if ((view.drafted_tiles || []).length) line("drafted tiles: " + view.drafted_tiles.map(d => info(ctx, "districts", d).name).join(", "), { "font-size": 11.5 });
    g.height = h;
    return g;
  }

  // ------------------------------------------------------------------ character boards
  function cardBox(g, x, y, w, h, key, byTarget, ctx, fill, ring, attrs) {
    const cg = s("g", Object.assign({ transform: `translate(${x},${y})` }, attrs));
    const acts = actionable(cg, key, byTarget, ctx);
    cg.append(s("rect", { width: w, height: h, rx: 6, fill: acts ? "#fff2c6" : fill, stroke: acts ? ORANGE : ring, "stroke-width": acts ? 4 : 1.2 }));
    g.append(cg);
    return [cg, acts];
  }

  function drawPlayer(view, ctx, byTarget, seat, w) {
    const p = view.players[seat];
    const me = ctx.seat === seat;
    const mine = key => (me ? key : null);
    const g = s("g", { "data-player": seat });
    const toAct = (view.to_act || []).includes(seat);
    const frame = s("rect", { width: w, height: 100, rx: 10, fill: "#fbf7ee", stroke: toAct ? BW.seatColor(seat) : "#bfb49c", "stroke-width": toAct ? 3 : 1 });
    const band = s("rect", { width: 10, height: 100, rx: 5, fill: BW.seatColor(seat) });
    g.append(frame, band);
    const trade = actionable(g, "player-" + seat, byTarget, ctx);
    if (trade) g.append(title("Click: " + trade.map(a => a.label).join(" / ")));
    const ch = (ctx.data || {}).characters ? ctx.data.characters[p.char] : null;
    const where = p.at !== undefined && p.at >= 0 ? " · at " + shortArea(view, ctx, p.at) : "";
    g.append(text(20, 22, cut(`${ctx.seatName(seat)} · ${ch ? ch.name : "choosing a character"}${where}`, Math.floor((w - (toAct ? 110 : 30)) / 9)),
      { "font-size": 15, "font-weight": 700, fill: BW.seatColor(seat) }));
    if (toAct) g.append(text(w - 12, 22, "◀ to act", { "text-anchor": "end", "font-size": 13, "font-weight": 700, fill: BW.seatColor(seat) }));
    if (!ch || !p.res) {
      g.height = 40;
      frame.setAttribute("height", 40); band.setAttribute("height", 40);
      return g;
    }
    if (ch.text) g.append(title(`${ch.name}: ${ch.text}`));
    // resources
    let x = 20, y = 44;
    for (const [k, label, col] of RES) x += chip(g, x, y, `${label} ${p.res[k]}`, col, { "data-res": k }) + 5;
    if (p.diamonds) x += chip(g, x, y, `◆ ${p.diamonds}`, "#2aa6a6") + 5;
    x += chip(g, x, y, `cubes ${p.cubes}`, BW.seatColor(seat)) + 5;
    if ((p.tablets || []).length) x += chip(g, x, y, `tablets ${p.tablets.length}`, "#6b5a3a") + 5;
    const pool = Object.entries(p.pool || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`);
    y += 20;
    g.append(text(20, y, `actions to spend: ${pool.join(", ") || "none"}` + (p.col >= 0 ? ` · column ${ROMAN[p.col]} active` : "") +
      (p.reset ? " · mood reset used" : "") + ` · hand ${p.hand_size}`, { "font-size": 11.5, fill: "#3b342b" }));
    // the four columns with their selection boxes and action tokens
    y += 10;
    const boxes = (ctx.data || {}).boxes || [2, 2, 1];
    const cw = (w - 30 - 3 * 8) / 4;
    const capMax = Math.max(...ch.capacity);
    const colH = 26 + capMax * 19 + 4;
    for (let k = 0; k < 4; k++) {
      const cx = 20 + k * (cw + 8);
      const active = p.col === k;
      const [cg] = cardBox(g, cx, y, cw, colH, mine("col-" + k), byTarget, ctx, active ? "#fdf0c8" : "#f1ebdd", active ? BW.seatColor(seat) : "#b5aa92", { "data-column": k });
      cg.append(text(8, 17, ROMAN[k], { "font-size": 14, "font-weight": 700 }));
      if (k < 3) {
        for (let b = 0; b < boxes[k]; b++) {
          const bx = cw - 10 - (boxes[k] - b) * 17;
          const used = b < p.boxes[k];
          cg.append(s("rect", { x: bx, y: 5, width: 14, height: 14, rx: 2, fill: used ? "#3b342b" : "#fff", stroke: "#3b342b", "data-box": used ? 1 : 0 }));
          if (used) cg.append(text(bx + 7, 16, "✓", { "text-anchor": "middle", "font-size": 11, fill: "#fff" }));
        }
      } else cg.append(text(cw - 8, 16, "auto, end of round", { "text-anchor": "end", "font-size": 9.5, fill: "#6b5f4d", "font-style": "italic" }));
      const toks = p.cols[k] || [];
      for (let i = 0; i < ch.capacity[k]; i++) {
        const ty = 24 + i * 19;
        const tid = toks[i];
        if (tid) {
          const tk = ch.tokens[tid] || { short: tid, label: tid };
          cg.append(s("rect", { x: 6, y: ty, width: cw - 12, height: 16, rx: 8, fill: "#5d6d7e" }));
          cg.append(text(cw / 2, ty + 12, cut(tk.label, Math.floor((cw - 16) / 6)), { "text-anchor": "middle", "font-size": 10.5, fill: "#fff", "font-weight": 600 }));
        } else {
          cg.append(s("rect", { x: 6, y: ty, width: cw - 12, height: 16, rx: 8, fill: "none", stroke: "#b5aa92", "stroke-dasharray": "4 3" }));
        }
      }
      cg.append(title(`column ${ROMAN[k]}: ${toks.map(t => (ch.tokens[t] || { label: t }).label).join(", ") || "empty"} (room for ${ch.capacity[k]})` +
        (k < 3 ? `; ${p.boxes[k]} of ${boxes[k]} selection boxes used this round` : "; activates by itself at the end of the round")));
    }
    y += colH + 16;
    if ((p.spare || []).length) {
      g.append(text(20, y, cut(`spare tokens (${p.spare.length}): ` + p.spare.map(t => (ch.tokens[t] || { short: t }).short).join(", "), Math.floor((w - 30) / 6)),
        { "font-size": 11, fill: "#6b6b6b" }));
      y += 10;
    }
    // the mood track, groups between the levels
    y += 8;
    const levels = [];
    for (let m = ch.mood_min; m <= ch.mood_max; m++) levels.push(m);
    const mw = 36;
    const mg = s("g", { transform: `translate(20,${y})`, "data-mood": p.mood });
    const macts = actionable(mg, mine("mood"), byTarget, ctx);
    // a hit area over the whole track, labels included (clicks between the cells count too)
    mg.append(s("rect", { x: -4, y: -4, width: 44 + levels.length * mw + 4, height: 52, rx: 6,
      fill: macts ? "#fff2c6" : "transparent", stroke: macts ? ORANGE : "none", "stroke-width": 2 }));
    mg.append(text(0, 14, "mood", { "font-size": 12, "font-weight": 700 }));
    levels.forEach((m, i) => {
      const mx = 44 + i * mw, on = m === p.mood;
      mg.append(s("rect", { x: mx, y: 0, width: mw - 4, height: 20, rx: 4, fill: on ? BW.seatColor(seat) : m === 0 ? "#e3ddd0" : m < 0 ? "#f1d7d2" : "#d7e6f1",
        stroke: macts ? ORANGE : "#8a7f6a", "stroke-width": macts ? 2.5 : 1 }));
      mg.append(text(mx + (mw - 4) / 2, 14, (m > 0 ? "+" : "") + m, { "text-anchor": "middle", "font-size": 11, "font-weight": on ? 700 : 400, fill: on ? "#fff" : "#3b342b" }));
    });
    ch.groups.forEach((gr, i) => {
      const [a, b] = gr.between;
      const ia = levels.indexOf(a), ib = levels.indexOf(b);
      const bx = 44 + Math.max(ia, ib) * mw - 2;
      mg.append(text(bx, 33 + (i % 2) * 11, gr.short, { "text-anchor": "middle", "font-size": 9.5, fill: "#5b5146" }));
    });
    mg.append(title(`mood ${p.mood} (from ${ch.mood_min} to ${ch.mood_max}); a reset back to 0 gains every group passed: ` +
      ch.groups.map(gr => `${gr.between.join("..")}: ${gr.label}`).join("; ") + (macts ? "\nClick: " + macts.map(a => a.label).join(" / ") : "")));
    g.append(mg);
    // abilities beside the mood track
    let ax = 20 + 44 + levels.length * mw + 14;
    g.append(text(ax, y + 14, "abilities:", { "font-size": 11.5, "font-weight": 700 }));
    ax += 62;
    let ay = y;
    for (const ab of p.abil || []) {
      const ai = info(ctx, "abilities", ab);
      const aw = Math.min(w - ax - 12, ai.name.length * 6.6 + 14);
      if (ax + aw > w - 10) { ax = 20 + 44 + levels.length * mw + 76; ay += 22; }
      const [ag] = cardBox(g, ax, ay, aw, 20, mine(ab), byTarget, ctx, "#e6dcf3", "#7a4bb0", { "data-ability": ab });
      ag.append(text(7, 14, cut(ai.name, Math.floor((aw - 10) / 6.4)), { "font-size": 11, "font-weight": 600, fill: "#3d2466" }));
      ag.append(title(`${ai.name}: ${ai.text}`));
      ax += aw + 6;
    }
    y = Math.max(y + 66, ay + 36);
    // cards: items in play, civilians, hand
    const cardW = (w - 30 - 3 * 8) / 4;
    const items = (ctx.data || {}).items || {};
    const row = (label, list, h, draw) => {
      g.append(text(20, y + 2, label, { "font-size": 12, "font-weight": 700, fill: "#555" }));
      if (!list.length) { g.append(text(20 + label.length * 7.4 + 10, y + 2, "none", { "font-size": 11, fill: "#8a8a8a", "font-style": "italic" })); y += 22; return; }
      y += 8;
      list.forEach((id, i) => {
        if (i && i % 4 === 0) y += h + 6;
        draw(id, 20 + (i % 4) * (cardW + 8), y);
      });
      y += h + 16;
    };
    const bases = (p.play || []).filter(i => !(p.attach || {})[i]);
    row("items in play", bases, 66, (id, cx, cy) => {
      const it = items[id] || { name: id, gauge: 0, green: 0, keywords: [] };
      const group = [id, ...Object.entries(p.attach || {}).filter(([, b]) => b === id).map(([k]) => k)];
      const gauge = group.filter(i => i === id || (items[i] || {}).kind === "module").reduce((t, i) => t + ((items[i] || {}).gauge || 0), 0);
      const green = group.filter(i => i === id || (items[i] || {}).kind === "module").reduce((t, i) => t + ((items[i] || {}).green || 0), 0);
      const power = group.reduce((t, i) => t + ((p.power || {})[i] || 0), 0);
      const [cg, acts] = cardBox(g, cx, cy, cardW, 66, mine(id), byTarget, ctx, "#fffdf8", "#8a7f6a", { "data-item": id, "data-power": power });
      cg.append(text(7, 15, cut(it.name, Math.floor((cardW - 12) / 6.6)), { "font-size": 11.5, "font-weight": 700 }));
      cg.append(text(7, 28, cut([it.kind, ...(it.keywords || [])].join(" · ") + ((p.used || []).includes(id) ? " · used" : ""), Math.floor((cardW - 12) / 5.6)), { "font-size": 9.5, fill: "#6b6b6b" }));
      for (let k = 0; k < gauge; k++) {
        cg.append(s("rect", { x: 7 + k * 13, y: 34, width: 11, height: 10, rx: 2, fill: k < power ? "#e0a21b" : "#fff",
          stroke: k < green ? "#3aa657" : "#8a7f6a", "stroke-width": k < green ? 2 : 1 }));
      }
      if (gauge) cg.append(text(9 + gauge * 13, 43, `${power}/${gauge}`, { "font-size": 9.5, fill: "#3b342b" }));
      const extra = group.slice(1).map(i => (items[i] || { name: i }).name);
      if (extra.length) cg.append(text(7, 58, cut("+ " + extra.join(", "), Math.floor((cardW - 12) / 5.6)), { "font-size": 9.5, fill: "#3d2466" }));
      cg.append(title(group.map(i => `${(items[i] || { name: i }).name}: ${(items[i] || {}).text || ""}`).join("\n") +
        `\npower ${power} of ${gauge} (green segments: starting power and recharge)` + (acts ? "\nClick: " + acts.map(a => a.label).join(" / ").slice(0, 300) : "")));
    });
    const civs = (ctx.data || {}).civilians || {};
    row("civilians", p.civs || [], 58, (id, cx, cy) => {
      const v = civs[id] || { name: id, quest: "", steps: 1, keyword: "" };
      const done = view.players.some(q => (q.done || []).includes(id));  // once per game (§8)
      const prog = done ? v.steps : ((p.prog || {})[id] || 0);
      const [cg, acts] = cardBox(g, cx, cy, cardW, 58, mine(id), byTarget, ctx, done ? "#e3f0dc" : "#f2f7ee", "#3aa657", { "data-civilian": id, "data-progress": prog });
      cg.append(text(7, 15, cut(v.name + (v.keyword ? ` (${v.keyword})` : ""), Math.floor((cardW - 12) / 6.4)), { "font-size": 11.5, "font-weight": 700 }));
      cg.append(text(7, 29, cut("quest: " + v.quest, Math.floor((cardW - 12) / 5.5)), { "font-size": 9.5, fill: "#3b342b" }));
      for (let k = 0; k < v.steps; k++) cg.append(s("circle", { cx: 12 + k * 14, cy: 44, r: 5, fill: k < prog ? "#3aa657" : "#fff", stroke: "#3b342b" }));
      if (done) cg.append(text(14 + v.steps * 14, 48, "quest done", { "font-size": 10, "font-weight": 700, fill: "#2d7a3e" }));
      cg.append(title(`${v.name}: ${v.text || ""}\nquest ${prog} of ${v.steps}` + (acts ? "\nClick: " + acts.map(a => a.label).join(" / ").slice(0, 300) : "")));
    });
    if (me && p.hand) {
      const cards = [...p.hand.map(c => [c, false]), ...(p.pending || []).map(c => [c, true])];
      row("your hand" + ((p.pending || []).length ? " (and cards just drawn)" : ""), cards, 40, (pair, cx, cy) => {
        const [id, drawn] = pair;
        const it = items[id] || { name: id, cost: "", deck: "" };
        const [cg, acts] = cardBox(g, cx, cy, cardW, 40, id, byTarget, ctx, drawn ? "#fff7e0" : "#fffdf8", drawn ? "#c99a16" : "#8a7f6a", { "data-hand": id });
        cg.append(text(7, 15, cut(it.name, Math.floor((cardW - 12) / 6.6)), { "font-size": 11.5, "font-weight": 700 }));
        cg.append(text(7, 31, cut(`${drawn ? "drawn · " : ""}${it.deck === "relic" ? "relic" : it.kind} · cost ${it.cost}`, Math.floor((cardW - 12) / 5.6)), { "font-size": 9.5, fill: "#6b6b6b" }));
        cg.append(title(`${it.name}: ${it.text || ""}` + (acts ? "\nClick: " + acts.map(a => a.label).join(" / ").slice(0, 300) : "")));
      });
    }
    g.height = y;
    frame.setAttribute("height", y); band.setAttribute("height", y);
    return g;
  }

  // ------------------------------------------------------------------ Crisis (§16)
  function term(ctx, key) {
    return ((((ctx.data || {}).crisis || {}).terms || {})[key] || { text: "" }).text;
  }

  // a pylon (black cylinder) and a support stamina token on a district tile
  function crisisMarks(g, view, ctx, a) {
    const cr = view.crisis;
    if (cr.pylons.includes(a.id)) {
      const pg = s("g", { "data-pylon": a.id });
      pg.append(s("rect", { x: T - 30, y: 50, width: 16, height: 26, rx: 3, fill: "#1d1a16" }));
      pg.append(s("ellipse", { cx: T - 22, cy: 50, rx: 8, ry: 3, fill: "#4a4a4a" }));
      pg.append(title("Pylon: " + term(ctx, "crisis-pylon")));
      g.append(pg);
    }
    if (cr.support.includes(a.id)) {
      const sg = s("g", { "data-support": a.id });
      sg.append(s("circle", { cx: T - 22, cy: 92, r: 9, fill: "#3aa657", stroke: "#1d1a16" }));
      sg.append(text(T - 22, 96, "S", { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }));
      sg.append(title("Support stamina token: " + term(ctx, "crisis-support")));
      g.append(sg);
    }
  }

  function drawCrisis(view, ctx, byTarget, g, h, w) {
    const cr = view.crisis;
    // lines below the cards follow this panel's own height
    const line = (str, attrs = {}) => { g.append(text(0, h + 14, str, Object.assign({ "font-size": 12 }, attrs))); h += 18; };
    const name = a => areaName(view, ctx, a);
    const holder = (view.players[cr.shard.holder] || {}).char || "";
    const cg = s("g", { "data-crisis": "1" });
    cg.append(s("rect", { x: 0, y: h, width: w, height: 52, rx: 8, fill: cr.serenity <= 3 ? "#f7dcd6" : "#e6eef7", stroke: "#4a6a8a", "stroke-width": 1.5 }));
    cg.append(text(10, h + 20, `Crisis · ${cr.difficulty} · serenity ${cr.serenity} / 20`, { "font-size": 15, "font-weight": 700, "data-serenity": cr.serenity }));
    cg.append(text(10, h + 40, cut(`pylons: ${cr.pylons.map(name).join(", ") || "all destroyed"} · Core Shard: ${info(ctx, "characters", holder).name || holder} ${cr.shard.power}/${cr.shard.gauge} power (destroy ${cr.shard.destroy})`, Math.floor((w - 16) / 6.3)), { "font-size": 11.5 }));
    const sacts = actionable(cg, "shard", byTarget, ctx);
    const shardText = Object.values(((ctx.data || {}).crisis || {}).shard || {}).map(x => x.text).join(" ");
    cg.append(title(`Serenity: ${term(ctx, "crisis-serenity")}\nOptional challenge boxes ${cr.optional_active ? "count" : "do not count"} this round.\nCore Shard: ${shardText}` +
      (sacts ? "\nClick: " + sacts.map(x => x.label).join(" / ").slice(0, 300) : "")));
    if (sacts) cg.firstChild.setAttribute("stroke", ORANGE), cg.firstChild.setAttribute("stroke-width", 4);
    g.append(cg);
    h += 60;
    for (const card of cr.cards) {
      const kg = s("g", { "data-crisis-card": card.id });
      const ch = 24 + card.boxes.length * 16 + 16;
      const kacts = actionable(kg, "crisis-card-" + card.area, byTarget, ctx);
      const ktext = ((((ctx.data || {}).crisis || {}).crises || {})[card.id] || { text: "" }).text;
      kg.append(title(`${card.name}: ${ktext}` + (kacts ? "\nClick: " + kacts.map(x => x.label).join(" / ").slice(0, 300) : "")));
      kg.append(s("rect", { x: 0, y: h, width: w, height: ch, rx: 6, fill: kacts ? "#fff2c6" : "#f7ecdc", stroke: kacts ? ORANGE : "#8a4a2a", "stroke-width": kacts ? 4 : 1.2 }));
      kg.append(text(8, h + 16, `${card.name} · ${name(card.area)}`, { "font-size": 12.5, "font-weight": 700 }));
      card.boxes.forEach((b, k) => {
        const by = h + 24 + k * 16;
        const done = b.done_by >= 0;
        kg.append(s("rect", { x: 8, y: by, width: 11, height: 11, fill: done ? BW.seatColor(b.done_by) : "#fff", stroke: b.optional ? "#aaa" : "#3b342b", "stroke-dasharray": b.optional ? "2,2" : "", "data-box": done ? 1 : 0 }));
        kg.append(text(24, by + 10, cut(`${b.text} (${b.chaos} chaos${b.optional ? ", optional" + (b.counts ? "" : ", not counted") : ""}${b.shard ? ", Core Shard" : ""})`, Math.floor((w - 40) / 6)), { "font-size": 10.5, fill: b.counts ? "#3b342b" : "#999" }));
      });
      kg.append(text(8, h + ch - 5, cut(`reward ${card.reward} · penalty ${card.penalty}`, Math.floor((w - 16) / 6)), { "font-size": 10.5, fill: "#5b5146" }));
      g.append(kg);
      h += ch + 6;
    }
    const threats = view.areas.filter(a => (a.tokens || {}).mechanized || cr.support.includes(a.id))
      .map(a => `${name(a.id)}: ${[(a.tokens || {}).mechanized ? a.tokens.mechanized + " Mechanized" : "", (a.tokens || {}).civilian ? a.tokens.civilian + " civilians" : "", cr.support.includes(a.id) ? "support token" : ""].filter(Boolean).join(", ")}`);
    if (threats.length) for (const t of threats) line(cut(t, Math.floor(w / 6.3)), { "font-size": 11.5, "data-threat": 1 });
    const enc = cr.encounter;
    if (enc) {
      const eg = s("g", { "data-encounter-box": 1 });
      const rows = 2 + (enc.sup_names.length ? 1 : 0);
      const eacts = actionable(eg, "encounter", byTarget, ctx);
      eg.append(s("rect", { x: 0, y: h, width: w, height: 8 + rows * 18, rx: 6, fill: eacts ? "#fff2c6" : "#e9f3e6", stroke: eacts ? ORANGE : "#3aa657", "stroke-width": eacts ? 4 : 1.2 }));
      const cards = ((ctx.data || {}).crisis || {}).encounters || {};
      const tip = enc.cards.map(c => `${(cards[c] || {}).name || c}: ${(cards[c] || {}).text || ""}`).concat(enc.sup.map(c => `support ${(cards[c] || {}).name || c}: ${(cards[c] || {}).text || ""}`));
      eg.append(title(`Encounter with a ${enc.kind} by ${ctx.seatName(enc.p)}: ${term(ctx, "crisis-encounter")}\n${tip.join("\n")}` +
        (eacts ? "\nClick: " + eacts.map(x => x.label).join(" / ").slice(0, 300) : "")));
      g.append(eg);
      const eline = (str, attrs) => { eg.append(text(8, h + 18, str, Object.assign({ "font-size": 11.5 }, attrs))); h += 18; };
      eline(`Encounter (${enc.kind}) by ${ctx.seatName(enc.p)}: ${enc.succ} success${enc.succ === 1 ? "" : "es"}`, { "font-weight": 700, "data-encounter": 1, "font-size": 12 });
      eline(cut("drawn: " + enc.names.map((n, i) => n + (enc.used.includes(i) ? " (used)" : "")).join(", "), Math.floor(w / 6.3)), {});
      if (enc.sup_names.length) eline(cut("support cards: " + enc.sup_names.join(", "), Math.floor(w / 6.3)), {});
      h += 12;
    }
    line(`encounter deck ${cr.encounter_deck} · crisis deck ${cr.crisis_deck}`, { "font-size": 11, fill: "#6b6b6b" });
    return h;
  }

  // ------------------------------------------------------------------ Genesis (§17)
  // influence cubes on a scoring event card, beside its name on the district
  function genesisCubes(eg, view, a) {
    const sc = ((view.genesis || {}).scoring || []).find(x => x.area === a.id);
    if (!sc) return;
    sc.cubes.forEach((seat, i) => cube(eg, T - 28 - i * 13, T - 33, seat));
  }

  function drawGenesis(view, ctx, byTarget, g, h, w) {
    const gn = view.genesis;
    const line = (str, attrs = {}) => { g.append(text(0, h + 14, str, Object.assign({ "font-size": 12 }, attrs))); h += 18; };
    line(`Genesis · ${gn.rounds} rounds · journals`, { "font-weight": 700, "font-size": 15 });
    const jg = s("g", { "data-journals": "1" });
    const acts = actionable(jg, "journals", byTarget, ctx);
    const top = h;
    let y = 8;
    gn.journals.forEach((j, seat) => {
      const p = view.players[seat] || {};
      const who = `${ctx.seatName(seat)} (${info(ctx, "characters", p.char).name})`;
      let state = j.story === "over" ? "story over (Chapter F)" : j.done ? "objective met" : j.chapter && j.chapter !== "0" ? "objective open" : "";
      if (j.offer.length) state = j.chosen ? "has chosen in secret" : `choosing ${j.offer.join(" or ")}`;
      if (j.trapped >= 0) state += " · trapped";
      const head = j.chapter ? `${who}: chapter ${j.chapter} ${j.title}` : who;
      const row = s("g", { "data-journal": seat });
      row.append(text(8, top + y + 13, cut(head, fits(w, 12)), { "font-size": 12, "font-weight": 700 }));
      row.append(text(8, top + y + 27, state, { "font-size": 11, fill: j.done ? "#2f7a3e" : "#6b4a1a" }));
      const obj = j.objective ? "objective: " + j.objective : "";
      const prog = (j.progress || []).map(g => `${g.have}/${g.need} ${g.what}`).join(", ");
      const lines = wrap(obj + (prog ? ` (so far: ${prog})` : ""), fits(w, 10.5)).slice(0, 3);
      lines.forEach((l, k) => row.append(text(8, top + y + 41 + 13 * k, l, { "font-size": 10.5, fill: "#3b342b" })));
      row.append(title(`${who}\nchapters taken: ${j.kept.join(", ")}; discarded: ${j.discarded.join(", ") || "none"}; ${j.deck_size} left in the journal` +
        (j.pick ? `\nyour secret choice: ${j.pick}` : "")));
      jg.append(row);
      y += 36 + 13 * lines.length;
    });
    jg.prepend(s("rect", { x: 0, y: top, width: w, height: y + 4, rx: 8, fill: "#f3ecdc", stroke: acts ? ORANGE : "#8a7a52", "stroke-width": acts ? 5 : 1.2 }));
    if (acts) jg.append(title("Click: " + acts.map(x => x.label).join(" / ").slice(0, 300)));
    g.append(jg);
    h += y + 10;
    const perm = gn.permanent.map(a => info(ctx, "events", (view.areas[a] || {}).event).name);
    for (const l of wrap("permanent events: " + (perm.join(", ") || "none"), 70)) line(l, { "font-size": 11.5 });
    line(`events set aside for the next start of round: ${gn.pile.length} · Peace and Quiet left ${gn.peace_left}`, { "font-size": 11.5 });
    if (gn.scoring.length) {
      line("Scoring events (3 / 2 / 1 VP; 3 / 1 at two players)", { "font-weight": 700, "font-size": 12.5 });
      for (const sc of gn.scoring) {
        const ev = info(ctx, "events", sc.event);
        const cubes = sc.cubes.map(seat => ctx.seatName(seat)).join(", ") || "nobody yet";
        line(cut(`${ev.name} in ${shortArea(view, ctx, sc.area)}: counts ${sc.counts}; cubes: ${cubes}`, 96), { "font-size": 11.5 });
      }
    }
    if (gn.event_vp.some(n => n)) line("VP from scoring events: " + gn.event_vp.map((n, seat) => `${ctx.seatName(seat)} ${n}`).join(" · "), { "font-size": 12, "font-weight": 700 });
    return h;
  }

  // ------------------------------------------------------------------ Genesis solo: the AI opponent
  // Its standee (a dark hexagon), its cubes (grey), clue tokens and removed areas on the map.
  function aiMarks(g, view, a, x, y, size) {
    const ai = view.ai;
    const mg = s("g", { "data-ai-marks": a.id });
    if ((ai.gone || []).includes(a.id)) {
      mg.append(s("rect", { width: size, height: size, fill: "#1d1a16", opacity: 0.55, "data-gone": 1 }));
      mg.append(title("removed from play by Stefan's explosion"));
    }
    if (ai.at === a.id) {
      const pts = [0, 1, 2, 3, 4, 5].map(k => `${x + 11 * Math.cos(k * Math.PI / 3)},${y + 11 * Math.sin(k * Math.PI / 3)}`).join(" ");
      const sg = s("g", { "data-ai-standee": 1 });
      sg.append(s("polygon", { points: pts, fill: "#2b2b2b", stroke: "#f3d98a", "stroke-width": 2 }));
      sg.append(text(x, y + 4, "AI", { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#f3d98a" }));
      sg.append(title(`${ai.name} (AI opponent)`));
      mg.append(sg);
    }
    const cubes = (ai.locations || []).filter(l => l === a.id).length + (ai.districts || []).filter(d => d === a.id).length;
    for (let i = 0; i < cubes; i++) mg.append(s("rect", { x: x + 16 + i * 12, y: y - 5, width: 10, height: 10, rx: 1.5, fill: "#8a8a8a", stroke: "#1d1a16", "data-ai-cube": 1 }));
    const clues = (ai.clues || {})[String(a.id)];
    if (clues) mg.append(text(x - 8, y - 14, `${clues} clue${clues > 1 ? "s" : ""}`, { "font-size": 10, "font-weight": 700, fill: "#7a1f1f", "data-clues": clues }));
    g.append(mg);
  }

  // The AI's sheet, pool and every d20 roll, in the side panel.
  function drawAI(view, ctx, g, h, w) {
    const ai = view.ai;
    const ag = s("g", { "data-ai": ai.character });
    const top = h;
    let y = top + 16;
    const put = (str, attrs = {}) => { ag.append(text(8, y, str, Object.assign({ "font-size": 11 }, attrs))); y += 15; };
    put(`AI opponent: ${ai.name} · ${ai.title}`, { "font-size": 13, "font-weight": 700 });
    const pool = Object.entries(ai.pool).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ") || "empty";
    for (const k of wrap(`pool: ${pool} · cubes left ${ai.cubes_left}`, fits(w, 11)).slice(0, 2)) put(k);
    const rolls = ai.rolls.map(r => `R${r.round}: ${r.d20} (${r.band})`).join(" · ");
    wrap("d20 rolls: " + (rolls || "none yet"), fits(w, 11)).slice(0, 3)
      .forEach((k, i) => put(k, i ? {} : { "data-ai-rolls": ai.rolls.length }));
    for (const l of ai.sheet.player) for (const k of wrap("you: " + l, fits(w, 11)).slice(0, 3)) put(k, { fill: "#5b3d1a" });
    for (const l of ai.sheet.random) for (const k of wrap("d20 " + l, fits(w, 10)).slice(0, 2)) put(k, { "font-size": 10, fill: "#3b342b" });
    const extra = (ai.central_events || []).map(e => info(ctx, "events", e).name).join(", ");
    if (extra) for (const k of wrap(`also in the central district: ${extra}`, fits(w, 11)).slice(0, 2)) put(k);
    for (const [a, e] of ai.beside_events || []) for (const k of wrap(`also in ${areaName(view, ctx, a)}: ${info(ctx, "events", e).name}`, fits(w, 11)).slice(0, 2)) put(k);
    ag.prepend(s("rect", { x: 0, y: top, width: w, height: y - top + 2, rx: 8, fill: "#e9e4ee", stroke: "#2b2b2b", "stroke-width": 1.2 }));
    ag.append(title([ai.name, "Journal phase: " + ai.sheet.journal.join(" | "), "start of round: " + ai.sheet.start.join(" | "),
      "after your turns: " + (ai.sheet.turn.join(" | ") || "nothing"), "end of round: " + ai.sheet.end.join(" | "),
      "end game: " + ai.sheet.scoring.join(" | ")].join("\n")));
    g.append(ag);
    return y + 10;
  }

  // ------------------------------------------------------------------ the whole board
  function render(view, ctx) {
    const byTarget = new Map();
    for (const a of ctx.actions) {
      const t = targetOf(a, view, ctx);
      if (t === null || t === undefined) continue;
      if (!byTarget.has(t)) byTarget.set(t, []);
      byTarget.get(t).push(a);
    }
    const geo = mapGeometry(view);
    const mapW = geo ? geo.w : 0, mapH = geo ? geo.h : 60;
    // a phone (ctx.narrow) gets one column as wide as the map: the side panel below the
    // map, one character board a row; the header on two lines
    const narrow = !!ctx.narrow;
    const W = narrow ? Math.max(mapW + 20, 600) : WIDE, top = narrow ? TOP + 20 : TOP;
    const sideX = narrow ? 10 : 10 + (geo ? mapW + 14 : 0), sideW = W - sideX - 10;
    const side = drawSide(view, ctx, byTarget, sideX, narrow ? top + mapH + 14 : top, sideW);
    let y = narrow ? top + mapH + 14 + side.height + 14 : top + Math.max(mapH, side.height) + 14;
    const per = view.players.length === 1 || narrow ? 1 : 2;
    const pw = per === 1 ? W - 20 : (W - 30) / 2;
    const panels = view.players.map((_, seat) => drawPlayer(view, ctx, byTarget, seat, pw));
    const placed = [];
    for (let i = 0; i < panels.length; i += per) {
      const pair = panels.slice(i, i + per);
      pair.forEach((pg, k) => { pg.setAttribute("transform", `translate(${10 + k * (pw + 10)},${y})`); placed.push(pg); });
      y += Math.max(...pair.map(pg => pg.height)) + 10;
    }
    const H = y + 4;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, xmlns: NS, "font-family": "DejaVu Sans, system-ui, sans-serif", id: "steamfall-board" });
    svg.append(s("rect", { width: W, height: H, fill: "#f4eedf" }));
    const scen = view.scenario === "genesis" ? (view.ai ? `Genesis (solo against ${view.ai.name})` : "Genesis (competitive)") : view.scenario === "crisis" ? `Crisis (co-operative, ${view.crisis.difficulty})` : view.scenario === "cipher-race" ? "Cipher Race (competitive)" : `Incredible Invention (co-operative, ${((ctx.data || {}).invention || {}).side || "normal"} side)`;
    const when = view.over ? "Game over" : view.round ? `Round ${view.round} of ${view.genesis ? view.genesis.rounds : 3}` : "Setup";
    const who = `first player: seat ${view.first}` +
      ((view.to_act || []).length ? ` · to act: ${view.to_act.map(x => "seat " + x).join(", ")}` : "");
    if (narrow) {
      svg.append(text(12, 25, `${when} · ${scen}`, { "font-size": 18, "font-weight": 700 }));
      svg.append(text(12, 47, who, { "font-size": 16 }));
    } else svg.append(text(12, 27, `${when} · ${scen} · ${who}`, { "font-size": 18, "font-weight": 700 }));
    if (geo) svg.append(drawMap(view, ctx, byTarget, geo, top));
    else svg.append(text(12, top + 30, "The city is laid out once the district tiles are drafted.", { "font-size": 14, "font-style": "italic" }));
    svg.append(side);
    svg.append(...placed);
    return svg;
  }

  BW.registerBoard("steamfall", {
    render, targetOf, nameOf,
    hint: "Highlighted districts, secret locations, columns, items, civilians, abilities and cards have actions: click one, or choose below.",
  });
})();
