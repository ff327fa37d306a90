// Beacon's browser board (test title): one lighthouse per keeper, lit lamps in yellow.
// The web app serves this file (the title's `board_js` asset) and the page loads it for this
// game only; BW.registerBoard(gameId, {render, hint, ...}) hands the renderer over (docs/web.md).
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const TW = 220, TOP = 96, LAMPS = 8;
  function el(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function render(view, ctx) {
    const n = view.keepers.length;
    const W = 40 + TW * Math.max(n, 3), H = TOP + 280;
    const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, id: "beacon-board", class: "beacon-board",
      "font-family": "DejaVu Sans, system-ui, sans-serif" });
    svg.append(el("rect", { width: W, height: H, fill: "#1f2a44" }));
    const total = view.keepers.reduce((t, k) => t + k.light, 0);
    svg.append(el("text", { x: 14, y: 26, fill: "#fff", "font-size": 18, "font-weight": 700 },
      `${view.mode} · round ${Math.min(view.round, 3)} of 3 · ${view.phase}`));
    svg.append(el("text", { x: 14, y: 50, fill: "#cfd8ea", "font-size": 14 },
      `light ${total} of a goal of ${view.goal} · storm deck ${view.storm_deck} · past storms ${view.storm_discard.join(", ") || "none"}`));
    const signals = view.signals_chosen.map((c, s) => `seat ${s} ${c ? "has chosen" : "chooses"}`).join(" · ");
    svg.append(el("text", { x: 14, y: 72, fill: "#cfd8ea", "font-size": 13 },
      [view.phase === "signal" ? `signals: ${signals}` : "",
        view.my_signal !== null && view.my_signal !== undefined ? `your signal ${view.my_signal}` : ""].filter(x => x).join(" · ")));
    view.keepers.forEach((k, i) => {
      const x = 20 + TW * i;
      const g = el("g", { "data-keeper": i });
      const act = ctx.actionFor(`strike:${i}`);
      const tied = (view.tied || []).includes(i);
      g.append(el("polygon", { points: `${x + 30},${TOP + 230} ${x + 100},${TOP + 230} ${x + 88},${TOP + 40} ${x + 42},${TOP + 40}`,
        fill: "#e8e2d4", stroke: act ? "#ffb000" : tied ? "#ff6b6b" : "#8a8474", "stroke-width": act ? 5 : 2 }));
      g.append(el("rect", { x: x + 30, y: TOP + 10, width: 70, height: 30, rx: 4, fill: k.light ? "#ffe066" : "#555",
        stroke: "#333" }));
      g.append(el("rect", { x: x + 30, y: TOP + 228, width: 70, height: 8, fill: BW.seatColor(k.seat) }));
      const lamps = Math.max(LAMPS, k.light), step = Math.min(20, 170 / lamps);
      for (let l = 0; l < lamps; l++) {
        g.append(el("circle", { cx: x + 65, cy: TOP + 215 - step * l, r: Math.min(7, step / 2.5),
          fill: l < k.light ? "gold" : "#bdb6a6", stroke: "#6b5d2f", "data-lamp": l < k.light ? "lit" : "dark" }));
      }
      g.append(el("text", { x: x + 65, y: TOP + 2, fill: "#fff", "font-size": 13, "text-anchor": "middle" },
        `keeper ${i} · ${ctx.seatName(k.seat)}`));
      g.append(el("text", { x: x + 65, y: TOP + 256, fill: "#fff", "font-size": 13, "text-anchor": "middle" },
        `light ${k.light} · oil ${k.oil}` + (tied ? " · tied" : "")));
      if (act) {
        g.setAttribute("class", "target card-actionable");
        g.append(el("title", {}, "click: " + act.label));
        g.addEventListener("click", () => ctx.choose(act));
      }
      svg.append(g);
    });
    return svg;
  }

  BW.registerBoard("beacon", {
    render,
    hint: "When the storm ties, click the tower it strikes.",
  });
})();
