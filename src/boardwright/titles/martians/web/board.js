// Martians: A Story of Civilization drawn as SVG from the seat's view: the buildings with
// their action fields (markers, unavailability and upgrade tokens, build tokens), the
// energy installations and the RTG; the quarters Q1-Q4 with their oxygen, disease, hunger
// and birth-rate tokens and the penalty markers in their infirmary and apartments; the
// cycle track with the colonist tokens of this cycle; the reputation (or, with a shared
// purse, colony satisfaction) track; the excavation hex grid with its machine and tokens;
// weather, events, research tiles, the mission scenario or the commissions, the
// educational center, technologies and crops; each corporation's card (colonists, action
// markers, experts, assistants, technologies, crop, installations and, with its own purse,
// its resources); the shared purse; one's own hidden goals. The catalogue of names and
// costs is the title's `board_data` hook (glossary.py), handed over as ctx.data.
// The web app serves this file (the title's `board_js` asset); see docs/web.md.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const WIDE = 1200, NARROW_W = 830;
  let W = WIDE;
  const CORP = { blue: "#3b7dd8", red: "#d94f4f", yellow: "#d9a521", green: "#3aa657" };
  const RES = {
    regolith: ["Regolith", "#b5562f"], dirty_ice: ["Dirty ice", "#5f9fb5"], energy: ["Energy", "#c99a06"],
    supplies: ["Supplies", "#7d6f55"], food: ["Food", "#4f9a32"], medicine: ["Medicine", "#c9436f"],
    drinking_water: ["Water", "#2f7fcf"], credits: ["Credits", "#6d5fa8"],
  };
  const SHORT = { regolith: "Reg", dirty_ice: "Ice", energy: "En", supplies: "Sup", food: "Food", medicine: "Med", drinking_water: "Wat", credits: "Cr" };
  const TOKEN = { oxygen: ["#d7ecf8", "#2f6f9a", "O"], disease: ["#f7d9de", "#b33a4f", "D"], hunger: ["#fbe3c4", "#b06510", "H"], birth_rate: ["#dff2d6", "#3f8a2a", "B"] };
  const MINERAL = { yellow: "#e7c22d", red: "#d0523e", blue: "#3f78c9" };
  const ORANGE = "#ff8a00";

  document.head.append(BW.el("style", {},
    "#martians-board .mt-actionable { cursor: pointer; }" +
    "#martians-board .mt-actionable:hover { filter: drop-shadow(0 0 4px #ff8a00); }"));

  function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  const text = (x, y, str, attrs = {}) => s("text", Object.assign({ x, y, "font-size": 12, fill: "#2b2620" }, attrs), str);
  const title = str => s("title", {}, str);
  const clip = (str, n) => (str.length > n ? str.slice(0, n - 1) + "…" : str);
  const kindOf = card => String(card).split("#")[0];
  const pretty = id => String(id).replaceAll("_", " ").replace(/^./, c => c.toUpperCase());

  // ------------------------------------------------------------------ targets
  // What an action acts on: a key drawn on the board, or null (it stays a button only).
  function targetOf(a, view) {
    const id = typeof a === "string" ? a : a.id;
    const p = id.split(":");
    const turn = (view && view.turn) || {};
    switch (p[0]) {
      case "place": case "field": return `field:${p[1]}:${p[2]}`;
      case "q": case "quarters": return "Q" + p[1];
      case "food": case "oxygen": return p.length > 1 ? "Q" + p[1] : null;
      case "medicine": return p.length > 1 ? "Q" + p[1] : "bld:hospital";
      case "move": case "dig": return "hex:" + p[1];
      case "build": case "upgrade": case "install": return "bld:" + p[1];
      case "water": return "bld:water";
      case "harvest": return "bld:greenhouses";
      case "excavate": return "bld:excavation";
      case "supplies": return "bld:landing_pod";
      case "research": return "research:" + p[1];
      case "mission": return "req:" + p[1];
      case "commission": return "com:" + p[1];
      case "crops": return "crop:" + p[1];
      case "tech": return "tech:" + p[1];
      case "hire": return "edu:" + p[1];
      case "expert": return turn.corp === undefined ? null : `expert:${turn.corp}:${p[1]}`;
      case "keep": return "goal:" + p[1];
      case "rtg": return "rtg";
      default: return null;
    }
  }

  function gloss(ctx, id) {
    const g = ctx && ctx.data && ctx.data.glossary;
    return (g && g[id]) || null;
  }

  function nameOf(key, view, ctx) {
    if (!key) return key;
    const [kind, a, b] = key.split(":");
    const name = id => (gloss(ctx, id) || { name: pretty(id) }).name;
    switch (kind) {
      case "field": return `${(view.buildings[a] || { name: a }).name}, field ${b}`;
      case "bld": return (view.buildings[a] || view.installations[a] || { name: a }).name;
      case "hex": return `excavation field ${a}`;
      case "research": case "tech": case "goal": case "crop": return name(a);
      case "req": return "scenario requirement " + name(a);
      case "com": return "commission " + a;
      case "edu": return name(kindOf(a)) + " (educational center)";
      case "expert": {
        const corp = view.corporations[Number(a)];
        const card = corp && corp.experts[Number(b)];
        return card ? `${name(card.expert)} of ${corp.name}` : key;
      }
      case "rtg": return "the RTG";
      default: return /^Q\d$/.test(key) ? "quarters " + key : key;
    }
  }

  function actionable(g, key, byTarget, ctx, tip) {
    g.setAttribute("data-target", key);
    const acts = byTarget.get(key);
    if (tip) g.append(title(tip + (acts ? "\n\nclick: " + acts.map(x => x.label).join(" / ").slice(0, 400) : "")));
    else if (acts) g.append(title("click: " + acts.map(x => x.label).join(" / ").slice(0, 400)));
    if (!acts) return g;
    g.setAttribute("class", "mt-actionable card-actionable target");
    g.addEventListener("click", ev => {
      ev.stopPropagation();
      if (acts.length === 1) ctx.choose(acts[0]);
      else ctx.select(key);
    });
    return g;
  }

  // a frame around a target: orange when it has actions, thicker when selected
  function frame(w, h, key, byTarget, ctx, attrs = {}) {
    const on = byTarget.has(key);
    const sel = ctx.selected === key;
    return s("rect", Object.assign({ width: w, height: h, rx: 7, fill: "#fffdf8", stroke: on ? ORANGE : "#9b8f78",
      "stroke-width": sel ? 6 : on ? 4 : 1.2 }, attrs));
  }

  function corpColour(view, corp) {
    const c = (view.corporations || [])[corp];
    return c ? CORP[c.colour] || "#777" : "#777";
  }

  function costChips(cost, minerals, x, y, size = 10.5, short = false) {
    const g = s("g", {});
    let cx = x;
    for (const [k, n] of Object.entries(cost || {})) {
      if (!n) continue;
      const [nm, col] = RES[k] || [k, "#777"];
      const label = `${n} ${short ? SHORT[k] || nm : nm}`;
      const w = label.length * size * 0.56 + 8;
      g.append(s("rect", { x: cx, y: y - size, width: w, height: size + 4, rx: 4, fill: col }));
      g.append(text(cx + 4, y, label, { "font-size": size, fill: "#fff", "font-weight": 700 }));
      cx += w + 3;
    }
    for (const m of minerals || []) {
      g.append(s("rect", { x: cx, y: y - size, width: size + 4, height: size + 4, rx: 2, fill: MINERAL[m] || "#999", stroke: "#333", "stroke-width": 0.8 }, title(`a ${m} mineral card`)));
      cx += size + 7;
    }
    return [g, cx];
  }

  // ------------------------------------------------------------------ buildings
  function fieldCircle(view, b, f, i, x, y, byTarget, ctx) {
    const key = `field:${b}:${i + 1}`;
    const g = s("g", { transform: `translate(${x},${y})`, "data-field": key });
    const on = byTarget.has(key);
    if (on) g.append(s("circle", { r: 17, fill: "none", stroke: ORANGE, "stroke-width": ctx.selected === key ? 5 : 3.5 }));
    if (f.unavailable) {
      g.append(s("circle", { r: 13, fill: "#7a7266", stroke: "#4a443b", "stroke-width": 1.5 }));
      g.append(s("path", { d: "M-6 -6 L6 6 M6 -6 L-6 6", stroke: "#eee", "stroke-width": 2.5 }));
    } else if (f.occupant !== null && f.occupant !== undefined) {
      g.append(s("circle", { r: 13, fill: corpColour(view, f.occupant), stroke: "#1d1a16", "stroke-width": 1.5 }));
      g.append(s("rect", { x: -5, y: -5, width: 10, height: 10, fill: "#fff", "fill-opacity": 0.85 }));
    } else {
      g.append(s("circle", { r: 13, fill: "#f3ecdc", stroke: "#6e6452", "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
      g.append(text(0, 4, String(i + 1), { "text-anchor": "middle", "font-size": 11, fill: "#6e6452" }));
    }
    if (f.upgrade_token) {
      g.append(s("path", { d: "M0 -21 L7 -17 L7 -9 L0 -5 L-7 -9 L-7 -17 Z", transform: "translate(12,4)", fill: "#5b6770", stroke: "#222", "stroke-width": 1 }));
      g.append(text(12, -9, "+1", { "text-anchor": "middle", "font-size": 8, fill: "#fff", "font-weight": 700 }));
    }
    const who = f.unavailable ? "unavailable (too few players)" : f.occupant !== null && f.occupant !== undefined
      ? `action marker of ${view.corporations[f.occupant].name}` : "free";
    return actionable(g, key, byTarget, ctx, `${view.buildings[b].name}, field ${i + 1}: ${who}` +
      (f.upgrade_token ? "\nan upgrade token lies here: 1 more time to use it" : ""));
  }

  function buildingCard(view, b, x, y, w, h, byTarget, ctx) {
    const bd = view.buildings[b];
    const key = "bld:" + b;
    const g = s("g", { transform: `translate(${x},${y})`, "data-building": b });
    const closed = view.events && view.events.active && ((ctx.data && ctx.data.glossary[view.events.active]) || { text: "" }).text.includes(bd.name + " is shut");
    g.append(frame(w, h, key, byTarget, ctx, { fill: bd.built ? "#fbf6ea" : "#ece6da" }));
    g.append(s("rect", { width: w, height: 22, rx: 7, fill: bd.built ? "#8c5a3c" : "#a39a8c" }));
    g.append(text(8, 16, clip(bd.name, 26), { "font-size": 12.5, "font-weight": 700, fill: "#fff" }));
    // actions of the building
    const acts = bd.actions.map(a => a.replace("_", " ")).join(" · ");
    g.append(text(8, 38, clip(acts, 34), { "font-size": 11, fill: "#4d4438" }));
    if (view.turn && view.turn.building === b) {
      g.append(s("rect", { x: w - 62, y: 27, width: 56, height: 15, rx: 7, fill: corpColour(view, view.turn.corp) }));
      g.append(text(w - 34, 38, "in use", { "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }));
    }
    bd.fields.forEach((f, i) => g.append(fieldCircle(view, b, f, i, 24 + i * 40, 66, byTarget, ctx)));
    if (!bd.built) {
      g.append(s("rect", { x: 8, y: h - 24, width: w - 16, height: 18, rx: 4, fill: "#3d3a35" }));
      g.append(text(w / 2, h - 11, "BUILD TOKEN · not built yet", { "text-anchor": "middle", "font-size": 10.5, fill: "#ffd36b", "font-weight": 700 }));
    } else if (closed) {
      g.append(s("rect", { x: 8, y: h - 24, width: w - 16, height: 18, rx: 4, fill: "#8a2219" }));
      g.append(text(w / 2, h - 11, "CLOSED by an event", { "text-anchor": "middle", "font-size": 10.5, fill: "#fff", "font-weight": 700 }));
    } else {
      const ups = bd.fields.filter(f => f.upgrade_token).length;
      g.append(text(8, h - 10, ups ? `${ups} upgrade token${ups > 1 ? "s" : ""}` : "upgraded", { "font-size": 10.5, fill: "#6e6452" }));
    }
    const gl = gloss(ctx, b);
    return actionable(g, key, byTarget, ctx, gl ? `${gl.name}: ${gl.text}` : bd.name);
  }

  function installationCard(view, i, x, y, w, h, byTarget, ctx) {
    const inst = view.installations[i];
    const key = "bld:" + i;
    const g = s("g", { transform: `translate(${x},${y})`, "data-installation": i });
    g.append(frame(w, h, key, byTarget, ctx, { fill: inst.built ? "#f5f7ee" : "#ece6da" }));
    g.append(s("rect", { width: w, height: 22, rx: 7, fill: inst.built ? "#5f7d3a" : "#a39a8c" }));
    g.append(text(8, 16, inst.name, { "font-size": 12.5, "font-weight": 700, fill: "#fff" }));
    const out = ctx.data && ctx.data.installations[i] ? ctx.data.installations[i].output : "?";
    g.append(text(8, 38, `${out} energy per marker a round`, { "font-size": 11, fill: "#4d4438" }));
    inst.markers.forEach((corp, k) => {
      g.append(s("rect", { x: 10 + k * 24, y: 52, width: 18, height: 18, rx: 3, fill: corpColour(view, corp), stroke: "#1d1a16" },
        title(view.corporations[corp].name)));
    });
    if (!inst.markers.length) g.append(text(10, 66, "no markers yet", { "font-size": 10.5, fill: "#8a8070", "font-style": "italic" }));
    if (!inst.built) {
      g.append(s("rect", { x: 8, y: h - 24, width: w - 16, height: 18, rx: 4, fill: "#3d3a35" }));
      g.append(text(w / 2, h - 11, "BUILD TOKEN · not built yet", { "text-anchor": "middle", "font-size": 10.5, fill: "#ffd36b", "font-weight": 700 }));
    }
    const gl = gloss(ctx, i);
    return actionable(g, key, byTarget, ctx, gl ? `${gl.name}: ${gl.text}` : inst.name);
  }

  function rtgCard(view, x, y, w, h, byTarget, ctx) {
    const g = s("g", { transform: `translate(${x},${y})`, "data-rtg": "" });
    g.append(frame(w, h, "rtg", byTarget, ctx, { fill: "#f2f0f5" }));
    g.append(s("rect", { width: w, height: 22, rx: 7, fill: "#55506a" }));
    g.append(text(8, 16, "RTG · conversion", { "font-size": 12.5, "font-weight": 700, fill: "#fff" }));
    g.append(text(8, 40, `RTG: ${view.rtg_energy} energy left`, { "font-size": 12, "font-weight": 700 }));
    g.append(text(8, 56, "1 energy for -1 reputation", { "font-size": 10.5, fill: "#555" }));
    const conv = view.conversion || {};
    g.append(text(8, 76, `delivery: food +${conv.food}, medicine +${conv.medicine}`, { "font-size": 10.5 }));
    g.append(text(8, 92, `bank ${view.bank} credits`, { "font-size": 11, fill: "#555" }));
    g.append(text(8, h - 10, `regolith deck ${view.regolith_deck} · out ${view.regolith_removed}`, { "font-size": 10.5, fill: "#555" }));
    return actionable(g, "rtg", byTarget, ctx, "The RTG: a corporation may draw 1 energy from it once a round for 1 reputation.");
  }

  function drawBuildings(view, ctx, byTarget, x0, y0) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-buildings" });
    g.append(text(0, 14, "BUILDINGS", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    const cw = 182, ch = 124, gap = 8;
    const slots = [...Object.keys(view.buildings).map(b => ["b", b]), ...Object.keys(view.installations).map(i => ["i", i]), ["r", "rtg"]];
    slots.forEach(([kind, id], n) => {
      const x = (n % 4) * (cw + gap), y = 22 + Math.floor(n / 4) * (ch + gap);
      if (kind === "b") g.append(buildingCard(view, id, x, y, cw, ch, byTarget, ctx));
      else if (kind === "i") g.append(installationCard(view, id, x, y, cw, ch, byTarget, ctx));
      else g.append(rtgCard(view, x, y, cw, ch, byTarget, ctx));
    });
    return [g, 22 + Math.ceil(slots.length / 4) * (ch + gap)];
  }

  // ------------------------------------------------------------------ quarters, cycle, reputation
  function tokens(g, kind, n, x, y, maxPerRow = 5) {
    const [fill, stroke, label] = TOKEN[kind];
    for (let k = 0; k < Math.min(n, 10); k++) {
      const cx = x + (k % maxPerRow) * 17, cy = y + Math.floor(k / maxPerRow) * 16;
      g.append(s("circle", { cx, cy, r: 7.5, fill, stroke, "stroke-width": 1.8 }));
      g.append(text(cx, cy + 3.5, label, { "text-anchor": "middle", "font-size": 9.5, fill: stroke, "font-weight": 700 }));
    }
    if (n > 10) g.append(text(x + maxPerRow * 17 - 6, y + 20, `+${n - 10}`, { "font-size": 10 }));
  }

  function drawQuarters(view, ctx, byTarget, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-quarters" });
    g.append(text(0, 14, "QUARTERS", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    g.append(text(w, 14, "oxygen · disease + infirmary · hunger + apartments · birth", { "text-anchor": "end", "font-size": 10, fill: "#777" }));
    const qw = (w - 18) / 4, qh = 176;
    const rows = [["oxygen", null], ["disease", "infirmary"], ["hunger", "apartments"], ["birth_rate", null]];
    view.quarters.forEach((q, i) => {
      const key = q.quarters;
      const x = i * (qw + 6);
      const qg = s("g", { transform: `translate(${x},22)`, "data-quarters": key });
      qg.append(frame(qw, qh, key, byTarget, ctx, { fill: "#f7f3ea" }));
      const own = q.owner !== null && q.owner !== undefined;
      qg.append(s("rect", { width: qw, height: 20, rx: 7, fill: own ? corpColour(view, q.owner) : "#6e6452" }));
      qg.append(text(8, 15, key + (view.birth_quarters === i + 1 ? " · births" : ""), { "font-size": 12, "font-weight": 700, fill: "#fff" }));
      rows.forEach(([kind, box], r) => {
        const ry = 28 + r * 37;
        qg.append(s("line", { x1: 4, x2: qw - 4, y1: ry + 31, y2: ry + 31, stroke: "#ddd3c0" }));
        const n = q[kind];
        tokens(qg, kind, n, 12, ry + 9, 4);
        if (!n) qg.append(text(6, ry + 12, kind === "birth_rate" ? "no births" : `no ${kind}`, { "font-size": 9.5, fill: "#9b917f" }));
        if (box) {
          (q[box] || []).forEach((corp, k) => qg.append(s("rect", { x: qw - 16 - k * 13, y: ry + 14, width: 10, height: 10, rx: 2, fill: corpColour(view, corp), stroke: "#111" },
            title(`${view.corporations[corp].name}: an action marker in the ${box} (penalty)`))));
        }
      });
      const tip = `${key}: ${q.oxygen} oxygen, ${q.disease} disease, ${q.hunger} hunger, ${q.birth_rate} birth-rate token(s)` +
        (q.infirmary.length ? `\ninfirmary: ${q.infirmary.map(c => view.corporations[c].name).join(", ")}` : "") +
        (q.apartments.length ? `\napartments: ${q.apartments.map(c => view.corporations[c].name).join(", ")}` : "") +
        (own ? `\nmaintained by ${view.corporations[q.owner].name}` : "");
      g.append(actionable(qg, key, byTarget, ctx, tip));
    });
    return [g, 22 + qh + 8];
  }

  function drawCycle(view, ctx, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-cycle" });
    g.append(text(0, 14, "CYCLE TRACK", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    const over = view.over;
    g.append(text(w, 14, over ? "game over" : `cycle ${view.cycle} of ${view.cycles} · ` + (view.round ? `round ${view.round} of ${view.rounds}` : view.cycle > 1 ? "between cycles" : "setting up"),
      { "text-anchor": "end", "font-size": 12, "font-weight": 700 }));
    // cycles with their event stacks
    const cw = (w - (view.cycles - 1) * 4) / view.cycles;
    const stacks = (view.events || {}).stacks || [];
    for (let c = 1; c <= view.cycles; c++) {
      const x = (c - 1) * (cw + 4);
      const now = c === view.cycle;
      g.append(s("rect", { x, y: 22, width: cw, height: 22, rx: 5, fill: now ? "#8c5a3c" : c < view.cycle ? "#d8cfbf" : "#f3ecdc", stroke: "#8c7f68" }));
      g.append(text(x + cw / 2, 37, `cycle ${c}` + (stacks[c - 1] !== undefined ? ` · ${stacks[c - 1]} ev` : ""),
        { "text-anchor": "middle", "font-size": 10.5, fill: now ? "#fff" : "#3b342b", "font-weight": now ? 700 : 400 }));
    }
    // this cycle's rounds with the colonist tokens placed on them
    const rw = (w - (view.rounds - 1) * 4) / view.rounds;
    for (let r = 1; r <= view.rounds; r++) {
      const x = (r - 1) * (rw + 4);
      const now = r === view.round;
      g.append(s("rect", { x, y: 50, width: rw, height: 46, rx: 5, fill: now ? "#fff4dc" : "#f7f3ea", stroke: now ? "#8c5a3c" : "#c9bea9", "stroke-width": now ? 2.5 : 1 }));
      g.append(text(x + 6, 63, `round ${r}`, { "font-size": 10.5, fill: "#555", "font-weight": now ? 700 : 400 }));
      const here = (view.cycle_track || []).filter(t => t.round === r);
      here.forEach((t, k) => {
        const cx = x + 14 + k * 22, cy = 80;
        const tg = s("g", { "data-colonist": `${t.corp}:${r}:${k}` });
        tg.append(s("circle", { cx, cy, r: 9, fill: t.dead ? "#2b2620" : corpColour(view, t.corp), stroke: corpColour(view, t.corp), "stroke-width": 2.5 }));
        tg.append(text(cx, cy + 4, t.dead ? "☠" : "C", { "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }));
        tg.append(title(`${view.corporations[t.corp].name}: ${t.dead ? "a dead colonist's token" : "a colonist token"} (round ${r})`));
        g.append(tg);
      });
    }
    return [g, 104];
  }

  function drawReputation(view, ctx, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-reputation" });
    const shared = view.reputation_track === "satisfaction";
    g.append(text(0, 14, shared ? "COLONY SATISFACTION" : "REPUTATION", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    const reps = view.purses.map(p => p.reputation);
    const top = Math.max(30, Math.ceil((Math.max(...reps) + 3) / 10) * 10);
    const cell = w / (top + 1);
    for (let v = 0; v <= top; v++) {
      g.append(s("rect", { x: v * cell, y: 34, width: cell, height: 16, fill: v % 5 === 0 ? "#e6dcc8" : "#f7f3ea", stroke: "#c9bea9", "stroke-width": 0.6 }));
      if (v % 5 === 0) g.append(text(v * cell + cell / 2, 62, String(v), { "text-anchor": "middle", "font-size": 9.5, fill: "#6e6452" }));
    }
    const stackAt = {};
    view.purses.forEach((p, i) => {
      const v = Math.max(0, Math.min(p.reputation, top));
      const k = stackAt[v] = (stackAt[v] || 0) + 1;
      const col = shared ? "#8c5a3c" : corpColour(view, i);
      const cx = v * cell + cell / 2, cy = 42 - (k - 1) * 6;
      g.append(s("circle", { cx, cy, r: 7, fill: col, stroke: "#111", "stroke-width": 1.2, "data-reputation": i },
        title(`${shared ? "colony satisfaction" : view.corporations[i].name}: ${p.reputation}`)));
    });
    const line = shared ? `satisfaction ${reps[0]}` : view.purses.map((p, i) => `${view.corporations[i].name.split(" ")[0]} ${p.reputation}`).join(" · ");
    g.append(text(w, 14, line, { "text-anchor": "end", "font-size": 11.5, "font-weight": 700 }));
    return [g, 70];
  }

  // ------------------------------------------------------------------ excavation
  function drawExcavation(view, ctx, byTarget, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-excavation" });
    g.append(text(0, 14, "EXCAVATION", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    const ex = view.excavation;
    const data = (ctx.data && ctx.data.excavation) || { radius: 3, start_fields: [], tokens: {} };
    const size = 25, R = data.radius;
    const cx = w / 2, cy = 22 + size * (1.5 * R + 1) + 4;
    g.append(s("rect", { x: 0, y: 22, width: w, height: size * (3 * R + 2) + 8, rx: 10, fill: "#d9b79a", stroke: "#a77a57" }));
    const corner = k => { const a = Math.PI / 180 * (60 * k - 30); return [size * Math.cos(a), size * Math.sin(a)]; };
    const hexPath = "M" + [0, 1, 2, 3, 4, 5].map(k => corner(k).map(v => v.toFixed(2)).join(" ")).join(" L") + " Z";
    for (const [h, tok] of Object.entries(ex.fields)) {
      const [q, r] = h.split(",").map(Number);
      const x = cx + size * Math.sqrt(3) * (q + r / 2), y = cy + size * 1.5 * r;
      const key = "hex:" + h;
      const on = byTarget.has(key);
      const hg = s("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-hex": h });
      const fill = tok === null ? "#8f6d55" : tok === "face-down" ? "#c49a75" : "#f4e3cf";
      hg.append(s("path", { d: hexPath, fill, stroke: on ? ORANGE : "#7a5a43", "stroke-width": on ? (ctx.selected === key ? 5 : 3.5) : 1,
        "stroke-dasharray": data.start_fields.includes(h) && !on ? "4 2" : null }));
      if (tok === "face-down") hg.append(text(0, 4, "?", { "text-anchor": "middle", "font-size": 13, fill: "#6b4a31", "font-weight": 700 }));
      else if (tok) {
        const cont = data.tokens[tok] || {};
        const dots = [...Array(cont.regolith || 0).fill(RES.regolith[1]), ...Array(cont.dirty_ice || 0).fill(RES.dirty_ice[1])];
        dots.forEach((col, k) => hg.append(s("circle", { cx: (k - (dots.length - 1) / 2) * 10, cy: 0, r: 4.5, fill: col, stroke: "#2b2620", "stroke-width": 0.8 })));
      }
      if (ex.machine === h) {
        hg.append(s("rect", { x: -11, y: -9, width: 22, height: 14, rx: 3, fill: "#f2c230", stroke: "#2b2620", "stroke-width": 1.5 }));
        hg.append(s("circle", { cx: -6, cy: 7, r: 3.5, fill: "#2b2620" }));
        hg.append(s("circle", { cx: 6, cy: 7, r: 3.5, fill: "#2b2620" }));
        hg.append(text(0, 2, "M", { "text-anchor": "middle", "font-size": 9, "font-weight": 700 }));
      }
      const what = tok === null ? "dug out" : tok === "face-down" ? "a face-down token" :
        `${tok}: ` + Object.entries(data.tokens[tok] || {}).map(([k, n]) => `${n} ${k.replace("_", " ")}`).join(", ");
      g.append(actionable(hg, key, byTarget, ctx, `field ${h}: ${what}${ex.machine === h ? " · the excavation machine" : ""}`));
    }
    const legendY = 22 + size * (3 * R + 2) + 24;
    g.append(s("circle", { cx: 8, cy: legendY - 4, r: 4.5, fill: RES.regolith[1] }));
    g.append(text(16, legendY, "regolith", { "font-size": 10.5 }));
    g.append(s("circle", { cx: 70, cy: legendY - 4, r: 4.5, fill: RES.dirty_ice[1] }));
    g.append(text(78, legendY, "dirty ice", { "font-size": 10.5 }));
    g.append(text(134, legendY, "? face down · M machine", { "font-size": 10.5 }));
    return [g, legendY + 6];
  }

  // ------------------------------------------------------------------ middle column: weather, events, research, mission
  function smallCard(x, y, w, h, key, byTarget, ctx, tip, draw) {
    const g = s("g", { transform: `translate(${x},${y})` });
    g.append(frame(w, h, key, byTarget, ctx));
    draw(g);
    return actionable(g, key, byTarget, ctx, tip);
  }

  function drawMiddle(view, ctx, byTarget, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-middle" });
    const gl = id => gloss(ctx, id) || { name: pretty(id), text: "" };
    let y = 0;
    // weather and event
    const wc = view.weather;
    const wg = gloss(ctx, wc.card === "wind" ? "wind-weather" : wc.card) || { name: wc.name, text: "" };
    const half = (w - 8) / 2;
    const weather = s("g", { transform: `translate(0,${y})`, "data-weather": wc.card });
    weather.append(s("rect", { width: half, height: 74, rx: 7, fill: "#e9f1f7", stroke: "#7d98ad" }));
    weather.append(text(8, 16, "WEATHER", { "font-size": 11, "font-weight": 700, fill: "#4d6a80" }));
    weather.append(text(8, 33, clip(wc.name, 28), { "font-size": 13, "font-weight": 700 }));
    weather.append(text(8, 49, clip(wg.text.replace("weather card: ", ""), 34), { "font-size": 10, fill: "#333" }));
    weather.append(text(8, 66, `deck ${wc.deck} · past ${wc.past.length}` + (wc.top_seen ? ` · next: ${(gloss(ctx, wc.top_seen) || { name: wc.top_seen }).name}` : ""),
      { "font-size": 10, fill: "#555" }));
    weather.append(title(`${wc.name}: ${wg.text}` + (wc.top_seen ? `\nYou know the next card: ${wc.top_seen}` : "")));
    g.append(weather);
    const ev = view.events || { played: [], active: null, stacks: [] };
    const last = ev.active || ev.played[ev.played.length - 1];
    const eg = s("g", { transform: `translate(${half + 8},${y})`, "data-event": last || "" });
    eg.append(s("rect", { width: half, height: 74, rx: 7, fill: "#f6ece4", stroke: "#b08a6a" }));
    eg.append(text(8, 16, ev.active ? "EVENT IN FORCE" : "LAST EVENT", { "font-size": 11, "font-weight": 700, fill: "#8c5a3c" }));
    eg.append(text(8, 33, last ? clip(gl(last).name, 28) : "none yet", { "font-size": 13, "font-weight": 700 }));
    if (last) eg.append(text(8, 49, clip(gl(last).text.replace(/^event card of cycle \d: /, ""), 34), { "font-size": 10, fill: "#333" }));
    eg.append(text(8, 66, `played ${ev.played.length} · stacks ${ev.stacks.join("/")}`, { "font-size": 10, fill: "#555" }));
    if (last) eg.append(title(`${gl(last).name}: ${gl(last).text}\nplayed: ${ev.played.map(e => gl(e).name).join(", ")}`));
    g.append(eg);
    y += 84;
    // research tiles
    const rs = view.research;
    g.append(text(0, y + 12, "RESEARCH (landing pod)", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
    g.append(text(w, y + 12, `unused ${rs.unused} · done ${rs.done.length}`, { "text-anchor": "end", "font-size": 10.5, fill: "#555" }));
    y += 18;
    const rw = (w - 8) / 2, rh = 44;
    rs.tiles.forEach((t, i) => {
      const rec = (ctx.data && ctx.data.research[t]) || { name: t, time: "?", cost: {}, minerals: [], credits: "?" };
      const x = (i % 2) * (rw + 8), yy = y + Math.floor(i / 2) * (rh + 6);
      g.append(smallCard(x, yy, rw, rh, "research:" + t, byTarget, ctx, `${rec.name}: ${gl(t).text}`, cg => {
        cg.setAttribute("data-research", t);
        cg.append(text(6, 15, clip(rec.name, 30), { "font-size": 11.5, "font-weight": 700 }));
        cg.append(text(rw - 6, 35, `${rec.time}t · ${rec.credits} cr${rec.flask ? " · ⚗" : ""}`, { "text-anchor": "end", "font-size": 10.5, "font-weight": 700, fill: "#6d5fa8" }));
        const [chips, end] = costChips(rec.cost, rec.minerals, 6, 35, 9.5, true);
        cg.append(chips);
        if (end === 6) cg.append(text(6, 35, "no cost", { "font-size": 9.5, fill: "#777" }));
      }));
    });
    y += Math.ceil(rs.tiles.length / 2) * (rh + 6) + 4;
    // mission scenario or commissions
    if (view.scenario) {
      const sc = view.scenario;
      g.append(text(0, y + 12, `MISSION ${sc.number}: ${sc.name}`.toUpperCase(), { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
      y += 18;
      for (const req of sc.requirements) {
        const rh2 = 30;
        const done = req.done_by !== null && req.done_by !== undefined;
        g.append(smallCard(0, y, w, rh2, "req:" + req.id, byTarget, ctx, `${pretty(req.id)}: ${gl(req.id).text}`, cg => {
          cg.setAttribute("data-requirement", req.id);
          if (done) cg.append(s("rect", { width: w, height: rh2, rx: 7, fill: "#dcefd4" }));
          cg.append(text(6, 19, clip(pretty(req.id), 16), { "font-size": 11.5, "font-weight": 700 }));
          const [chips] = costChips(req.cost, req.minerals, 118, 20, 9.5);
          cg.append(chips);
          const cond = req.condition ? "if " + req.condition.replaceAll("_", " ") : "";
          cg.append(text(w - 6, 19, done ? `✓ ${view.corporations[req.done_by].name.split(" ")[0]}` : `${cond ? clip(cond, 22) + " · " : ""}+${req.reputation}`,
            { "text-anchor": "end", "font-size": 10.5, "font-weight": 700, fill: done ? "#2f6b22" : "#3b342b" }));
        }));
        y += rh2 + 5;
      }
    }
    if (view.commissions) {
      const cm = view.commissions;
      g.append(text(0, y + 12, "COMMISSIONS", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
      g.append(text(w, y + 12, `deck ${cm.deck} · done ${cm.done.length}`, { "text-anchor": "end", "font-size": 10.5, fill: "#555" }));
      y += 18;
      const cw2 = (w - 8) / 2, ch2 = 36;
      cm.open.forEach((card, i) => {
        const rec = (ctx.data && ctx.data.commissions[card]) || { cost: {}, minerals: [], reputation: "?" };
        const x = (i % 2) * (cw2 + 8), yy = y + Math.floor(i / 2) * (ch2 + 5);
        g.append(smallCard(x, yy, cw2, ch2, "com:" + card, byTarget, ctx, `${card}: ${gl(card).text}`, cg => {
          cg.setAttribute("data-commission", card);
          cg.append(text(6, 14, card.replace("commission-", "commission "), { "font-size": 10.5, "font-weight": 700 }));
          cg.append(text(cw2 - 6, 14, `+${rec.reputation}`, { "text-anchor": "end", "font-size": 11, "font-weight": 700 }));
          cg.append(costChips(rec.cost, rec.minerals, 6, 30, 9)[0]);
        }));
      });
      y += Math.ceil(cm.open.length / 2) * (ch2 + 5);
    }
    return [g, y];
  }

  // ------------------------------------------------------------------ right column: educational center, technologies, crops, supply
  function drawRight(view, ctx, byTarget, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-side" });
    const gl = id => gloss(ctx, id) || { name: pretty(id), text: "" };
    let y = 0;
    const ed = view.educational_center;
    g.append(text(0, 12, "EDUCATIONAL CENTER", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
    g.append(text(w, 12, `expert deck ${ed.expert_deck} · assistant deck ${ed.assistant_deck}`, { "text-anchor": "end", "font-size": 10.5, fill: "#555" }));
    y += 18;
    const cards = [...ed.experts.map(c => ["expert", c]), ...ed.assistants.map(c => ["assistant", c])];
    const cw = (w - 12) / 3, ch = 38;
    cards.forEach(([kind, card], i) => {
      const k = kindOf(card);
      const x = (i % 3) * (cw + 6), yy = y + Math.floor(i / 3) * (ch + 5);
      g.append(smallCard(x, yy, cw, ch, "edu:" + card, byTarget, ctx, `${gl(k).name} (${card}): ${gl(k).text}`, cg => {
        cg.setAttribute("data-edu", card);
        cg.append(s("rect", { width: 6, height: ch, rx: 3, fill: kind === "expert" ? "#8c5a3c" : "#5f7d3a" }));
        cg.append(text(11, 15, clip(gl(k).name, 18), { "font-size": 11, "font-weight": 700 }));
        if (kind === "expert") {
          const rec = ctx.data && ctx.data.experts[k];
          if (rec) cg.append(costChips(rec.cost, [], 11, 31, 9, true)[0]);
        } else {
          cg.append(text(11, 31, "assistant", { "font-size": 9.5, fill: "#5f7d3a" }));
        }
      }));
    });
    y += Math.ceil(cards.length / 3) * (ch + 5) + 6;
    // technologies
    g.append(text(0, y + 12, "TECHNOLOGIES (laboratory)", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
    y += 18;
    const techs = ctx.data ? Object.entries(ctx.data.technologies) : [];
    const colony = {};
    for (const t of view.colony_technologies || []) (colony[t.technology] = colony[t.technology] || []).push(t);
    const tw = (w - 6) / 2, th = 24;
    techs.forEach(([id, rec], i) => {
      const x = (i % 2) * (tw + 6), yy = y + Math.floor(i / 2) * (th + 4);
      g.append(smallCard(x, yy, tw, th, "tech:" + id, byTarget, ctx, `${rec.name}: ${gl(id).text}`, cg => {
        cg.setAttribute("data-tech", id);
        cg.append(s("rect", { width: 6, height: th, rx: 3, fill: rec.kind === "colony" ? "#3f8a2a" : "#55506a" }));
        cg.append(text(11, 16, clip(rec.name, 19), { "font-size": 10.5, "font-weight": 700 }));
        let dx = tw - 10;
        const owners = rec.kind === "colony" ? (colony[id] || []).map(t => t.corp)
          : view.corporations.filter(c => c.technologies.includes(id)).map(c => c.corp);
        for (const corp of owners) {
          cg.append(s("circle", { cx: dx, cy: th / 2, r: 6, fill: corpColour(view, corp), stroke: "#111" }));
          dx -= 14;
        }
        cg.append(text(dx + 2, 16, `${rec.time}t`, { "text-anchor": "end", "font-size": 10, fill: "#6e6452" }, title(`${rec.time} time to develop`)));
      }));
    });
    y += Math.ceil(techs.length / 2) * (th + 4) + 6;
    // crops
    g.append(text(0, y + 12, "CROP TILES in the supply", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
    y += 18;
    const crops = {};
    for (const c of view.crop_supply || []) crops[c] = (crops[c] || 0) + 1;
    let cx = 0;
    for (const [kind, n] of Object.entries(crops)) {
      const label = `${gl(kind).name} ×${n}`;
      const cwid = label.length * 6.6 + 14;
      g.append(smallCard(cx, y, cwid, 22, "crop:" + kind, byTarget, ctx, `${gl(kind).name}: ${gl(kind).text}`, cg => {
        cg.setAttribute("data-crop", kind);
        cg.append(text(7, 15, label, { "font-size": 11, fill: "#2f5e1e", "font-weight": 700 }));
      }));
      cx += cwid + 5;
    }
    y += 30;
    // general supply
    g.append(text(0, y + 12, "GENERAL SUPPLY", { "font-weight": 700, fill: "#555", "font-size": 12.5 }));
    y += 16;
    const sup = Object.entries(view.supply || {}).map(([k, n]) => `${(RES[k] || [k.replace("_", " ")])[0].toLowerCase()} ${n}`);
    g.append(text(0, y + 12, sup.slice(0, 6).join(" · "), { "font-size": 10.5 }));
    g.append(text(0, y + 26, sup.slice(6).join(" · "), { "font-size": 10.5 }));
    y += 32;
    return [g, y];
  }

  // ------------------------------------------------------------------ purses and corporation cards
  function resourceRow(res, x, y, w) {
    const g = s("g", { transform: `translate(${x},${y})`, "data-resources": "" });
    const keys = Object.keys(RES);
    const cw = w / 4;
    keys.forEach((k, i) => {
      const [long, col] = RES[k];
      const nm = cw < 80 ? SHORT[k] : long;
      const cx = (i % 4) * cw, cy = Math.floor(i / 4) * 20;
      g.append(s("rect", { x: cx, y: cy, width: cw - 4, height: 17, rx: 4, fill: col, "fill-opacity": res[k] ? 1 : 0.35 }));
      g.append(text(cx + 5, cy + 12.5, nm, { "font-size": 10, fill: "#fff", "font-weight": 700 }));
      g.append(text(cx + cw - 9, cy + 12.5, String(res[k]), { "text-anchor": "end", "font-size": 11.5, fill: "#fff", "font-weight": 700, "data-res": k }));
      g.append(title(`${nm}: ${res[k]}`));
    });
    return g;
  }

  function purseExtras(p, x, y) {
    const g = s("g", { transform: `translate(${x},${y})` });
    g.append(text(0, 11, `regolith cards ${p.regolith_cards}`, { "font-size": 10.5 }));
    (p.regolith_minerals || []).forEach((m, k) => g.append(s("rect", { x: 104 + k * 13, y: 1, width: 10, height: 12, rx: 2, fill: MINERAL[m], stroke: "#333", "stroke-width": 0.8 },
      title(`a ${m} mineral`))));
    return g;
  }

  function drawSharedPurse(view, x0, y0, w) {
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-purse" });
    const p = view.purses[0];
    g.append(s("rect", { width: w, height: 62, rx: 8, fill: "#f7f3ea", stroke: "#9b8f78" }));
    g.append(text(10, 18, "SHARED PURSE", { "font-weight": 700, fill: "#555", "font-size": 13 }));
    g.append(text(10, 36, `satisfaction ${p.reputation}`, { "font-size": 12, "font-weight": 700 }));
    g.append(purseExtras(p, 10, 42));
    g.append(resourceRow(p.resources, 250, 10, w - 260));
    return [g, 70];
  }

  function corpCard(view, corp, x, y, w, h, byTarget, ctx, shared) {
    const c = view.corporations[corp];
    const col = CORP[c.colour] || "#777";
    const g = s("g", { transform: `translate(${x},${y})`, "data-corp": corp });
    const acting = view.turn && view.turn.corp === corp && !view.over;
    g.append(s("rect", { width: w, height: h, rx: 9, fill: "#fcfaf5", stroke: acting ? "#111" : col, "stroke-width": acting ? 3 : 1.6 }));
    g.append(s("rect", { width: w, height: 24, rx: 9, fill: col }));
    const you = ctx.seat !== null && ctx.seat !== undefined && c.seat === ctx.seat;
    const narrow = w < 330;
    const nm = narrow ? c.name.replace(" corporation", "") : c.name;
    g.append(text(8, 17, nm + (you ? " (you)" : ""), { "font-size": 13, "font-weight": 700, fill: "#fff" }));
    const who = ctx.seatName(c.seat);
    g.append(text(w - 8, 17, clip(narrow ? who.split(" · ")[0] : who, narrow ? 16 : 40) + (view.first === corp ? " · first" : ""),
      { "text-anchor": "end", "font-size": 11, fill: "#fff" }, title(who)));
    let yy = 40;
    if (acting) {
      const t = view.turn;
      const where = t.building ? ` · in ${(view.buildings[t.building] || { name: t.building }).name}` : "";
      g.append(text(8, yy, `turn: ${t.time} time left${where}`, { "font-size": 11, "font-weight": 700, fill: "#8a2219" }));
      yy += 16;
    }
    // colonists and action markers
    const living = c.colonists - c.dead_colonists;
    g.append(text(8, yy, "colonists", { "font-size": 10.5, fill: "#555" }));
    for (let k = 0; k < c.colonists; k++) {
      const dead = k >= living;
      g.append(s("circle", { cx: 68 + k * 17, cy: yy - 4, r: 6.5, fill: dead ? "#2b2620" : col, stroke: col, "stroke-width": 2 },
        title(dead ? "a dead colonist" : "a living colonist")));
    }
    g.append(text(72 + c.colonists * 17, yy, `placed ${c.colonists_placed}`, { "font-size": 10.5, fill: "#555" }));
    yy += 17;
    g.append(text(8, yy, "markers", { "font-size": 10.5, fill: "#555" }));
    for (let k = 0; k < c.action_markers_in_hand; k++) g.append(s("rect", { x: 62 + k * 14, y: yy - 10, width: 10, height: 10, rx: 2, fill: col, stroke: "#111" }));
    g.append(text(66 + Math.max(c.action_markers_in_hand, 0) * 14, yy, `${c.action_markers_in_hand} in hand`, { "font-size": 10.5, fill: "#555" }));
    yy += 8;
    if (!shared) {
      const p = view.purses[c.purse];
      g.append(text(w - 8, yy - 25 + (acting ? 16 : 0), `reputation ${p.reputation}`, { "text-anchor": "end", "font-size": 12, "font-weight": 700 }));
      g.append(resourceRow(p.resources, 8, yy, w - 12));
      yy += 44;
      g.append(purseExtras(p, 8, yy));
      yy += 18;
    } else yy += 4;
    // experts
    g.append(text(8, yy + 10, "experts", { "font-size": 10.5, fill: "#555" }));
    const ew = (w - 80) / 2;
    c.experts.forEach((e, i) => {
      const key = `expert:${corp}:${i}`;
      const eg = s("g", { transform: `translate(${72 + i * (ew + 4)},${yy})`, "data-expert": key });
      eg.append(frame(ew, 18, key, byTarget, ctx, { rx: 4, fill: e.face_up ? "#f3e6d8" : "#cfc6b8" }));
      eg.append(text(5, 13, clip((gloss(ctx, e.expert) || { name: pretty(e.expert) }).name, e.face_up ? 15 : 12) + (e.face_up ? "" : " ▼"), { "font-size": 10.5, "font-weight": 700 }));
      g.append(actionable(eg, key, byTarget, ctx, `${(gloss(ctx, e.expert) || { name: e.expert }).name} (${e.face_up ? "face up" : "face down: used"}): ${(gloss(ctx, e.expert) || { text: "" }).text}`));
    });
    if (!c.experts.length) g.append(text(72, yy + 10, "none", { "font-size": 10.5, fill: "#9b917f" }));
    yy += 24;
    const chipLine = (label, items, fill) => {
      g.append(text(8, yy + 10, label, { "font-size": 10.5, fill: "#555" }));
      let cx = 72;
      if (!items.length) g.append(text(cx, yy + 10, "none", { "font-size": 10.5, fill: "#9b917f" }));
      for (const [id, nm] of items) {
        const lw = Math.min(nm.length, 18) * 6 + 10;
        if (cx + lw > w - 4) { yy += 17; cx = 72; }
        const chip = s("g", { "data-chip": id });
        chip.append(s("rect", { x: cx, y: yy, width: lw, height: 15, rx: 7, fill }));
        chip.append(text(cx + 5, yy + 11, clip(nm, 18), { "font-size": 9.5, fill: "#fff", "font-weight": 700 }));
        const gl = gloss(ctx, id);
        if (gl) chip.append(title(`${gl.name}: ${gl.text}`));
        g.append(chip);
        cx += lw + 4;
      }
      yy += 19;
    };
    chipLine("assistants", c.assistants.map(a => [a, (gloss(ctx, a) || { name: pretty(a) }).name]), "#5f7d3a");
    chipLine("techs", c.technologies.map(t => [t, (gloss(ctx, t) || { name: pretty(t) }).name]), "#55506a");
    const inst = Object.entries(c.installations).filter(([, n]) => n).map(([i, n]) => [i, `${(view.installations[i] || { name: i }).name} ×${n}`]);
    chipLine("energy", inst, "#c99a06");
    chipLine("crop", [[c.crop, (gloss(ctx, c.crop) || { name: pretty(c.crop) }).name]], "#4f9a32");
    g.append(text(8, yy + 8, `research ${c.research_done} · commissions ${c.commissions_done}` + (c.rtg_used ? " · RTG used" : ""), { "font-size": 10, fill: "#555" }));
    g.dataset.height = yy + 16;
    return g;
  }

  function drawGoals(view, ctx, byTarget, x0, y0, w) {
    const hg = view.hidden_goals;
    if (!hg) return [null, 0];
    const g = s("g", { transform: `translate(${x0},${y0})`, id: "mt-goals" });
    const gl = id => (ctx.data && ctx.data.goals[id]) || { text: pretty(id), reputation: "?" };
    const mine = hg.mine || [], offered = hg.offered || [];
    g.append(text(0, 14, "HIDDEN GOALS", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    g.append(text(w, 14, `held: ${hg.held.map((n, i) => `${view.corporations[i] ? view.corporations[i].name.split(" ")[0] : i} ${n}`).join(" · ")} · deck ${hg.deck}`,
      { "text-anchor": "end", "font-size": 10.5, fill: "#555" }));
    const cards = [...mine.map(id => ["mine", id]), ...offered.map(id => ["offered", id])];
    const cw = 220, ch = 42;
    cards.forEach(([kind, id], i) => {
      const key = "goal:" + id;
      const x = (i % 5) * (cw + 8), y = 22 + Math.floor(i / 5) * (ch + 6);
      g.append(smallCard(x, y, cw, ch, key, byTarget, ctx, `${pretty(id)}: ${gl(id).text} (+${gl(id).reputation})`, cg => {
        cg.setAttribute("data-goal", id);
        cg.append(s("rect", { width: 6, height: ch, rx: 3, fill: kind === "mine" ? "#6d5fa8" : "#b8a98f" }));
        cg.append(text(12, 15, `${pretty(id)} · +${gl(id).reputation}` + (kind === "mine" ? " · yours" : " · offered"), { "font-size": 11, "font-weight": 700 }));
        cg.append(text(12, 32, clip(gl(id).text, 36), { "font-size": 10.5 }));
      }));
    });
    let y = 22 + Math.ceil(cards.length / 5) * (ch + 6);
    if (!cards.length) { g.append(text(0, 36, "no goal of yours to show", { "font-size": 11, fill: "#777" })); y = 44; }
    const seen = [["discarded", hg.discarded], ["passed on", hg.passed]].filter(([, l]) => l && l.length);
    if (seen.length || (hg.revealed && hg.revealed.length)) {
      const line = seen.map(([k, l]) => `${k}: ${l.map(pretty).join(", ")}`).join(" · ") +
        (hg.revealed ? " · revealed: " + hg.revealed.map((l, i) => `${view.corporations[i] ? view.corporations[i].name.split(" ")[0] : i} ${l.map(pretty).join("+") || "-"}`).join(", ") : "");
      g.append(text(0, y + 12, clip(line, 190), { "font-size": 10.5, fill: "#555" }));
      y += 18;
    }
    return [g, y];
  }

  // ------------------------------------------------------------------ the board
  function header(view, ctx) {
    const mode = { solo: "solo", coop: "co-operative", "semi-coop": "semi-co-operative", competitive: "competitive" }[view.mode] || view.mode;
    let line = view.over ? "Game over" : `Cycle ${view.cycle} of ${view.cycles} · ` + (view.round ? `round ${view.round} of ${view.rounds}` : view.cycle > 1 ? "between cycles" : "setting up");
    line += ` · ${mode}`;
    const first = view.corporations[view.first];
    if (first && !view.over) line += ` · first: ${first.name}`;
    if (view.turn && !view.over) line += ` · ${view.corporations[view.turn.corp].name} has ${view.turn.time} time`;
    else if ((view.to_act || []).length && !view.over) line += ` · to act: ${view.to_act.map(x => ctx.seatName(x)).join(", ")}`;
    return text(12, 28, line, { "font-size": W < WIDE ? 15 : 18, "font-weight": 700 });
  }

  function render(view, ctx) {
    const byTarget = new Map();
    for (const a of ctx.actions || []) {
      const t = targetOf(a, view);
      if (t === null) continue;
      if (!byTarget.has(t)) byTarget.set(t, []);
      byTarget.get(t).push(a);
    }
    // a phone (ctx.narrow): the colony alone on top, then two columns a row
    const narrow = !!ctx.narrow;
    W = narrow ? NARROW_W : WIDE;
    const svg = s("svg", { xmlns: NS, "font-family": "DejaVu Sans, system-ui, sans-serif", id: "martians-board" });
    const bg = s("rect", { width: W, fill: "#efe6d6" });
    svg.append(bg, header(view, ctx));
    const top = 44;
    const [bld, bh] = drawBuildings(view, ctx, byTarget, 10, top);
    svg.append(bld);
    const rx = narrow ? 10 : 780, rw = 410;
    let ry = narrow ? top + bh + 8 : top;
    const [qg, qh] = drawQuarters(view, ctx, byTarget, rx, ry, rw);
    svg.append(qg); ry += qh;
    const [cg, ch] = drawCycle(view, ctx, rx, ry, rw);
    svg.append(cg); ry += ch;
    const [rg, rh] = drawReputation(view, ctx, rx, ry, rw);
    svg.append(rg); ry += rh;
    let y = Math.max(top + bh, ry) + 8;
    if (narrow) {
      const [eg, eh] = drawExcavation(view, ctx, byTarget, 430, top + bh + 8, 350);
      svg.append(eg);
      y = Math.max(y, top + bh + 8 + eh + 8);
      const [mg, mh] = drawMiddle(view, ctx, byTarget, 10, y, 396);
      const [sg, sh] = drawRight(view, ctx, byTarget, 414, y, rw);
      svg.append(mg, sg);
      y += Math.max(mh, sh) + 12;
    } else {
      const [eg, eh] = drawExcavation(view, ctx, byTarget, 10, y, 350);
      const [mg, mh] = drawMiddle(view, ctx, byTarget, 372, y, 396);
      const [sg, sh] = drawRight(view, ctx, byTarget, rx, y, rw);
      svg.append(eg, mg, sg);
      y += Math.max(eh, mh, sh) + 12;
    }
    const shared = view.reputation_track === "satisfaction";
    if (shared) {
      const [pg, ph] = drawSharedPurse(view, 10, y, W - 20);
      svg.append(pg); y += ph;
    }
    const n = view.corporations.length, per = narrow ? Math.min(n, 2) : n;
    const cw = (W - 20 - (per - 1) * 10) / per;
    const cards = s("g", { id: "mt-corporations" });
    for (let i = 0; i < n; i += per) {
      const drawn = view.corporations.slice(i, i + per).map((c, k) => corpCard(view, i + k, 10 + k * (cw + 10), y, cw, 100, byTarget, ctx, shared));
      const chh = Math.max(...drawn.map(g => Number(g.dataset.height)));
      for (const g of drawn) g.firstChild.setAttribute("height", chh);  // the card's frame fits the tallest card of its row
      cards.append(...drawn);
      y += chh + 12;
    }
    svg.append(cards);
    const [gg, gh] = drawGoals(view, ctx, byTarget, 10, y, W - 20);
    if (gg) { svg.append(gg); y += gh + 10; }
    bg.setAttribute("height", y);
    svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
    return svg;
  }

  BW.registerBoard("martians", {
    render, nameOf,
    targetOf: (a, view) => targetOf(a, view),
    hint: "Orange outlines mark what you can act on: an action field, a quarters, an excavation field, a card. " +
      "Click it (a single choice is played at once), or choose below.",
  });
})();
