// A readable rendering of any game's view: nested data as tables and lists.
"use strict";

const GenericBoard = {
  SKIP: new Set(["game", "seat", "players", "to_act", "decision", "log", "over", "outcome"]),
  render(view, ctx) {
    const marks = new Set();
    for (const a of ctx.actions) for (const part of a.id.split(":")) marks.add(part);
    const root = BW.el("div", { class: "generic" });
    const data = {};
    for (const [k, v] of Object.entries(view)) if (!GenericBoard.SKIP.has(k)) data[k] = v;
    root.append(GenericBoard.value(data, 0, marks));
    return root;
  },
  scalar(v, marks) {
    const text = v === null ? "—" : String(v);
    return marks.has(text) ? BW.el("mark", { title: "involved in a legal action" }, text) : text;
  },
  value(v, depth, marks) {
    if (v === null || typeof v !== "object") return GenericBoard.scalar(v, marks);
    if (depth > 6) return JSON.stringify(v).slice(0, 200);
    if (Array.isArray(v)) {
      if (!v.length) return "—";
      if (v.every(x => x && typeof x === "object" && !Array.isArray(x))) {
        const keys = [...new Set(v.flatMap(x => Object.keys(x)))];
        return BW.el("table", {}, BW.el("tr", {}, keys.map(k => BW.el("th", {}, k))),
          v.slice(0, 200).map(x => BW.el("tr", {}, keys.map(k => BW.el("td", {}, GenericBoard.value(x[k] ?? null, depth + 1, marks))))));
      }
      if (v.every(x => x === null || typeof x !== "object")) {
        return BW.el("span", {}, v.slice(0, 200).flatMap((x, i) => i ? [", ", GenericBoard.scalar(x, marks)] : [GenericBoard.scalar(x, marks)]));
      }
      return BW.el("ol", { start: 0 }, v.slice(0, 200).map(x => BW.el("li", {}, GenericBoard.value(x, depth + 1, marks))));
    }
    const entries = Object.entries(v).slice(0, 200);
    if (!entries.length) return "—";
    const isScalar = x => x === null || typeof x !== "object" ||
      (Array.isArray(x) && x.every(y => y === null || typeof y !== "object"));
    if (entries.every(([, x]) => isScalar(x))) {  // compact: one line of key: value pairs
      return BW.el("span", { class: "kv" }, entries.map(([k, x]) =>
        BW.el("span", { class: "pair" }, BW.el("b", {}, k.replaceAll("_", " ") + ": "), GenericBoard.value(x, depth + 1, marks))));
    }
    const rows = entries.filter(([, x]) => x && typeof x === "object" && !Array.isArray(x));
    if (rows.length === entries.length && rows.every(([, x]) => Object.values(x).every(isScalar))) {  // a table, one row per key
      const keys = [...new Set(rows.flatMap(([, x]) => Object.keys(x)))];
      return BW.el("table", {}, BW.el("tr", {}, BW.el("th", {}, ""), keys.map(k => BW.el("th", {}, k.replaceAll("_", " ")))),
        rows.map(([k, x]) => BW.el("tr", {}, BW.el("th", {}, k), keys.map(c => BW.el("td", {}, GenericBoard.value(x[c] ?? null, depth + 1, marks))))));
    }
    if (depth === 0) {  // the top level: one box per part of the view
      return BW.el("div", { class: "gen-grid" }, entries.map(([k, x]) => BW.el("section", { class: "gen-box" },
        BW.el("h3", {}, k.replaceAll("_", " ")), GenericBoard.value(x, depth + 1, marks))));
    }
    return BW.el("dl", {}, entries.flatMap(([k, x]) =>
      [BW.el("dt", {}, k.replaceAll("_", " ")), BW.el("dd", {}, GenericBoard.value(x, depth + 1, marks))]));
  },
};
