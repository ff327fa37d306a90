// Shared helpers: API calls, the seat tokens this browser holds (localStorage), boards.
"use strict";

const BW = {
  // A live update's delta (web/delta.py): [path, "set", value] | [path, "append", items] | [path, "del"],
  // applied to a copy of the payload it was made from; the result equals the full payload.
  applyDelta(old, ops) {
    let root = structuredClone(old);
    for (const op of ops) {
      const [path, kind, value] = op;
      if (path.length === 0) { if (kind === "set") root = structuredClone(value); continue; }
      let parent = root;
      for (const key of path.slice(0, -1)) parent = parent[key];
      const last = path[path.length - 1];
      if (kind === "set") parent[last] = value;
      else if (kind === "append") parent[last].push(...value);
      else if (kind === "del") delete parent[last];
      else throw new Error("unknown delta operation " + kind);
    }
    return root;
  },
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
  // Seat tokens this browser holds, per game: {seat: token}, kept in localStorage so that a
  // closed tab or browser keeps its seat ("my games" on the home page lists them).
  tokens(gameId) {
    const read = store => { try { return JSON.parse(store.getItem("bw-tokens-" + gameId) || "{}"); } catch (e) { return {}; } };
    const t = Object.assign(read(sessionStorage), BW.storageOk() ? read(localStorage) : {});
    return t;
  },
  storageOk() { try { return !!window.localStorage; } catch (e) { return false; } },
  saveToken(gameId, seat, token) {
    const t = BW.tokens(gameId);
    t[seat] = token;
    const text = JSON.stringify(t);
    if (BW.storageOk()) localStorage.setItem("bw-tokens-" + gameId, text);
    else sessionStorage.setItem("bw-tokens-" + gameId, text);
    BW.remember(gameId);
  },
  // the games this browser created or joined, newest first; and their creator tokens
  myGames() {
    try { return JSON.parse(localStorage.getItem("bw-my-games") || "[]"); } catch (e) { return []; }
  },
  remember(gameId) {
    if (!BW.storageOk()) return;
    const list = BW.myGames().filter(g => g !== gameId);
    list.unshift(gameId);
    localStorage.setItem("bw-my-games", JSON.stringify(list.slice(0, 50)));
  },
  forget(gameId) {
    if (!BW.storageOk()) return;
    localStorage.setItem("bw-my-games", JSON.stringify(BW.myGames().filter(g => g !== gameId)));
    localStorage.removeItem("bw-tokens-" + gameId);
    localStorage.removeItem("bw-creator-" + gameId);
    localStorage.removeItem("bw-tutorial-" + gameId);
  },
  // a guided first game ("Learn to play"): the notes already read, kept per game; null when
  // the game is not one this browser started as a tutorial
  markTutorial(gameId) { if (BW.storageOk()) localStorage.setItem("bw-tutorial-" + gameId, "[]"); },
  tutorialSeen(gameId) {
    try { const t = localStorage.getItem("bw-tutorial-" + gameId); return t === null ? null : JSON.parse(t); }
    catch (e) { return null; }
  },
  saveTutorialSeen(gameId, seen) {
    if (BW.storageOk()) localStorage.setItem("bw-tutorial-" + gameId, JSON.stringify(seen));
  },
  creatorToken(gameId) { try { return localStorage.getItem("bw-creator-" + gameId); } catch (e) { return null; } },
  saveCreator(gameId, token) { if (BW.storageOk()) { localStorage.setItem("bw-creator-" + gameId, token); BW.remember(gameId); } },
  // an option's value in words: "after_turn" -> "after turn", true -> "yes"
  words(v) { return v === true ? "yes" : v === false ? "no" : String(v).replaceAll("_", " "); },
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
