// Shared helpers: API calls, the seat tokens this browser holds (sessionStorage only), boards.
"use strict";

const BW = {
  async api(path, opts = {}) {
    const headers = Object.assign({ "Accept": "application/json" }, opts.headers || {});
    if (opts.token) headers["Authorization"] = "Bearer " + opts.token;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(path, {
      method: opts.method || "GET", headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    let data = null;
    try { data = await res.json(); } catch (e) { data = { reason: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  },
  // tokens: {gameId: {seat: token}} kept per browser tab
  tokens(gameId) {
    try { return JSON.parse(sessionStorage.getItem("bw-tokens-" + gameId) || "{}"); }
    catch (e) { return {}; }
  },
  saveToken(gameId, seat, token) {
    const t = BW.tokens(gameId);
    t[seat] = token;
    sessionStorage.setItem("bw-tokens-" + gameId, JSON.stringify(t));
  },
  el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  },
  // Boards: a title's board script (served from its `board_js` asset) calls
  // BW.registerBoard(gameId, {render(view, ctx), nameOf?, targetOf?, hint?}); see docs/web.md.
  boards: {},
  registerBoard(gameId, board) {
    if (!board || typeof board.render !== "function") throw new Error(`the board of ${gameId} has no render(view, ctx)`);
    BW.boards[gameId] = board;
  },
  SEAT_COLORS: ["#d94f4f", "#3b7dd8", "#3aa657", "#d9a521", "#8e5bc4", "#2aa6a6"],
  seatColor(s) { return BW.SEAT_COLORS[s % BW.SEAT_COLORS.length]; },
};
