// Nomad City drawn as SVG: the map (regions, routes, mining sites, influence, cities, the
// Red Zone), the facility market, City Style cards and every player's City board; with the
// Corporation Module also the corporations' tracks, Highway tokens, Operators in play and
// the cards returned to the box (nothing of it when the module is off).
// The web app serves this file (the title's `board_js` asset) and the page loads it for this
// game only; the map's layout is the title's `board_data` hook (layout.py), handed over as
// ctx.data. It registers the renderer with BW.registerBoard (docs/web.md).
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const WIDE = 1200, MAPW = 1180, MAPH = 700, TOP = 44, SIDEH = 250;
  // a phone (ctx.narrow) gets a portrait board: the map turned on its side (x and y swapped:
  // a mirror image, every site keeps its neighbours), everything else in one column
  const NARROW_W = 720;
  let W = WIDE, NARROW = false, MW = MAPW, MH = MAPH;
  const SITE_FILL = { green: "#d5ecc8", yellow: "#f6e7a6", red: "#f3c4bb" };
  const SITE_RING = { green: "#4f9a3c", yellow: "#b8961c", red: "#b5392c" };
  const FAC_FILL = { red: "#e07a6c", yellow: "#ecc94b", blue: "#6f9fd8", green: "#74b866", multi: "#b48ad6", none: "#9a9184", purple: "#9b6cc6" };
  const RES = { orirock: ["Rock", "#8d7b68"], shard: ["Shard", "#2fa3b6"], oriron: ["Iron", "#5d6d7e"] };
  const CORP_TOP = 5;  // the highest cooperation level
  const REGION_TINT = ["#c9b68f", "#9fc5c0", "#c3b0d6", "#b9cf94", "#e0b58f", "#a9bde0", "#d8c27a", "#c7a0a0"];

  // this board's own style: what can be clicked glows under the pointer
  document.head.append(BW.el("style", {}, "#nomad-board .nc-actionable:hover { filter: drop-shadow(0 0 4px #ff9d00); }"));

  function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  const text = (x, y, str, attrs = {}) => s("text", Object.assign({ x, y, "font-size": 13 }, attrs), str);
  const title = str => s("title", {}, str);

  // The object an action id names: its second part (site, route, facility card, style, cell, character).
  function targetOf(id) {
    const p = id.split(":");
    return p.length > 1 ? p[1] : null;
  }

  function nameOf(id, view, ctx) {
    const b = ctx.data;
    if (!b || !id) return id;
    const type = id.split("#")[0];
    if (b.facilities[type]) return `${b.facilities[type].name} (${id})`;
    if (b.styles[id]) return b.styles[id].name;
    if (b.characters[id]) return b.characters[id].name;
    if ((b.corporations || {})[id]) return b.corporations[id].name;
    if ((b.departments || {})[id]) return b.departments[id].name;
    if (/^\d+\.\d+$/.test(id)) return "City board space " + id;
    if (id.includes("/")) return "route " + id;
    return id;
  }

  function highlight(g, acts, ctx, key) {
    if (!acts || !acts.length) return g;
    g.setAttribute("class", "nc-actionable card-actionable");
    g.setAttribute("data-target", key);
    g.append(title("click: " + acts.map(a => a.label).join(" / ").slice(0, 400)));
    g.addEventListener("click", ev => { ev.stopPropagation(); ctx.select(key); });
    return g;
  }

  function influenceBoxes(owners, capacity, x, y, size) {
    const g = s("g", {});
    const w = capacity * (size + 2) - 2;
    for (let k = 0; k < capacity; k++) {
      const o = owners[k];
      const bx = x - w / 2 + k * (size + 2);
      g.append(s("rect", { x: bx, y: y - size / 2, width: size, height: size, rx: 3,
        fill: o === undefined ? "#fffdf8" : BW.seatColor(o), stroke: "#3b342b", "stroke-width": 1.2 }));
      if (o !== undefined) g.append(text(bx + size / 2, y + 4.5, String(o), { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }));
    }
    return g;
  }

  const flipped = new WeakMap();
  function portrait(b) {
    if (!flipped.has(b)) {
      const swap = ([x, y]) => [y, x];
      flipped.set(b, Object.assign({}, b, {
        sites: b.sites.map(x => Object.assign({}, x, { x: x.y, y: x.x })),
        regions: b.regions.map(r => Object.assign({}, r, { x: r.y, y: r.x, label_x: r.label_y, label_y: r.label_x,
          hull: (r.hull || []).map(swap) })),
      }));
    }
    return flipped.get(b);
  }

  function drawMap(view, b, ctx, byTarget) {
    if (NARROW) b = portrait(b);
    const g = s("g", { transform: `translate(10,${TOP})`, id: "nc-map" });
    g.append(s("rect", { width: MW, height: MH, rx: 12, fill: "#efe6d2", stroke: "#bfb49c" }));
    const pos = Object.fromEntries(b.sites.map(x => [x.id, x]));
    const control = ctrl(view.region_strength || {});
    // regions: a padded, rounded tint around their sites, with the value and the strengths
    b.regions.forEach((r, i) => {
      const tint = r.red_zone ? "#e2a49a" : REGION_TINT[i % REGION_TINT.length];
      const pts = r.hull.length ? r.hull : [[r.x, r.y]];
      const d = "M" + pts.map(p => p.join(" ")).join(" L") + (pts.length === 1 ? " l0.01 0" : " Z");
      const strength = (view.region_strength || {})[r.id] || [];
      const lead = control[r.id];
      g.append(s("path", { d, fill: tint, "fill-opacity": 0.35, stroke: tint, "stroke-opacity": 0.35, "stroke-width": 96,
        "stroke-linejoin": "round", "stroke-linecap": "round", "data-region": r.id },
      title(`Region ${r.id}: worth ${r.points} points to its controller at the end.\nStrength (influence + 2 per city): ` +
        (strength.some(n => n > 0) ? strength.map((n, p) => [n, p]).filter(([n]) => n > 0).map(([n, p]) => `seat ${p} ${n}`).join(", ") : "nobody") +
        (lead !== null && lead !== undefined ? `\ncontrolled now by seat ${lead}` : ""))));
    });
    // region labels go on top (drawn last) but let clicks through to the sites and routes
    const labels = s("g", { id: "nc-region-labels", "pointer-events": "none" });
    // routes: a road with its influence spaces in the middle
    for (const r of b.routes) {
      const a = pos[r.a], c = pos[r.b];
      const closed = (a.red_zone || c.red_zone) && !view.red_zone_open;
      g.append(s("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, stroke: closed ? "#a5645b" : "#7b6f5c", "stroke-width": 5,
        "stroke-dasharray": closed ? "10 6" : null, "stroke-linecap": "round" }));
    }
    const highways = new Set(view.highways || []);
    for (const r of b.routes) {
      if (!highways.has(r.id)) continue;
      const a = pos[r.a], c = pos[r.b];
      g.append(s("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, stroke: "#3b342b", "stroke-width": 13, "stroke-linecap": "round", "data-highway": r.id }));
      g.append(s("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, stroke: "#f2c230", "stroke-width": 4, "stroke-dasharray": "14 9" }));
    }
    for (const r of b.routes) {
      const a = pos[r.a], c = pos[r.b];
      const mx = (a.x + c.x) / 2, my = (a.y + c.y) / 2;
      const acts = byTarget.get(r.id);
      const rg = s("g", { "data-route": r.id });
      const w = r.spaces * 20 + 6;
      rg.append(s("rect", { x: mx - w / 2, y: my - 12, width: w, height: 24, rx: 6, fill: acts ? "#fff2c6" : "#e9dfca",
        stroke: acts ? "#ff9d00" : "#7b6f5c", "stroke-width": acts ? 4 : 1 }));
      if (highways.has(r.id)) {
        rg.append(s("rect", { x: mx - w / 2, y: my - 12, width: w, height: 24, rx: 6, fill: "#3b342b", stroke: acts ? "#ff9d00" : "#f2c230", "stroke-width": acts ? 4 : 2 }));
        rg.append(text(mx, my + 6, "H", { "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: "#f2c230" }));
        rg.append(title(`route ${r.id} (region ${r.region}): a highway. Its Highway token covers every influence space; moving along it costs no toll.`));
      } else {
        rg.append(influenceBoxes(view.influence[r.id] || [], r.spaces, mx, my, 18));
        rg.append(title(`route ${r.id} (region ${r.region}, ${r.spaces} space${r.spaces > 1 ? "s" : ""})`));
      }
      g.append(highlight(rg, acts, ctx, r.id));
    }
    // region labels (above the region's highest site)
    b.regions.forEach(r => {
      const strength = (view.region_strength || {})[r.id] || [];
      const lead = control[r.id];
      const label = r.red_zone ? `RED ZONE ${r.id} · ${r.points} pts · ${view.red_zone_open ? "OPEN" : "CLOSED"}` : `Region ${r.id} · ${r.points} pts`;
      // kept inside the map (the portrait map puts some spots near its edge)
      const half = label.length * 0.33 * (NARROW ? 16 : 13);
      const lx = Math.min(Math.max(r.label_x, half + 6), MW - half - 6), ly = r.label_y;
      const lg = s("g", { "data-region-label": r.id });
      lg.append(text(lx, ly, label, { "text-anchor": "middle", "font-size": NARROW ? 16 : 13, "font-weight": 700, fill: r.red_zone ? "#8a2219" : "#3b342b",
        stroke: "#f6f0e2", "stroke-width": 4, "paint-order": "stroke" }));
      const parts = strength.map((n, p) => [n, p]).filter(([n]) => n > 0);
      if (parts.length) {
        let x = lx - parts.length * 17;
        for (const [n, p] of parts) {
          lg.append(s("rect", { x, y: ly + 4, width: 32, height: 16, rx: 8, fill: BW.seatColor(p), stroke: lead === p ? "#111" : "none", "stroke-width": 2 }));
          lg.append(text(x + 16, ly + 16, `${p}:${n}`, { "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700 }));
          x += 34;
        }
      }
      labels.append(lg);
    });
    // sites
    const cities = {};
    (view.players || []).forEach(p => { if (p.city) (cities[p.city] = cities[p.city] || []).push(p.seat); });
    for (const x of b.sites) {
      const acts = byTarget.get(x.id);
      const marker = (view.resource_markers || {})[x.id];
      const sg = s("g", { "data-site": x.id, transform: `translate(${x.x},${x.y})` });
      const closed = x.red_zone && !view.red_zone_open;
      if (acts) sg.append(s("circle", { r: 40, fill: "none", stroke: "#ff9d00", "stroke-width": 6, "stroke-opacity": 0.9 }));
      sg.append(s("circle", { r: 33, fill: SITE_FILL[x.colour], stroke: SITE_RING[x.colour], "stroke-width": 4,
        "stroke-dasharray": marker ? null : "6 4" }));
      sg.append(text(0, -12, x.id, { "text-anchor": "middle", "font-size": NARROW ? 18 : 14, "font-weight": 700 }));
      if (marker) {
        const [short, col] = RES[marker.resource] || [marker.resource, "#555"];
        sg.append(s("rect", { x: -24, y: -6, width: 48, height: 17, rx: 8, fill: col }));
        sg.append(text(0, 7, `${short}${marker.amount > 1 ? " ×" + marker.amount : ""}`, { "text-anchor": "middle", "font-size": 11.5, fill: "#fff", "font-weight": 700 }));
      } else {
        sg.append(text(0, 9, closed ? "closed" : "unexplored", { "text-anchor": "middle", "font-size": 10.5, fill: "#6b5f4d", "font-style": "italic" }));
      }
      sg.append(influenceBoxes(view.influence[x.id] || [], x.spaces, 0, 23, 15));
      if (x.arrival_bonus && Object.keys(x.arrival_bonus).length) {
        sg.append(text(0, 52, "arrival +" + Object.entries(x.arrival_bonus).map(([k, n]) => `${n} ${(RES[k] || [k])[0]}`).join(", "),
          { "text-anchor": "middle", "font-size": 10.5, fill: "#3b342b", stroke: "#f6f0e2", "stroke-width": 3, "paint-order": "stroke" }));
      }
      (cities[x.id] || []).forEach((seat, k) => {
        const ang = -Math.PI / 4 + k * (Math.PI / 3.2);
        const cx = Math.cos(ang) * 40, cy = Math.sin(ang) * 40 - 4;
        const house = s("g", { transform: `translate(${cx},${cy})`, "data-city": seat });
        house.append(s("path", { d: "M-12 -2 L0 -14 L12 -2 L12 12 L-12 12 Z", fill: BW.seatColor(seat), stroke: "#1d1a16", "stroke-width": 2 }));
        house.append(text(0, 9, String(seat), { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }));
        house.append(title(`${ctx.seatName(seat)}: mobile city`));
        sg.append(house);
      });
      const ev = marker ? ` · explored: ${b.events[marker.event] || marker.event}, marker ${marker.amount} ${marker.resource}` : " · unexplored";
      sg.append(title(`${x.id}: ${x.colour} mining site, region ${x.region}, ${x.spaces} influence space${x.spaces > 1 ? "s" : ""}${x.red_zone ? ", Red Zone" : ""}${ev}`));
      g.append(highlight(sg, acts, ctx, x.id));
    }
    g.append(labels);
    return g;
  }

  function ctrl(strength) {
    const out = {};
    for (const [r, counts] of Object.entries(strength)) {
      const best = Math.max(...counts);
      const leaders = counts.map((n, p) => [n, p]).filter(([n]) => n === best);
      out[r] = best > 0 && leaders.length === 1 ? leaders[0][1] : null;
    }
    return out;
  }

  function costText(f) {
    const res = Object.entries(f.resource_cost || {}).map(([k, n]) => `${n} ${(RES[k] || [k])[0]}`).join(" ");
    return `${res || "—"} | ${f.gold_cost} Gold`;
  }

  function facilityCard(f, x, y, w, h, acts, ctx) {
    const g = s("g", { transform: `translate(${x},${y})`, "data-facility": f.card });
    g.append(s("rect", { width: w, height: h, rx: 7, fill: "#fffdf8", stroke: acts ? "#ff9d00" : "#8a7f6a", "stroke-width": acts ? 5 : 1.2 }));
    g.append(s("rect", { width: w, height: 22, rx: 7, fill: FAC_FILL[f.colour] || "#999" }));
    g.append(text(6, 16, f.name, { "font-size": 12.5, "font-weight": 700, fill: "#1d1a16" }));
    g.append(text(w - 6, 16, `${f.points}★`, { "text-anchor": "end", "font-size": 12.5, "font-weight": 700 }));
    g.append(text(6, 38, costText(f), { "font-size": 11.5 }));
    g.append(text(6, 53, `${f.colour}${f.unique ? " · unique" : ""} · ${f.card.split("#")[1] ? "#" + f.card.split("#")[1] : ""}`, { "font-size": 10.5, fill: "#6b6b6b" }));
    g.append(title(`${f.name} (${f.colour}, ${f.points} points): ${costText(f)}`));
    return highlight(g, acts, ctx, f.card);
  }

  function drawSide(view, b, ctx, byTarget, top) {
    const g = s("g", { transform: `translate(10,${top})`, id: "nc-market" });
    const w = NARROW ? W - 20 : (W - 30) / 2;
    g.append(text(0, 14, "FACILITY MARKET", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    g.append(text(w, 14, `deck ${view.facility_deck} · hubs left ${view.extension_hubs_left}`, { "text-anchor": "end", "font-size": 12, fill: "#555" }));
    const cw = (w - 16) / 3, ch = 60;
    (view.facility_market || []).forEach((f, i) => g.append(facilityCard(f, (i % 3) * (cw + 8), 24 + Math.floor(i / 3) * (ch + 8), cw, ch, byTarget.get(f.card), ctx)));
    let y = 24 + Math.ceil((view.facility_market || []).length / 3) * (ch + 8) + 4;
    if ((view.facility_deck_known_bottom || []).length) {
      g.append(text(0, y + 10, "known at the deck's bottom: " + view.facility_deck_known_bottom.map(c => (b.facilities[c.split("#")[0]] || { name: c }).name).join(", "),
        { "font-size": 11, fill: "#555" }));
      y += 18;
    }
    // round facts
    const decks = Object.entries(view.event_decks || {}).map(([c, n]) => `${c} ${n}`).join(", ");
    const bank = view.bank || {};
    g.append(text(0, y + 14, `event decks: ${decks} · bank: ${bank.gold} Gold, ${bank.pure_originium} Pure Originium`, { "font-size": 12 }));
    // City Style cards with the markers on them
    // beside the market, or below it on a phone
    const sx = NARROW ? 0 : w + 10, sy = NARROW ? y + 30 : 0;
    g.append(text(sx, sy + 14, "CITY STYLE CARDS", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    y = sy + 24;
    const styles = Object.entries(view.city_styles || {});
    const sw = (w - 16) / 3, sh = 100;
    styles.forEach(([sid, bySeat], i) => {
      const st = b.styles[sid] || { name: sid, level: "?", points: "?", pattern: [], colour: "none" };
      const x0 = sx + (i % 3) * (sw + 8), y0 = y + Math.floor(i / 3) * (sh + 8);
      const acts = byTarget.get(sid);
      const cg = s("g", { transform: `translate(${x0},${y0})`, "data-style": sid });
      cg.append(s("rect", { width: sw, height: sh, rx: 7, fill: "#fbf7ee", stroke: acts ? "#ff9d00" : "#8a7f6a", "stroke-width": acts ? 5 : 1.2 }));
      cg.append(s("rect", { width: 8, height: sh, rx: 4, fill: FAC_FILL[st.colour] || "#999" }));
      const nm = st.name.length > 27 ? st.name.slice(0, 26) + "…" : st.name;
      cg.append(text(14, 16, nm, { "font-size": 12, "font-weight": 700 }));
      cg.append(text(14, 31, `level ${st.level === 2 ? "II" : "I"} · ${st.points} pts per marker`, { "font-size": 11, fill: "#555" }));
      // the pattern, as small coloured cells
      for (const c of st.pattern) {
        const px = 14 + c.col * 20, py = 40 + c.row * 20;
        const cols = c.colours;
        cols.forEach((col, k) => cg.append(s("rect", { x: px + k * (18 / cols.length), y: py, width: 18 / cols.length, height: 18, fill: FAC_FILL[col] || "#999" })));
        cg.append(s("rect", { x: px, y: py, width: 18, height: 18, fill: "none", stroke: "#3b342b" }));
      }
      // markers per seat: [markers, uses left, used]
      let mx = 84;
      for (const [seat, entry] of Object.entries(bySeat)) {
        cg.append(s("circle", { cx: mx, cy: 58, r: 11, fill: BW.seatColor(Number(seat)), stroke: "#1d1a16" }));
        cg.append(text(mx, 62, String(seat), { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }));
        cg.append(text(mx, 84, `×${entry[0]}`, { "text-anchor": "middle", "font-size": 11 }));
        mx += 28;
      }
      if (!Object.keys(bySeat).length) cg.append(text(84, 62, "no markers yet", { "font-size": 10.5, fill: "#888" }));
      cg.append(title(`${st.name}: level ${st.level}, ${st.points} points per marker.\nmarkers: ` +
        (Object.entries(bySeat).map(([p, e]) => `seat ${p}: ${e[0]} marker(s), ${e[1]} use(s) left`).join("; ") || "none")));
      g.append(highlight(cg, acts, ctx, sid));
    });
    g.height = y + Math.ceil(styles.length / 3) * (sh + 8) + 8;
    return g;
  }

  // The Corporation Module's panel: each corporation in play with its track (levels 0-5,
  // every seat's marker on its level), Rhine Lab's Department tiles, the Operator deck.
  // Returns null when the module is off.
  function drawCorps(view, b, ctx, byTarget, top) {
    if (view.corporations === undefined) return null;
    const g = s("g", { transform: `translate(10,${top})`, id: "nc-corporations" });
    const corps = Object.entries(view.corporations);
    const highways = (view.highways || []).length;
    const cols = NARROW ? 1 : 2, colw = (W - 30) / cols, rowh = 38, namew = 178;
    const cellw = (colw - namew - 12) / (CORP_TOP + 1);
    const deptActs = Object.keys(b.departments || {}).filter(t => byTarget.get(t));
    const rhine = "rhine-lab" in view.corporations || view.rhine_lab_department || deptActs.length;
    const rows = Math.ceil(corps.length / cols);
    const height = 26 + (rhine ? 30 : 0) + Math.max(rows, 1) * rowh + 4;
    g.append(s("rect", { x: -6, y: -4, width: W - 8, height: height + 4, rx: 10, fill: "#f8f1e2", stroke: "#cdbf9f" }));
    g.append(text(0, 14, "CORPORATIONS", { "font-weight": 700, fill: "#555", "font-size": 14 }));
    if (!NARROW) g.append(text(132, 14, "levels 0-5 · shaded levels unlock an effect to trigger later · hover a level for its text", { "font-size": 11, fill: "#6b6b6b" }));
    g.append(text(W - 24, 14, `Operator deck ${view.operator_deck || 0} · highways on the map ${highways}`, { "text-anchor": "end", "font-size": 12, fill: "#555", "data-operator-deck": view.operator_deck || 0 }));
    let y = 24;
    if (rhine) {
      // Rhine Lab's three Department tiles; the active one is filled
      g.append(text(0, y + 15, "Rhine Lab Department:", { "font-size": 12, "font-weight": 700 }));
      const tiles = Object.entries(b.departments || {});
      const tw = (W - 30 - 170) / Math.max(tiles.length, 1);
      tiles.forEach(([tid, t], i) => {
        const on = view.rhine_lab_department === tid;
        const acts = byTarget.get(tid);
        const tg = s("g", { transform: `translate(${170 + i * tw},${y})`, "data-department": tid, "data-active": on ? "true" : null });
        tg.append(s("rect", { width: tw - 8, height: 22, rx: 6, fill: on ? "#cfe3f4" : "#fbf7ee", stroke: acts ? "#ff9d00" : on ? "#2e6da4" : "#b5aa92", "stroke-width": acts ? 4 : on ? 2 : 1, "stroke-dasharray": on ? null : "4 3" }));
        const rewards = Object.entries(t.rewards).map(([n, str]) => `${n}: ${str}`).join(" · ");
        const nm = t.name.replace(/^Department of /, "");
        tg.append(text(8, 15, (on ? "▶ " : "") + nm, { "font-size": 11.5, "font-weight": on ? 700 : 400, fill: on ? "#1d3f63" : "#6b6b6b" }));
        tg.append(title(`${t.name}${on ? " (active)" : ""}: the reward of reaching Rhine Lab's levels 2-5 while it is active.\n${rewards}`));
        g.append(highlight(tg, acts, ctx, tid));
      });
      y += 30;
    }
    if (!corps.length) g.append(text(0, y + 20, "no corporation in play yet: the starting corporations are being chosen", { "font-size": 12, fill: "#6b6b6b", "font-style": "italic" }));
    corps.forEach(([cid, c], i) => {
      const info = (b.corporations || {})[cid] || { name: c.name, levels: [] };
      const x0 = (i % cols) * colw, y0 = y + Math.floor(i / cols) * rowh;
      const acts = byTarget.get(cid);
      const cg = s("g", { transform: `translate(${x0},${y0})`, "data-corporation": cid });
      cg.append(s("rect", { width: colw - 10, height: rowh - 6, rx: 6, fill: acts ? "#fff2c6" : "#fffdf8", stroke: acts ? "#ff9d00" : "#b5aa92", "stroke-width": acts ? 4 : 1 }));
      const nm = c.name.length > 24 ? c.name.slice(0, 23) + "…" : c.name;
      cg.append(text(8, 20, nm, { "font-size": 12.5, "font-weight": 700 }));
      for (let n = 0; n <= CORP_TOP; n++) {
        const cx = namew + n * cellw, desc = n ? info.levels[n - 1] || "" : "start";
        const locked = desc.startsWith("effect: ");
        const cell = s("g", { "data-level": n });
        cell.append(s("rect", { x: cx, y: 3, width: cellw - 3, height: rowh - 12, rx: 4, fill: locked ? "#e6dcf3" : n ? "#f3ecdc" : "#ebe7df", stroke: "#b5aa92" }));
        cell.append(text(cx + 4, 13, String(n), { "font-size": 9.5, fill: "#6b6b6b", "font-weight": 700 }));
        const here = c.levels.map((lv, seat) => [lv, seat]).filter(([lv]) => lv === n).map(([, seat]) => seat);
        const step = Math.min(16, (cellw - 18) / Math.max(here.length, 1));
        here.forEach((seat, k) => {
          const mx = cx + 16 + k * step + 6;
          cell.append(s("circle", { cx: mx, cy: 19, r: 7, fill: BW.seatColor(seat), stroke: "#1d1a16", "stroke-width": 1, "data-marker": seat }));
          cell.append(text(mx, 22.5, String(seat), { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff" }));
        });
        cell.append(title(`${c.name} level ${n}: ${desc}` + (here.length ? `\nhere: ${here.map(p => ctx.seatName(p)).join(", ")}` : "")));
        cg.append(cell);
      }
      cg.append(title(`${c.name}: ` + c.levels.map((lv, seat) => `seat ${seat} level ${lv}`).join(", ") + "\n" +
        info.levels.map((str, k) => `level ${k + 1}: ${str}`).join("\n")));
      g.append(highlight(cg, acts, ctx, cid));
    });
    g.height = height + 8;
    return g;
  }

  function drawPlayer(view, p, b, ctx, byTarget, x, y, w, h) {
    const g = s("g", { transform: `translate(${x},${y})`, "data-player": p.seat });
    const toAct = (view.to_act || []).includes(p.seat);
    const me = ctx.seat === p.seat;
    const frame = s("rect", { width: w, height: h, rx: 10, fill: "#fbf7ee", stroke: toAct ? BW.seatColor(p.seat) : "#bfb49c", "stroke-width": toAct ? 3 : 1 });
    const band = s("rect", { width: 10, height: h, rx: 5, fill: BW.seatColor(p.seat) });
    g.append(frame, band);
    g.append(text(20, 22, `${ctx.seatName(p.seat)}${view.first_player === p.seat ? " · first player" : ""}${toAct ? "  ◀ to act" : ""}`,
      { "font-size": 15, "font-weight": 700, fill: BW.seatColor(p.seat) }));
    g.append(text(w - 12, 22, `${p.points} pts`, { "text-anchor": "end", "font-size": 17, "font-weight": 700 }));
    // City board grid
    const cb = b.city_board, cell = 46, gx = 20, gy = 34;
    for (let r = 0; r < cb.rows; r++) for (let c = 0; c < cb.columns; c++) {
      const id = `${r}.${c}`;
      const card = p.city_board[id];
      const type = card ? card.split("#")[0] : null;
      const info = type ? (b.facilities[type] || { name: type, colour: "none", points: 0 }) : null;
      const acts = me ? byTarget.get(id) : null;
      const cg = s("g", { transform: `translate(${gx + c * (cell + 4)},${gy + r * (cell + 4)})`, "data-cell": id });
      cg.append(s("rect", { width: cell, height: cell, rx: 5, fill: info ? FAC_FILL[info.colour] || "#999" : "#efe8d8",
        stroke: acts ? "#ff9d00" : (p.used_for_styles || []).includes(id) ? "#1d1a16" : "#b5aa92", "stroke-width": acts ? 5 : (p.used_for_styles || []).includes(id) ? 2.5 : 1 }));
      if (info) {
        const words = info.name.split(" ");
        words.slice(0, 3).forEach((wd, k) => cg.append(text(cell / 2, 15 + k * 12, wd.length > 9 ? wd.slice(0, 8) + "." : wd,
          { "text-anchor": "middle", "font-size": 10, "font-weight": 600 })));
        cg.append(title(`${id}: ${info.name} (${info.colour}, ${info.points} points)` + ((p.used_for_styles || []).includes(id) ? ", used for a City Style" : "")));
      } else cg.append(text(cell / 2, cell / 2 + 4, id, { "text-anchor": "middle", "font-size": 10, fill: "#a99e88" }));
      g.append(highlight(cg, acts, ctx, id));
    }
    // resources, Gold, Pure, markers
    const rx = gx + cb.columns * (cell + 4) + 12;
    let ry = 44;
    const chip = (label, n, col) => {
      g.append(s("rect", { x: rx, y: ry - 13, width: 130, height: 18, rx: 9, fill: col }));
      g.append(text(rx + 8, ry, `${label}`, { "font-size": 11.5, fill: "#fff", "font-weight": 700 }));
      g.append(text(rx + 122, ry, String(n), { "text-anchor": "end", "font-size": 12.5, fill: "#fff", "font-weight": 700, "data-res": label }));
      ry += 21;
    };
    chip("Orirock", p.resources.orirock, RES.orirock[1]);
    chip("Shard", p.resources.shard, RES.shard[1]);
    chip("Oriron", p.resources.oriron, RES.oriron[1]);
    chip("Gold", p.gold, "#b8861b");
    chip("Pure Originium", p.pure_originium, "#7a4bb0");
    chip("Influence left", p.markers_in_supply, BW.seatColor(p.seat));
    // characters
    const tx = rx + 140;
    let ty = 44;
    const room = Math.floor((w - tx - 8) / 6.6);  // characters that fit on a line
    const wrapLines = str => {  // never cut: long text goes on to the next line
      const out = [];
      let cur = "";
      for (const w of String(str).split(" ")) {
        if (cur && (cur + " " + w).length > room) { out.push(cur); cur = "  " + w; } else cur = cur ? cur + " " + w : w;
      }
      if (cur) out.push(cur);
      return out;
    };
    const line = (str, attrs = {}) => {
      for (const part of wrapLines(str)) {
        const el = text(tx, ty, part, Object.assign({ "font-size": 12 }, attrs));
        el.append(title(str));
        g.append(el);
        ty += 16;
      }
    };
    const cname = id => (b.characters[id] || { name: id }).name;
    line(`city at ${p.city || "—"}`, { "font-weight": 600 });
    if (me && p.hand) {
      line("hand:", { "font-weight": 600 });
      for (const c of p.hand) {
        const acts = byTarget.get(c);
        const chosen = (ctx.path || []).includes(c);
        const hg = s("g", { "data-hand": c });
        const ch = b.characters[c];
        const parts = wrapLines(ch ? `${ch.name} (${ch.strategy} / ${ch.tactic})` : c);
        hg.append(s("rect", { x: tx - 3, y: ty - 12, width: w - tx - 8, height: 16 * parts.length, rx: 4,
          fill: chosen ? "#ffd27a" : acts ? "#fff2c6" : "none", stroke: chosen ? "#2d2a26" : acts ? "#ff9d00" : "none", "stroke-width": 2 }));
        parts.forEach((part, k) => hg.append(text(tx + 2, ty + k * 16, part, { "font-size": 11.5 })));
        g.append(highlight(hg, acts, ctx, c));
        ty += 16 * parts.length + 1;
      }
    } else line(`hand: ${p.hand_size} card${p.hand_size === 1 ? "" : "s"}`);
    if (p.character_revealed) line(`revealed: ${cname(p.character_revealed)}`, { fill: "#8a2219", "font-weight": 600 });
    else if (me && p.face_down) line(`face down: ${cname(p.face_down)} (only you see it)`);
    else if (p.has_face_down) line("face down: 1 character");
    if ((p.discard || []).length) line(`discard: ${p.discard.map(cname).join(", ")}`, { fill: "#6b6b6b" });
    if ((p.end_of_round_effects || []).length) line(`end of round: ${p.end_of_round_effects.length} effect(s)`, { fill: "#6b6b6b" });
    const col = (view.collection || [])[p.seat];
    if (col && !col.done && (col.reach || []).length) line(`collecting: budget ${col.budget}`, { fill: "#6b6b6b" });
    // the Corporation Module's cards, across the whole width below the rest
    let bottom = Math.max(ty - 4, gy + cb.rows * (cell + 4), ry - 6);
    // (the view has the players' module keys only once the corporations are chosen)
    if (view.corporations !== undefined) bottom = drawModuleCards(g, p, b, ctx, me, w, bottom + 8);
    // the panel grows when its content needs more room (render lines the rows up)
    g.height = Math.max(h, bottom + 8);
    frame.setAttribute("height", g.height);
    band.setAttribute("height", g.height);
    return g;
  }

  // A player's starting corporations, Operators in play (with their markers or the
  // facilities under them) and the cards returned to the box; returns the lowest y used.
  function drawModuleCards(g, p, b, ctx, me, w, y) {
    const cname = id => (b.characters[id] || { name: id }).name;
    const corp = id => ((b.corporations || {})[id] || { name: id }).name;
    const fname = id => (b.facilities[id.split("#")[0]] || { name: id }).name;
    const x0 = 20, room = Math.floor((w - x0 - 12) / 6.4);
    const mg = s("g", { "data-module": p.seat });
    mg.append(s("line", { x1: x0, x2: w - 12, y1: y, y2: y, stroke: "#d8d1c2" }));
    y += 16;
    const line = (str, attrs = {}) => {
      const el = text(x0, y, str.length > room ? str.slice(0, room - 1) + "…" : str, Object.assign({ "font-size": 12 }, attrs));
      el.append(title(str));
      mg.append(el);
      y += 16;
    };
    const start = (p.starting_corporations || []).map(corp).join(", ") || "not chosen yet";
    const back = me && (p.corporations_put_back || []).length ? ` · put back: ${p.corporations_put_back.map(corp).join(", ")}` : "";
    line(`starting corporation${(p.starting_corporations || []).length === 1 ? "" : "s"}: ${start}${back}`);
    // Operators in play: a chip each
    const ops = Object.entries(p.in_play || {});
    mg.append(text(x0, y, "in play:", { "font-size": 12, "font-weight": 600 }));
    let cx = x0 + 56;
    if (!ops.length) mg.append(text(cx, y, "no Operator", { "font-size": 12, fill: "#6b6b6b" }));
    for (const [op, state] of ops) {
      const markers = state.markers !== undefined ? state.markers : null;
      const under = state.under || [];
      const extra = Object.entries(state).filter(([k]) => k !== "markers" && k !== "under")
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(", ") : v}`);
      let label = cname(op);
      if (under.length) label += ` · under: ${under.map(fname).join(", ")}`;
      if (extra.length) label += ` · ${extra.join(" · ")}`;
      const dots = markers === null ? 0 : Math.min(markers, 6);
      const cw = label.length * 6.6 + 16 + (markers === null ? 0 : dots * 13 + (markers > 6 ? 22 : 0) + 8);
      if (cx + cw > w - 12 && cx > x0 + 56) { cx = x0 + 56; y += 21; }
      const og = s("g", { transform: `translate(${cx},${y - 13})`, "data-operator": op });
      og.append(s("rect", { width: cw, height: 18, rx: 9, fill: "#e6dcf3", stroke: "#7a4bb0" }));
      og.append(text(8, 13, label, { "font-size": 11.5, "font-weight": 600, fill: "#3d2466" }));
      let dx = 8 + label.length * 6.6 + 8;
      for (let k = 0; k < dots; k++, dx += 13) og.append(s("circle", { cx: dx + 5, cy: 9, r: 5, fill: BW.seatColor(p.seat), stroke: "#1d1a16", "stroke-width": 0.8 }));
      if (markers !== null && markers > 6) og.append(text(dx, 13, `×${markers}`, { "font-size": 11 }));
      const what = [markers !== null ? `${markers} marker${markers === 1 ? "" : "s"} on it` : "",
        under.length ? `under it: ${under.map(fname).join(", ")}` : "", ...extra].filter(x => x).join("; ");
      og.append(title(`${cname(op)} stays in play (Persistent)${what ? ": " + what : ""}`));
      mg.append(og);
      cx += cw + 6;
    }
    y += 20;
    // returned to the box: face up by name, face down by count (their names only to their owner)
    const boxed = (p.returned_to_box || []).map(cname);
    const unseen = p.returned_unseen || 0;
    const parts = [...boxed];
    if (unseen) parts.push(`${unseen} face down`);
    line(`returned to the box: ${parts.join(", ") || "none"}`, { fill: "#6b6b6b" });
    if (me && (p.returned_unseen_cards || []).length) line(`face down in the box (only you see them): ${p.returned_unseen_cards.map(cname).join(", ")}`, { fill: "#6b6b6b" });
    g.append(mg);
    return y - 12;
  }

  function render(view, ctx) {
    const b = ctx.data;
    // what can be clicked: every part of the actions still open after the parts already picked
    // ("box:a+b" is picked as a, then b; see docs/web.md)
    const byTarget = new Map();
    const path = ctx.path || [];
    for (const a of (ctx.remaining ? ctx.remaining() : ctx.actions)) {
      const t = targetOf(a.id);
      if (t === null) continue;
      for (const part of t.split("+")) {  // picked parts stay highlighted: clicking one takes it back
        if (!byTarget.has(part)) byTarget.set(part, []);
        byTarget.get(part).push(a);
      }
    }
    NARROW = !!ctx.narrow;
    W = NARROW ? NARROW_W : WIDE;
    [MW, MH] = NARROW ? [MAPH, MAPW] : [MAPW, MAPH];
    const side = drawSide(view, b, ctx, byTarget, TOP + MH + 12);
    const sideh = NARROW ? side.height : SIDEH;
    const per = NARROW ? 1 : 2;  // players' panels a row
    const pw = (W - 20 - 10 * (per - 1)) / per, ph = 224;
    const corps = drawCorps(view, b, ctx, byTarget, TOP + MH + 12 + sideh);
    const ptop = TOP + MH + 12 + sideh + (corps ? corps.height : 0);
    // the players' panels, two a row, each row as high as its highest panel
    const panels = (view.players || []).map(p => drawPlayer(view, p, b, ctx, byTarget, 0, 0, pw, ph));
    let py = ptop;
    for (let i = 0; i < panels.length; i += per) {
      const rowh = Math.max(...panels.slice(i, i + per).map(x => x.height));
      panels.slice(i, i + per).forEach((pg, k) => {
        pg.setAttribute("transform", `translate(${10 + k * (pw + 10)},${py})`);
      });
      py += rowh + 10;
    }
    const H = py + 6;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, xmlns: NS, "font-family": "DejaVu Sans, system-ui, sans-serif", id: "nomad-board" });
    svg.append(s("rect", { width: W, height: H, fill: "#f4eedf" }));
    const turn = lastTurn(view);
    svg.append(text(12, 28, (view.round === 0 ? "Initial Entry" : view.round > 8 ? "Game over" : `Round ${view.round} of 8`) +
      (turn ? ` · turn ${turn}` : "") + ` · first player: seat ${view.first_player}` +
      ` · Red Zone ${view.red_zone_open ? "open" : "closed"}` +
      ((view.to_act || []).length ? ` · to act: ${view.to_act.map(x => "seat " + x).join(", ")}` : ""), { "font-size": NARROW ? 16 : 19, "font-weight": 700 }));
    svg.append(drawMap(view, b, ctx, byTarget));
    svg.append(side);
    if (corps) svg.append(corps);
    svg.append(...panels);
    const wrapEl = document.createElement("div");
    wrapEl.className = "nc-wrap";
    const main = document.createElement("div");
    main.className = "nc-main";
    main.append(svg);
    wrapEl.append(main);
    const hand = handAside(view, b, ctx, byTarget);
    if (hand) wrapEl.append(hand);
    return wrapEl;
  }

  // The seat's own hand beside the map (HTML, so no text is ever cut): each card by name with
  // its strategy and tactic and what it does (the glossary), clickable when an action names it.
  function handAside(view, b, ctx, byTarget) {
    const me = ctx.seat === null ? null : (view.players || []).find(p => p.seat === ctx.seat);
    if (!me || !me.hand) return null;
    const aside = BW.el("aside", { class: "nc-hand", id: "nc-hand" }, BW.el("h3", {}, "Your hand"));
    const path = ctx.path || [];
    for (const c of me.hand) {
      const ch = b.characters[c] || { name: c };
      const acts = byTarget.get(c);
      const chosen = path.includes(c);
      const g = (ctx.glossary || {})[c];
      const el = BW.el("div", { class: "nc-card" + (acts && !chosen ? " actionable" : "") + (chosen ? " chosen" : ""), "data-hand-card": c },
        BW.el("b", {}, ch.name), ch.strategy ? BW.el("div", { class: "muted" }, `${ch.strategy} / ${ch.tactic}`) : "",
        g ? BW.el("div", { class: "nc-text" }, g.text) : "", chosen ? BW.el("div", { class: "nc-tag" }, "chosen (◀ back takes it back)") : "");
      el.addEventListener("click", () => { if (acts) ctx.select(c); else if (ctx.showDetail) ctx.showDetail(c); });
      aside.append(el);
    }
    if (me.face_down) {
      const fd = b.characters[me.face_down] || { name: me.face_down };
      aside.append(BW.el("div", { class: "nc-card facedown" }, BW.el("b", {}, fd.name), BW.el("div", { class: "muted" }, "face down (only you see it)")));
    }
    return aside;
  }

  function lastTurn(view) {
    // the view has no turn counter: take it from the newest "takes turn N of round R" log line
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      const m = /takes turn (\d+) of round (\d+)/.exec(log[i].text || "");
      if (m) return Number(m[2]) === view.round ? Number(m[1]) : null;
    }
    return null;
  }

  // a long list of map choices (30 places for an influence) is offered region by region
  function groupOf(a, view, ctx) {
    const b = ctx.data, t = targetOf(a.id);
    if (!b || !t) return null;
    const site = b.sites.find(x => x.id === t), route = site ? null : b.routes.find(r => r.id === t);
    const region = site ? site.region : route ? route.region : null;
    if (region === null || region === undefined) return null;
    const r = b.regions.find(x => x.id === region);
    return r && r.red_zone ? "Red Zone" : `region ${region}`;
  }

  BW.registerBoard("nomad-city", {
    render, nameOf, groupOf,
    targetOf: a => targetOf(a.id),
    hint: "Highlighted sites, routes, facilities, cards and spaces have actions: click one, or choose below.",
  });
})();
