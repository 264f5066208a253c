/* A puzzle pack: pick a puzzle, play it with mouse and keyboard, check it against its stored
   solution. Plain script, no network: the puzzles come from the JSON in #pack-data. */
(function () {
  "use strict";

  var PK = window.PuzzlekitPack, PREP = PK.PREP, DRAW = PK.DRAW, ck = PK.ck, ek = PK.ek, nums = PK.nums;
  var L = PK.L, X = PK.X, Y = PK.Y, size = PK.size, inside = PK.inside, esc = PK.esc, n2 = PK.n2, rect = PK.rect;
  var flagMark = PK.flagMark;
  var DATA = JSON.parse(document.getElementById("pack-data").textContent);
  var board = document.getElementById("board");
  var statusLine = document.getElementById("status");
  var picker = document.getElementById("pick");
  var helpLine = document.getElementById("help");
  var P = null;            // the puzzle being played
  var state = {};          // key -> value (see each kind)
  var undoStack = [], redoStack = [];
  var group = null;        // the changes of the current gesture
  var flagged = {};        // keys found wrong by the last check
  var cursor = [0, 0];
  var selected = null;     // sudoku: the selected cell
  var shown = null;        // the hint on the grid: {fix, why: cell masks, keys: entries left to make}

  function point(ev) {  // the event's place in grid units: {r, c} as fractions
    var svg = board.querySelector("svg"), box = svg.getBoundingClientRect(), s = size(), l = L();
    var x = (ev.clientX - box.left) * s[0] / box.width, y = (ev.clientY - box.top) * s[1] / box.height;
    return { r: (y - l.top) / l.cell, c: (x - l.left) / l.cell };
  }

  function render() {
    PK.use(P, state, flagged, { selected: selected, drag: drag });
    var s = size(), body = (P.kit ? PK.drawKit : DRAW[P.g])();
    Object.keys(flagged).forEach(function (key) { body += flagMark(key); });
    if (shown) body += hintMarks();
    if (P.kind !== "digits") body += rect(X(cursor[1]) + 2, Y(cursor[0]) + 2, L().cell - 4, L().cell - 4, "cursor");
    board.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" class="puzzle ' + P.g + (isSolved() ? " solved" : "") +
      '" viewBox="0 0 ' + n2(s[0]) + " " + n2(s[1]) + '" width="' + n2(s[0]) + '" height="' + n2(s[1]) +
      '" data-left="' + L().left + '" data-top="' + L().top + '" data-cell="' + L().cell + '" role="img" aria-label="' +
      esc(P.label) + '">' + rect(0, 0, s[0], s[1], "background") + body + "</svg>";
    document.getElementById("undo").disabled = !undoStack.length;
    document.getElementById("redo").disabled = !redoStack.length;
  }

  // ---- state, undo, check, solved -----------------------------------------------------------
  function set(key, value) {
    var old = state[key] || 0;
    if (old === value) return;
    if (value) state[key] = value; else delete state[key];
    (group || (group = [])).push([key, old, value]);
  }
  function commit() {
    if (group && group.length) { undoStack.push(group); redoStack = []; flagged = {}; shown = null; }
    group = null; save(); render(); report();
  }
  function apply(moves, back) {
    var list = back ? moves.slice().reverse() : moves;
    list.forEach(function (m) { var v = back ? m[1] : m[2]; if (v) state[m[0]] = v; else delete state[m[0]]; });
  }
  function step(from, to, back) { var g = from.pop(); if (!g) return; apply(g, back); to.push(g); flagged = {}; shown = null; save(); render(); report(); }
  function undo() { step(undoStack, redoStack, true); }
  function redo() { step(redoStack, undoStack, false); }
  function present() {  // the entries that state something present, as key -> value
    var out = {};
    Object.keys(P.fixed || {}).forEach(function (k) { out[k] = 1; });
    Object.keys(state).forEach(function (k) { if (P.kind === "digits" || P.kind === "bridges" || state[k] === 1) out[k] = state[k]; });
    return out;
  }
  function isSolved() {
    var have = present(), keys = Object.keys(have), want = Object.keys(P.sol);
    if (keys.length !== want.length) return false;
    return want.every(function (k) { return have[k] === P.sol[k]; });
  }
  function wrongKeys() {
    return Object.keys(state).filter(function (k) {
      var v = state[k];
      if (P.kind === "digits" || P.kind === "bridges") return P.sol[k] !== v;
      return v === 1 ? !P.sol[k] : !!P.sol[k];
    });
  }
  function check() {
    flagged = {}; shown = null;
    var bad = wrongKeys();
    bad.forEach(function (k) { flagged[k] = 1; });
    render();
    if (isSolved()) return report();
    statusLine.textContent = bad.length ? bad.length + (bad.length === 1 ? " wrong entry" : " wrong entries") + " marked in red." : "No mistakes so far.";
    statusLine.className = bad.length ? "wrong" : "";
  }
  // ---- hints: the pack stores each puzzle's chain of deductions (DATA.hints, see hints.py) -----
  function entered(key, value) {  // whether the player's grid already holds an entry a hint makes
    return state[key] === value || (value === 1 && !!(P.fixed && P.fixed[key])) || (value === 2 && !!(P.blocked && P.blocked[key]));
  }
  function hintMarks() {
    var out = "", l = L();
    [["why", shown.why], ["fix", shown.fix]].forEach(function (m) {
      m[1].forEach(function (on, i) { if (on) out += rect(X(i % P.w), Y(Math.floor(i / P.w)), l.cell, l.cell, "hint-cell " + m[0]); });
    });
    shown.keys.forEach(function (e) {
      out += '<g class="hint-mark" data-key="' + esc(e[0]) + '" data-value="' + e[1] + '">' + flagMark(e[0], "hint-ring") + "</g>";
    });
    return out;
  }
  function say(words, cls) { statusLine.textContent = words; statusLine.className = cls; }
  function hint() {
    flagged = {}; shown = null;
    var bad = wrongKeys(), chain = (DATA.hints || [])[P.index];
    if (bad.length) {
      bad.forEach(function (k) { flagged[k] = 1; });
      render();
      return say(bad.length + (bad.length === 1 ? " entry is wrong" : " entries are wrong") + " (marked).", "wrong");
    }
    render();
    if (isSolved()) return report();
    if (!chain) return say("This pack has no hints.", "");
    if (chain.x) return say("No hints for this puzzle: " + chain.x + ".", "");
    for (var i = 0; i < chain.s.length; i++) {
      var st = chain.s[i], left = [];
      for (var j = 0; j < st[3].length; j += 2) {
        var key = chain.k[st[3][j]], value = st[3][j + 1];
        if (!entered(key, value)) left.push([key, value]);
      }
      if (left.length) {
        shown = { fix: PK.unpack(st[1], 1, P.h * P.w), why: PK.unpack(st[2], 1, P.h * P.w), keys: left };
        render();
        return say("Hint: " + st[0].map(function (k) { return chain.t[k]; }).join("") + ".", "hint");
      }
    }
    say("Every hint is entered: the puzzle is solved.", "solved");
  }
  function report() { var done = isSolved(); statusLine.textContent = done ? "Solved! Well done." : ""; statusLine.className = done ? "solved" : ""; }
  function storeKey(id) { return "puzzlekit-pack:" + id; }
  function save() {
    try {
      localStorage.setItem(storeKey(P.id), JSON.stringify({ s: state, u: undoStack, r: redoStack }));
      localStorage.setItem(storeKey(DATA.id + ":current"), String(P.index));
    } catch (e) { void e; }
  }
  function load(index) {
    P = DATA.puzzles[index]; P.index = index;
    if (!P.kind) (P.kit ? PK.prepKit : PREP[P.g])(P);
    state = {}; undoStack = []; redoStack = []; flagged = {}; shown = null; cursor = [0, 0]; selected = null; drag = null;
    try {
      var saved = JSON.parse(localStorage.getItem(storeKey(P.id)) || "null");
      if (saved && saved.s) { state = saved.s; undoStack = saved.u || []; redoStack = saved.r || []; }
      localStorage.setItem(storeKey(DATA.id + ":current"), String(index));
    } catch (e) { void e; }
    picker.value = String(index);
    helpLine.textContent = (DATA.help || {})[P.hk || P.kind] || "";
    render(); report();
  }

  // ---- mouse --------------------------------------------------------------------------------
  var drag = null;
  function cellAt(q) { var r = Math.floor(q.r), c = Math.floor(q.c); return inside(r, c) ? [r, c] : null; }
  function sideAt(q) {  // the cell side nearest a point, as the two cells it parts (both inside)
    var r = Math.floor(q.r), c = Math.floor(q.c), fr = q.r - r, fc = q.c - c, best = null, d = 0.3;
    [[fr, [r - 1, c]], [1 - fr, [r + 1, c]], [fc, [r, c - 1]], [1 - fc, [r, c + 1]]].forEach(function (x) {
      if (x[0] < d && inside(r, c) && inside(x[1][0], x[1][1])) { d = x[0]; best = [[r, c], x[1]]; }
    });
    return best;
  }
  function lineAt(q) {  // the lattice segment nearest a point
    var rr = Math.round(q.r), rc = Math.round(q.c), dh = Math.abs(q.r - rr), dv = Math.abs(q.c - rc);
    if (dh <= dv && dh < 0.3) { var c = Math.floor(q.c); if (c >= 0 && c < P.w && rr >= 0 && rr <= P.h) return [[rr, c], [rr, c + 1]]; }
    if (dv < dh && dv < 0.3) { var r = Math.floor(q.r); if (r >= 0 && r < P.h && rc >= 0 && rc <= P.w) return [[r, rc], [r + 1, rc]]; }
    return null;
  }
  function locked(key) { return (P.fixed && P.fixed[key]) || (P.blocked && P.blocked[key]); }
  function toggleEdge(a, b, mark) { var key = ek(a, b); if (!locked(key)) set(key, (state[key] || 0) === mark ? 0 : mark); }
  function bridgeAt(q) {
    var best = null, d = 0.4;
    Object.keys(P.cand).forEach(function (key) {
      var e = nums(key), far;
      if (e[0] === e[2]) { far = Math.abs(q.r - e[0] - 0.5); if (q.c > e[1] + 0.5 && q.c < e[3] + 0.5 && far < d) { d = far; best = key; } }
      else { far = Math.abs(q.c - e[1] - 0.5); if (q.r > e[0] + 0.5 && q.r < e[2] + 0.5 && far < d) { d = far; best = key; } }
    });
    return best;
  }
  function cycleBridge(key, back) { if (key) set(key, ((state[key] || 0) + (back ? 2 : 1)) % 3); }
  function cellValue(r, c, right) {
    if ((P.trees && P.trees[ck(r, c)]) || (P.off && P.off[ck(r, c)])) return null;  // off: a cell in no room
    var v = state[ck(r, c)] || 0;
    return right ? (v === 2 ? 0 : 2) : (v + 1) % 3;
  }
  function box(a, b) { return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1]; }
  function overlaps(x, y) { return x[0] < y[0] + y[2] && y[0] < x[0] + x[2] && x[1] < y[1] + y[3] && y[1] < x[1] + x[3]; }
  function placeRect(q) { Object.keys(state).forEach(function (key) { if (overlaps(nums(key), q)) set(key, 0); }); set(q.join(","), 1); }
  function rectAt(cell) { return Object.keys(state).filter(function (key) { return overlaps(nums(key), [cell[0], cell[1], 1, 1]); })[0]; }

  board.addEventListener("contextmenu", function (ev) { ev.preventDefault(); });
  board.addEventListener("pointerdown", function (ev) {
    if (!P || (ev.button !== 0 && ev.button !== 2)) return;
    ev.preventDefault(); board.focus();
    var q = point(ev), right = ev.button === 2, cell = cellAt(q);
    drag = { start: q, cell: cell, moved: false, right: right };
    if (P.kind === "cells" && cell) {
      var v = cellValue(cell[0], cell[1], right);
      if (v !== null) { drag.paint = v; set(ck(cell[0], cell[1]), v); cursor = cell; commitSoft(); }
    } else if (P.kind === "digits" && cell) { selected = cell; render(); }
    else if (P.kind === "lattice") drag.point = nearPoint(q);
    else if (P.kind === "rects" && cell) { drag.rect = box(cell, cell); }
  });
  function nearPoint(q) {
    var r = Math.round(q.r), c = Math.round(q.c);
    return Math.abs(q.r - r) < 0.3 && Math.abs(q.c - c) < 0.3 && r >= 0 && c >= 0 && r <= P.h && c <= P.w ? [r, c] : null;
  }
  function commitSoft() { save(); render(); report(); }  // show a gesture's changes before it ends
  window.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var q = point(ev), cell = cellAt(q);
    if (P.kind === "edges" && drag.cell && !drag.right) {
      if (cell && (cell[0] !== drag.cell[0] || cell[1] !== drag.cell[1]) && Math.abs(cell[0] - drag.cell[0]) + Math.abs(cell[1] - drag.cell[1]) === 1) {
        var key = ek(drag.cell, cell);
        if (drag.mode === undefined) drag.mode = state[key] === 1 ? 0 : 1;
        if (!locked(key)) set(key, drag.mode);
        drag.cell = cell; drag.moved = true; cursor = cell; commitSoft();
      }
    } else if (P.kind === "lattice" && drag.point && !drag.right) {
      var pt = nearPoint(q);
      if (pt && Math.abs(pt[0] - drag.point[0]) + Math.abs(pt[1] - drag.point[1]) === 1) {
        var lk = ek(drag.point, pt);
        if (drag.mode === undefined) drag.mode = state[lk] === 1 ? 0 : 1;
        set(lk, drag.mode); drag.point = pt; drag.moved = true; commitSoft();
      }
    } else if (P.kind === "cells" && drag.paint !== undefined && cell) {
      if (cellValue(cell[0], cell[1], false) !== null) { set(ck(cell[0], cell[1]), drag.paint); cursor = cell; commitSoft(); }
    } else if (P.kind === "rects" && drag.rect && cell) {
      var from = cellAt(drag.start), nr = box(from, cell);
      if (nr.join() !== drag.rect.join()) { drag.rect = nr; drag.moved = true; render(); }
    }
  });
  window.addEventListener("pointerup", function (ev) {
    if (!drag) return;
    var d = drag, q = point(ev), cell = cellAt(q);
    drag = null;
    if (P.kind === "edges" && !d.moved) { var s = sideAt(q); if (s) toggleEdge(s[0], s[1], d.right ? 2 : 1); }
    else if (P.kind === "lattice" && !d.moved) { var l = lineAt(q); if (l) toggleEdge(l[0], l[1], d.right ? 2 : 1); }
    else if (P.kind === "bridges") {
      var from = d.cell, key = null;
      if (from && cell && (from[0] !== cell[0] || from[1] !== cell[1]) && P.isl[from[0] * P.w + from[1]] && P.isl[cell[0] * P.w + cell[1]]) {
        key = ek(from, cell); if (!P.cand[key]) key = null;
      } else if (!from || !cell || (from[0] === cell[0] && from[1] === cell[1])) key = bridgeAt(q);
      if (key) cycleBridge(key, d.right);
    } else if (P.kind === "rects" && d.rect) {
      if (!d.moved) { var hit = rectAt(d.rect); if (hit) set(hit, 0); else placeRect(d.rect); }
      else placeRect(d.rect);
    }
    commit();
  });

  // ---- keyboard -----------------------------------------------------------------------------
  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  var corner = null;
  document.addEventListener("keydown", function (ev) {
    var k = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
    if (!P || ev.target === picker || (ev.target.tagName === "BUTTON" && (k === " " || k === "Enter"))) return;
    if (ctrl && (k === "z" || k === "Z")) { ev.preventDefault(); if (ev.shiftKey) redo(); else undo(); return; }
    if (ctrl && (k === "y" || k === "Y")) { ev.preventDefault(); redo(); return; }
    if (ctrl || ev.altKey) return;
    var at = P.kind === "digits" ? (selected || [0, 0]) : cursor;
    if (ARROWS[k]) {
      ev.preventDefault();
      var s = ARROWS[k], to = [at[0] + s[0], at[1] + s[1]];
      if (ev.shiftKey) {
        if (P.kind === "edges" && inside(to[0], to[1])) toggleEdge(at, to, 1);
        else if (P.kind === "lattice") {
          var r = at[0], c = at[1];
          var seg = { ArrowUp: [[r, c], [r, c + 1]], ArrowDown: [[r + 1, c], [r + 1, c + 1]], ArrowLeft: [[r, c], [r + 1, c]], ArrowRight: [[r, c + 1], [r + 1, c + 1]] }[k];
          toggleEdge(seg[0], seg[1], 1); commit(); return;
        } else if (P.kind === "bridges" && P.isl[at[0] * P.w + at[1]]) {
          var o = [at[0] + s[0], at[1] + s[1]];
          while (inside(o[0], o[1]) && !P.isl[o[0] * P.w + o[1]]) { o[0] += s[0]; o[1] += s[1]; }
          if (inside(o[0], o[1]) && P.cand[ek(at, o)]) { cycleBridge(ek(at, o)); to = o; }
        }
      }
      if (inside(to[0], to[1])) { if (P.kind === "digits") selected = to; else cursor = to; }
      commit(); return;
    }
    if (P.kind === "cells" && (k === " " || k === "x" || k === "X")) {
      ev.preventDefault();
      var v = cellValue(at[0], at[1], k !== " ");
      if (v !== null) set(ck(at[0], at[1]), v);
      commit(); return;
    }
    if (P.kind === "rects" && k === "Enter") {
      if (!corner) corner = cursor.slice(); else { placeRect(box(corner, cursor)); corner = null; }
      commit(); return;
    }
    if (P.kind === "digits" && selected) {
      var i = selected[0] * P.w + selected[1];
      if (P.givens[i]) return;
      var d = /^[0-9]$/.test(k) ? Number(k) : /^[a-zA-Z]$/.test(k) && P.n > 9 ? k.toLowerCase().charCodeAt(0) - 87 : -1;
      if (k === "Backspace" || k === "Delete" || k === " " || d === 0) { ev.preventDefault(); set(ck(selected[0], selected[1]), 0); commit(); }
      else if (d >= 1 && d <= P.n) { ev.preventDefault(); set(ck(selected[0], selected[1]), d); commit(); }
    }
  });

  // ---- the page -----------------------------------------------------------------------------
  DATA.puzzles.forEach(function (p, i) {
    var genre = p.kit ? p.kit.title : p.g.charAt(0).toUpperCase() + p.g.slice(1);
    p.label = (i + 1) + ". " + (p.name || genre) + " (" + genre + " " + p.h + "\u00d7" + p.w + ")";
    var o = document.createElement("option"); o.value = String(i); o.textContent = p.label; picker.appendChild(o);
  });
  picker.addEventListener("change", function () { load(Number(picker.value)); board.focus(); });
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("redo").addEventListener("click", redo);
  document.getElementById("check").addEventListener("click", check);
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("clear").addEventListener("click", function () {
    Object.keys(state).forEach(function (key) { set(key, 0); }); commit();
  });
  var first = 0;
  try { first = Number(localStorage.getItem(storeKey(DATA.id + ":current")) || 0); } catch (e) { void e; }
  if (!(first >= 0 && first < DATA.puzzles.length)) first = 0;
  if (DATA.puzzles.length) load(first);
})();
