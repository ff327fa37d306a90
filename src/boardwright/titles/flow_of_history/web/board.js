// The Flow of History drawn as SVG: market, deck by age, supply and reserve, every Nation.
// The web app serves this file (the title's `board_js` asset) and the page loads it for
// this game only; it registers the renderer with BW.registerBoard (docs/web.md).
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const TYPE_COLORS = { Construction: "#a0703c", Government: "#7b4fa8", Knowledge: "#2f6fb5",
    Military: "#b83a3a", Leader: "#c99a16", Wonder: "#1f8f86" };
  const TYPES = ["Government", "Construction", "Knowledge", "Military", "Leader", "Wonder"];
  const ICONS = [["attack", "Atk"], ["culture", "Cul"], ["defense", "Def"], ["harvest", "Har"],
    ["industry", "Ind"], ["science", "Sci"], ["trade", "Trd"]];
  const WIDE = 1160, NARROW_W = 470, CW = 128, CH = 176;
  const ICON_COLORS = { attack: "#b83a3a", culture: "#8e5bc4", defense: "#4a6f8a", harvest: "#3aa657",
    industry: "#8a6a3c", science: "#2f6fb5", trade: "#d9a521" };
  const AGES = ["A", "I", "II", "III", "IV", "V"];

  function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  function wrap(text, width) {
    const words = String(text).split(" "), lines = [];
    let cur = "";
    for (const w of words) {
      if ((cur + " " + w).trim().length > width && cur) { lines.push(cur); cur = w; } else cur = (cur + " " + w).trim();
    }
    if (cur) lines.push(cur);
    return lines;
  }
  function seatLabel(v) { return v === "banker" ? "B" : String(v); }

  // A card's stripe and effect in words, from the title's glossary ("Age A Construction,
  // stripe 1 attack. Counts as 1 Defense while uncovered.").
  function readCard(c, ctx) {
    const e = (ctx.glossary || {})[c.id];
    if (!e) return { icons: [], effect: "" };
    const m = /stripe ([^.]*)\./.exec(e.text);
    const icons = m ? m[1].split(",").map(p => p.trim().split(" ")).filter(p => p.length === 2 && ICON_COLORS[p[1]])
      .map(([n, k]) => [Number(n), k]) : [];
    const first = e.text.indexOf(". ");
    return { icons, effect: first >= 0 ? e.text.slice(first + 2) : "" };
  }

  // One card: type and age, name, icon stripe, effect in words; `extra` lines at the bottom;
  // clicking shows its details (and focuses its actions), hovering shows them too.
  function card(c, x, y, ctx, opts = {}) {
    const acts = ctx.byCard.get(c.id) || [];
    const g = s("g", { transform: `translate(${x},${y})`, "data-card": c.id,
      class: acts.length ? "card card-actionable" : "card" });
    const col = TYPE_COLORS[c.type] || "#777";
    const selected = ctx.selected === c.id;
    g.append(s("rect", { width: CW, height: CH, rx: 8, fill: "#fffdf6", stroke: acts.length ? "#ffb000" : "#8a7f6a",
      "stroke-width": selected ? 6 : acts.length ? 4 : 1.2 }));
    g.append(s("rect", { width: CW, height: 22, rx: 8, fill: col }));
    g.append(s("text", { x: 6, y: 15, fill: "#fff", "font-size": 12, "font-weight": 600 }, `${c.type} · ${c.age}`));
    const names = wrap(c.name, 15).slice(0, 2);
    names.forEach((line, i) => g.append(s("text", { x: 6, y: 39 + i * 15, "font-size": 13.5, "font-weight": 700 }, line)));
    const info = readCard(c, ctx);
    let iy = 39 + names.length * 15 - 6;
    info.icons.forEach(([n, k], i) => {
      const ig = s("g", { transform: `translate(${6 + i * 40},${iy})`, "data-icon": k });
      ig.append(s("rect", { width: 37, height: 15, rx: 7, fill: ICON_COLORS[k] }));
      ig.append(s("text", { x: 18.5, y: 11.5, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 },
        `${n} ${k.slice(0, 3)}`));
      g.append(ig);
    });
    if (!info.icons.length) g.append(s("text", { x: 6, y: iy + 11, "font-size": 10, fill: "#777" }, (c.timing || "").replaceAll("_", " ")));
    const room = Math.max(1, Math.floor((CH - (opts.extra || []).filter(Boolean).length * 13 - (opts.investor !== undefined && opts.investor !== null ? 38 : 8) - (iy + 30)) / 12) + 1);
    const lines = wrap(info.effect, 24);
    const shown = lines.slice(0, room);
    if (lines.length > room) shown[room - 1] = shown[room - 1].replace(/\s*\S*$/, "") + " … (more)";
    const eff = s("text", { class: "effect", "font-size": 9.5, fill: "#2d2a26" });
    shown.forEach((line, i) => eff.append(s("tspan", { x: 6, y: iy + 28 + i * 12 }, line)));
    g.append(eff);
    (opts.extra || []).filter(Boolean).forEach((line, i, all) =>
      g.append(s("text", { x: 6, y: CH - (opts.investor !== undefined && opts.investor !== null ? 34 : 8) - (all.length - 1 - i) * 13, "font-size": 10.5, fill: "#333" }, line)));
    if (opts.investor !== undefined && opts.investor !== null) {
      const colr = opts.investor === "banker" ? "#444" : BW.seatColor(opts.investor);
      g.append(s("circle", { cx: CW - 22, cy: CH - 22, r: 17, fill: colr, stroke: "#fff", "stroke-width": 2 }));
      g.append(s("text", { x: CW - 22, y: CH - 17, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": 700 },
        String(opts.stake)));
      g.append(s("text", { x: 6, y: CH - 8, "font-size": 11, fill: colr, "font-weight": 700 },
        opts.investor === "banker" ? "Banker" : `seat ${seatLabel(opts.investor)}`));
    }
    const full = (ctx.glossary || {})[c.id];
    g.append(s("title", {}, (opts.title ? opts.title + "\n" : "") + `${c.name} (${c.type}, age ${c.age})` +
      (full ? "\n" + full.text : "") + (acts.length ? "\nclick: " + acts.map(a => a.label).join(" / ").slice(0, 300) : "")));
    g.style.cursor = "pointer";
    g.addEventListener("click", ev => {
      ev.stopPropagation();
      if (ctx.showDetail) ctx.showDetail(c.id);
      if (acts.length) ctx.select(c.id);
    });
    g.addEventListener("mouseenter", () => { if (ctx.showDetail) ctx.showDetail(c.id); });
    return g;
  }

  function render(view, ctx) {
    const byCard = new Map(), byNation = new Map();
    const cardIds = new Set();
    for (const c of view.market) cardIds.add(c.id);
    for (const c of view.dealt || []) cardIds.add(c.id);
    for (const n of view.nations) for (const st of Object.values(n.stacks)) for (const c of st) cardIds.add(c.id);
    const mine = ctx.seat === null ? null : view.nations[ctx.seat];
    for (const a of ctx.actions) {
      const parts = a.id.split(":");
      let target = parts.length > 1 && cardIds.has(parts[1]) ? parts[1] : null;
      if (a.id === "complete" && mine && mine.invested_in) target = mine.invested_in;
      if (target) { if (!byCard.has(target)) byCard.set(target, []); byCard.get(target).push(a); }
      if (parts[0] === "target") { const n = Number(parts[1]); if (!byNation.has(n)) byNation.set(n, []); byNation.get(n).push(a); }
    }
    ctx = Object.assign({}, ctx, { byCard, byNation });
    // a phone (ctx.narrow): three cards a row, everything else below the market
    const narrow = !!ctx.narrow, W = narrow ? NARROW_W : WIDE;
    const per = narrow ? 3 : 6;
    const at = (i, x0, y0, dx) => [x0 + (i % per) * dx, y0 + Math.floor(i / per) * (CH + 10)];
    const rowsOf = n => Math.max(1, Math.ceil(n / per));
    const nationH = narrow ? 88 + 2 * (CH + 10) + 4 : 276;
    const hasDealt = (view.dealt || []).length > 0;
    const deckY = narrow ? 66 + rowsOf(view.market.length) * (CH + 10) : 66;
    const dealtY = narrow ? deckY + CH + 16 : 282;
    const top = hasDealt ? (narrow ? dealtY + rowsOf(view.dealt.length) * (CH + 10) + 8 : 480) : narrow ? deckY + CH + 10 : 276;
    const H = top + view.nations.length * (nationH + 12) + 10;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, xmlns: NS, "font-family": "DejaVu Sans, system-ui, sans-serif", id: "flow-board" });
    svg.append(s("rect", { width: W, height: H, fill: "#efe7d6" }));
    // headline
    const head = `Round ${view.round} · turn ${view.turn + 1} · Current Age ${AGES[view.current_age] ?? view.current_age}` +
      (view.end_triggered ? " · the game ends after this turn" : "");
    svg.append(s("text", { x: 16, y: 28, "font-size": narrow ? 17 : 20, "font-weight": 700 }, head));
    // market
    svg.append(s("text", { x: 16, y: 58, "font-size": 14, "font-weight": 700, fill: "#555" }, "MARKET"));
    view.market.forEach((c, i) => svg.append(card(c, ...at(i, 16, 66, CW + 10), ctx,
      { investor: c.investor, stake: c.stake })));
    // deck, supply, reserve
    const dx = narrow ? 16 : 16 + 6 * (CW + 10);
    const deck = s("g", { transform: `translate(${dx},${deckY})`, id: "deck" });
    for (let k = 3; k >= 0; k--) deck.append(s("rect", { x: k * 3, y: k * 3, width: 110, height: CH - 10, rx: 8, fill: "#5b4a32", stroke: "#2d2a26" }));
    deck.append(s("text", { x: 10, y: 24, fill: "#fff", "font-size": 14, "font-weight": 700 }, `Deck ${view.deck.count}`));
    Object.entries(view.deck.by_age).reverse().forEach(([age, n], i) =>
      deck.append(s("text", { x: 10, y: 46 + i * 17, fill: "#f3e2c0", "font-size": 13 }, `age ${age}: ${n}`)));
    svg.append(deck);
    const pool = (label, value, x, col) => {
      const g = s("g", { transform: `translate(${x},${deckY + 54})`, id: label.toLowerCase() });
      g.append(s("circle", { cx: 40, cy: 30, r: 34, fill: col, stroke: "#2d2a26" }));
      g.append(s("text", { x: 40, y: 38, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: "#fff" }, String(value)));
      g.append(s("text", { x: 40, y: 84, "text-anchor": "middle", "font-size": 13 }, label));
      return g;
    };
    svg.append(pool("Supply", view.supply, dx + 122, "#b07d2b"));
    svg.append(pool("Reserve", view.reserve, dx + 200, "#7d6a4f"));
    // your dealt starting cards (2 players)
    if (hasDealt) {
      const picked = view.my_pick ? (view.dealt.find(c => c.id === view.my_pick) || { name: view.my_pick }).name : null;
      svg.append(s("text", { x: 16, y: dealtY - 10, "font-size": 14, "font-weight": 700, fill: "#555" },
        (narrow ? "YOUR STARTING CARDS (only you see these)" : "YOUR STARTING CARDS (only you see these; click one for its details)") +
        (picked ? ` · chosen: ${picked}` : "")));
      view.dealt.forEach((c, i) => svg.append(card(c, ...at(i, 16, dealtY, CW + 10), ctx, {})));
    }
    // nations
    view.nations.forEach((n, i) => {
      const y = top + i * (nationH + 12);
      const acts = byNation.get(n.seat) || [];
      const g = s("g", { transform: `translate(8,${y})`, "data-nation": n.seat, class: acts.length ? "card-actionable" : "" });
      const toAct = view.to_act.includes(n.seat);
      g.append(s("rect", { width: W - 16, height: nationH, rx: 10, fill: "#fbf7ee",
        stroke: acts.length ? "#ffb000" : toAct ? BW.seatColor(n.seat) : "#bfb49c", "stroke-width": acts.length ? 5 : toAct ? 3 : 1 }));
      g.append(s("rect", { width: 12, height: nationH, rx: 6, fill: BW.seatColor(n.seat) }));
      const who = ctx.seatName(n.seat);
      g.append(s("text", { x: 22, y: 24, "font-size": 16, "font-weight": 700, fill: BW.seatColor(n.seat) },
        `${who}${toAct ? "  ◀ to act" : ""}${view.current_player === n.seat ? "  (current player)" : ""}`));
      const score = ctx.standing && ctx.standing.scores ? ctx.standing.scores[n.seat] : null;
      if (score !== null && score !== undefined)
        g.append(s("text", { x: W - 30, y: narrow ? 46 : 26, "text-anchor": "end", "font-size": narrow ? 14 : 18, "font-weight": 700, "data-score": n.seat }, `${score} point${score === 1 ? "" : "s"} so far`));
      g.append(s("text", { x: 22, y: 46, "font-size": 13 }, `tokens ${n.tokens}` +
        (n.invested_in ? ` · invested in ${(view.market.find(c => c.id === n.invested_in) || { name: n.invested_in }).name}` : "") +
        (n.starting_card_chosen === false ? " · choosing a starting card" : n.starting_card_chosen ? " · starting card chosen" : "")));
      ICONS.forEach(([key, short], k) => {
        const x = 22 + k * 62;
        g.append(s("rect", { x, y: 56, width: 56, height: 22, rx: 4, fill: "#e7dcc4" }));
        g.append(s("text", { x: x + 28, y: 72, "text-anchor": "middle", "font-size": 12, "data-icon": key },
          `${short} ${n.icons[key] ?? 0}`));
      });
      TYPES.forEach((t, k) => {
        const stack = n.stacks[t] || [];
        const [x, yy] = at(k, 22, 88, narrow ? CW + 14 : CW + 52);
        if (!stack.length) {
          g.append(s("rect", { x, y: yy, width: CW, height: CH, rx: 8, fill: "none", stroke: "#cfc4ad", "stroke-dasharray": "4 4" }));
          g.append(s("text", { x: x + 8, y: yy + 20, "font-size": 12, fill: "#a99e88" }, t));
          return;
        }
        const topCard = stack[stack.length - 1];
        const names = stack.map(c => c.name);
        const extra = t === "Wonder" ? (stack.length > 1 ? [`+ ${stack.slice(0, -1).slice(-2).map(c => c.name).join(", ")}`.slice(0, 19),
          stack.length > 3 ? `  and ${stack.length - 3} more` : ""] : []) :
          stack.length > 1 ? [`×${stack.length} (covers ${stack.length - 1})`] : [];
        g.append(card(topCard, x, yy, ctx, { extra, title: `${t}: ${names.join(", ")} (top: ${topCard.name})` }));
      });
      if (acts.length) g.addEventListener("click", () => ctx.choose(acts[0]));
      svg.append(g);
    });
    return svg;
  }
  // What an action acts on: the card its id names; "complete" acts on the seat's invested card.
  function targetOf(a, view, ctx) {
    if (a.id === "complete") {
      const mine = ctx.seat === null || !view.nations ? null : view.nations[ctx.seat];
      return mine && mine.invested_in ? mine.invested_in : null;
    }
    const p = a.id.split(":");
    return p.length > 1 ? p[1] : null;
  }

  BW.registerBoard("flow-of-history", {
    render, targetOf,
    hint: "Highlighted cards have actions: click one, or choose below.",
  });
})();
