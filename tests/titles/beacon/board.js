// Beacon's browser board (test title): one lighthouse per keeper, lit lamps in yellow.
// The shared page loads this file from the title's assets and calls the renderer.
(function () {
  const NS = "http://www.w3.org/2000/svg";
  function el(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  BW.registerBoard("beacon", {
    render(view, ctx) {
      const svg = el("svg", { viewBox: `0 0 ${120 * view.keepers.length + 20} 160`, class: "beacon-board" });
      view.keepers.forEach((k, i) => {
        const x = 20 + 120 * i;
        const tower = el("rect", { x, y: 40, width: 60, height: 100, fill: "#888", "data-keeper": i });
        svg.append(tower, el("text", { x, y: 30 }, `keeper ${i} (seat ${k.seat})`));
        for (let n = 0; n < k.light; n++) svg.append(el("circle", { cx: x + 30, cy: 130 - 12 * n, r: 5, fill: "gold" }));
        svg.append(el("text", { x, y: 155 }, `oil ${k.oil}`));
        const act = ctx && ctx.actionFor ? ctx.actionFor(`strike:${i}`) : null;
        if (act) { tower.setAttribute("class", "target"); tower.addEventListener("click", () => ctx.choose(act)); }
      });
      return svg;
    },
  });
})();
