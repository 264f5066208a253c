/* A puzzle pack's genres: how each reads its data (PREP) and draws its picture (DRAW), and the
   helpers both use. pack.js, loaded after this file, holds the page: state, undo, mouse, keys. */
(function () {
  "use strict";

  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var LINES = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#CC6677", "#332288", "#DDCC77",
    "#117733", "#88CCEE", "#882255", "#44AA99", "#999933", "#AA4499"];  // Okabe-Ito, then Tol's muted scheme
  var TOL = ["#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33", "#DDDDDD", "#AAAA00"];
  var CELL = 40, MARGIN = 16;
  var P = null, state = {}, flagged = {}, view = {};  // the puzzle, entries, wrong keys, {selected, drag}

  function unpack(text, bits, count) {
    var out = [], acc = 0, n = 0, i = 0, mask = (1 << bits) - 1;
    while (out.length < count) {
      while (n < bits) { acc |= ALPHABET.indexOf(text.charAt(i++)) << n; n += 6; }
      out.push(acc & mask); acc >>>= bits; n -= bits;
    }
    return out;
  }
  function width(top) { var b = 0; while (top > 0) { b++; top >>= 1; } return Math.max(1, b); }
  function ck(r, c) { return r + "," + c; }
  function ek(a, b) {  // an edge key, its two ends in order
    if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) { var t = a; a = b; b = t; }
    return a[0] + "," + a[1] + "," + b[0] + "," + b[1];
  }
  function nums(key) { return key.split(",").map(Number); }
  function edgesFrom(text, h, w) {
    var out = {};
    unpack(text, 2, h * w).forEach(function (v, i) {
      var r = Math.floor(i / w), c = i % w;
      if (v & 1) out[ek([r, c], [r, c + 1])] = 1;
      if (v & 2) out[ek([r, c], [r + 1, c])] = 1;
    });
    return out;
  }
  function cellsFrom(text, h, w) {
    var out = {};
    unpack(text, 1, h * w).forEach(function (v, i) { if (v) out[ck(Math.floor(i / w), i % w)] = 1; });
    return out;
  }

  // ---- the kinds of play ------------------------------------------------------------------
  // Each genre sets P.kind: "edges" (lines through cell centres), "lattice" (lines between
  // grid points), "cells" (a mark per cell, cycled by clicks), "digits", "bridges", "rects".
  // P.sol maps each key of the answer to its value; entries not in it are wrong.
  var PREP = {
    masyu: function (p) { p.kind = "edges"; p.pearls = unpack(p.p, 2, p.h * p.w); p.sol = edgesFrom(p.s, p.h, p.w); },
    tracks: function (p) {
      p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); p.fixed = {};
      p.top = CELL * 1.1; p.right = CELL * 1.1;
      var STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
      p.gv.forEach(function (g) {
        g[2].split("").forEach(function (d) {
          var o = [g[0] + STEP[d][0], g[1] + STEP[d][1]];
          if (o[0] >= 0 && o[1] >= 0 && o[0] < p.h && o[1] < p.w) p.fixed[ek([g[0], g[1]], o)] = 1;
        });
      });
    },
    numberlink: function (p) { p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); },
    zip: function (p) {
      p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); p.blocked = {};
      p.walls.forEach(function (x) { p.blocked[ek([x[0], x[1]], [x[2], x[3]])] = 1; });
    },
    slitherlink: function (p) { p.kind = "lattice"; p.clues = unpack(p.c, 3, p.h * p.w); p.sol = edgesFrom(p.s, p.h + 1, p.w + 1); },
    hashi: function (p) {
      p.kind = "bridges"; p.isl = unpack(p.i, 4, p.h * p.w); p.sol = {}; p.cand = {};
      var h = p.h, w = p.w, isl = p.isl, sv = unpack(p.s, 4, h * w);
      function next(r, c, dr, dc) {
        for (r += dr, c += dc; r < h && c < w; r += dr, c += dc) if (isl[r * w + c]) return [r, c];
        return null;
      }
      for (var r = 0; r < h; r++) for (var c = 0; c < w; c++) {
        if (!isl[r * w + c]) continue;
        var right = next(r, c, 0, 1), down = next(r, c, 1, 0), v = sv[r * w + c];
        if (right) { p.cand[ek([r, c], right)] = 1; if (v % 3) p.sol[ek([r, c], right)] = v % 3; }
        if (down) { p.cand[ek([r, c], down)] = 1; if (Math.floor(v / 3)) p.sol[ek([r, c], down)] = Math.floor(v / 3); }
      }
    },
    sudoku: function (p) {
      p.kind = "digits"; var b = width(p.n), h = p.h, w = p.w;
      p.givens = unpack(p.gv, b, h * w); p.sol = {};
      unpack(p.s, b, h * w).forEach(function (v, i) { if (!p.givens[i]) p.sol[ck(Math.floor(i / w), i % w)] = v; });
    },
    nonogram: function (p) {
      p.kind = "cells"; p.sol = cellsFrom(p.s, p.h, p.w); p.cell = CELL * 0.75;
      var depth = 1, widest = 1, digits = 1;
      p.cols.forEach(function (x) { depth = Math.max(depth, x.length); });
      p.rows.forEach(function (x) {
        widest = Math.max(widest, x.length || 1);
        x.forEach(function (k) { digits = Math.max(digits, String(k).length); });
      });
      p.top = MARGIN + depth * p.cell * 0.7;
      p.left = MARGIN + widest * p.cell * 0.62 * Math.max(1, 0.6 * digits + 0.4);
    },
    queens: function (p) {
      p.kind = "cells"; p.sol = cellsFrom(p.s, p.h, p.w);
      p.region = unpack(p.r, width(p.nr - 1), p.h * p.w);
      var touch = {}, colour = [], h = p.h, w = p.w, reg = p.region, i, r, c;
      function meet(a, b) { if (a !== b) { touch[a][b] = 1; touch[b][a] = 1; } }
      for (i = 0; i < p.nr; i++) touch[i] = {};
      for (r = 0; r < h; r++) for (c = 0; c < w; c++) {
        if (c + 1 < w) meet(reg[r * w + c], reg[r * w + c + 1]);
        if (r + 1 < h) meet(reg[r * w + c], reg[(r + 1) * w + c]);
      }
      for (i = 0; i < p.nr; i++) {
        var pick = TOL[i % TOL.length];
        if (i >= TOL.length) for (var k = 0; k < TOL.length; k++) {
          var used = Object.keys(touch[i]).some(function (j) { return colour[j] === TOL[k]; });
          if (!used) { pick = TOL[k]; break; }
        }
        colour.push(pick);
      }
      p.colour = colour;
    },
    tents: function (p) {
      p.kind = "cells"; p.sol = cellsFrom(p.s, p.h, p.w); p.trees = cellsFrom(p.t, p.h, p.w);
      p.top = CELL * 1.1; p.left = CELL * 1.1;
    },
    patches: function (p) { p.kind = "rects"; p.sol = {}; p.s.forEach(function (x) { p.sol[x.join(",")] = 1; }); },
    wend: prepWend,
    swend: prepWend
  };
  // ---- genres made with the genre kit: drawn and played from their board layers ----------
  function prepKit(p) {
    var a = p.kit.answer;
    p.counts = {};
    p.kit.clues.forEach(function (x) { if (x.t === "counts") p.counts[x.axis] = x.e; });
    if (p.counts.rows) p.left = CELL * 1.1;
    if (p.counts.cols) p.top = CELL * 1.1;
    if (a.t === "digits") {
      p.kind = "digits"; p.n = a.hi; p.givens = []; p.sol = {};
      p.s.forEach(function (row, r) { row.forEach(function (v, c) { p.givens.push(0); p.sol[ck(r, c)] = v; }); });
    } else if (a.t === "lines") { p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); }
    else { p.kind = "cells"; p.look = a.t; p.sol = cellsFrom(p.s, p.h, p.w); }
  }
  function drawKit() {
    var out = "", dark = {}, labels = null;
    if (P.look === "shade") Object.keys(state).forEach(function (key) {
      var e = nums(key);
      if (state[key] === 1) { dark[key] = 1; out += rect(X(e[1]), Y(e[0]), CELL, CELL, "entry shaded" + wrong(key)); }
    });
    out += gridLines();
    P.kit.clues.forEach(function (x) {
      if (x.t === "rooms") labels = x.e;
      else if (x.t === "counts") x.e.forEach(function (k, i) {
        if (k === null) return;
        out += x.axis === "rows" ? text(X(0) - CELL * 0.55, cy(i), k, CELL * 0.5, "count row") : text(cx(i), Y(0) - CELL * 0.55, k, CELL * 0.5, "count column");
      });
      else x.e.forEach(function (q) {
        out += x.t === "symbols" ? rect(X(q[1]), Y(q[0]), CELL, CELL, "symbol") :
          text(cx(q[1]), cy(q[0]), q[2], CELL * 0.55, "clue" + (dark[ck(q[0], q[1])] ? " on-dark" : ""));
      });
    });
    if (labels) for (var r = 0; r < P.h; r++) for (var c = 0; c < P.w; c++) {
      var i = r * P.w + c;
      if (c + 1 < P.w && labels[i] !== labels[i + 1]) out += line(X(c + 1), Y(r), X(c + 1), Y(r + 1), "region-border");
      if (r + 1 < P.h && labels[i] !== labels[i + P.w]) out += line(X(c), Y(r + 1), X(c + 1), Y(r + 1), "region-border");
    }
    if (P.kind === "edges") return out + drawEdges("path");
    if (P.kind === "digits") {
      var sel = view.selected;
      if (sel) out = rect(X(sel[1]), Y(sel[0]), CELL, CELL, "selected") + out;
      Object.keys(state).forEach(function (key) { var e = nums(key); out += text(cx(e[1]), cy(e[0]), state[key], CELL * 0.55, "entry digit" + wrong(key)); });
      return out;
    }
    return out + drawCells(function (r, c, v, cls) {
      if (v !== 1) return circle(cx(c), cy(r), CELL * 0.08, "entry absent" + cls);
      return P.look === "shade" ? "" : circle(cx(c), cy(r), CELL * 0.3, "entry object" + cls);
    });
  }

  function prepWend(p) {  // a line per word through its letters; no step enters a blocked cell
    p.kind = "edges"; p.hk = "words"; p.sol = edgesFrom(p.s, p.h, p.w); p.blocked = {};
    var h = p.h, w = p.w, longest = 1;
    p.letters = p.l.split("");
    p.letters.forEach(function (ch, i) {
      var r = Math.floor(i / w), c = i % w;
      if (ch === "#") [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].forEach(function (o) {
        if (o[0] >= 0 && o[1] >= 0 && o[0] < h && o[1] < w) p.blocked[ek([r, c], o)] = 1;
      });
    });
    p.words.forEach(function (word) { longest = Math.max(longest, word.length); });
    p.line = CELL * 0.6; p.per = Math.max(1, Math.floor(h * CELL / p.line));  // the word list: columns right of the grid
    p.wcol = CELL * (0.4 * longest + 0.5);
    p.right = MARGIN + CELL * 0.4 + Math.ceil(p.words.length / p.per) * p.wcol;
  }

  // ---- layout -----------------------------------------------------------------------------
  function L() { return { left: P.left || MARGIN, top: P.top || MARGIN, cell: P.cell || CELL }; }
  function X(c) { var l = L(); return l.left + c * l.cell; }
  function Y(r) { var l = L(); return l.top + r * l.cell; }
  function size() {
    var l = L();
    return [l.left + P.w * l.cell + (P.right || MARGIN), l.top + P.h * l.cell + (P.bottom || MARGIN)];
  }
  function inside(r, c) { return r >= 0 && c >= 0 && r < P.h && c < P.w; }

  // ---- drawing ----------------------------------------------------------------------------
  function esc(s) { return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;"); }
  function n2(v) { return Math.round(v * 100) / 100; }
  function line(x1, y1, x2, y2, cls, extra) { return '<line class="' + cls + '" x1="' + n2(x1) + '" y1="' + n2(y1) + '" x2="' + n2(x2) + '" y2="' + n2(y2) + '"' + (extra || "") + "/>"; }
  function circle(x, y, r, cls, extra) { return '<circle class="' + cls + '" cx="' + n2(x) + '" cy="' + n2(y) + '" r="' + n2(r) + '"' + (extra || "") + "/>"; }
  function rect(x, y, w, h, cls, extra) { return '<rect class="' + cls + '" x="' + n2(x) + '" y="' + n2(y) + '" width="' + n2(w) + '" height="' + n2(h) + '"' + (extra || "") + "/>"; }
  function text(x, y, s, px, cls, anchor) {
    return '<text class="' + cls + '" x="' + n2(x) + '" y="' + n2(y) + '" font-size="' + n2(px) + '" text-anchor="' + (anchor || "middle") + '" dominant-baseline="central">' + esc(s) + "</text>";
  }
  function poly(pts, cls) { return '<polygon class="' + cls + '" points="' + pts.map(function (q) { return n2(q[0]) + "," + n2(q[1]); }).join(" ") + '"/>'; }
  function cross(x, y, s, cls) { return line(x - s, y - s, x + s, y + s, cls) + line(x - s, y + s, x + s, y - s, cls); }
  function cx(c) { return X(c + 0.5); }
  function cy(r) { return Y(r + 0.5); }
  function gridLines(every, cls) {
    var out = "", l = L(), r, c;
    for (r = 0; r <= P.h; r++) out += line(X(0), Y(r), X(P.w), Y(r), "grid" + (every && r % every[0] === 0 ? " box" : "") + (cls || ""));
    for (c = 0; c <= P.w; c++) out += line(X(c), Y(0), X(c), Y(P.h), "grid" + (every && c % every[1] === 0 ? " box" : "") + (cls || ""));
    return out + rect(l.left, l.top, P.w * l.cell, P.h * l.cell, "border");
  }
  function wrong(key) { return flagged[key] ? " wrong" : ""; }

  var DRAW = {
    masyu: function () {
      var out = gridLines();
      P.pearls.forEach(function (v, i) {
        if (v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), CELL * 0.34, v === 1 ? "pearl white" : "pearl black");
      });
      return out + drawEdges("loop");
    },
    tracks: function () {
      var out = gridLines(), half = CELL / 2, STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
      P.cols.forEach(function (k, c) { out += text(cx(c), Y(0) - CELL * 0.5, k, CELL * 0.5, "count column"); });
      P.rows.forEach(function (k, r) { out += text(X(P.w) + CELL * 0.55, cy(r), k, CELL * 0.5, "count row"); });
      P.gv.forEach(function (g) {
        var x = cx(g[1]), y = cy(g[0]), d = "";
        g[2].split("").forEach(function (letter, i) {
          var s = STEP[letter], reach = half * (inside(g[0] + s[0], g[1] + s[1]) ? 1 : 1.3);
          d += (i ? "L" : "M") + n2(x + s[1] * reach) + " " + n2(y + s[0] * reach) + (i ? "" : "L" + n2(x) + " " + n2(y));
        });
        out += '<path class="given" d="' + d + '"/>';
      });
      out += drawEdges("path");
      out += text(X(P.a[1]) + CELL * 0.2, Y(P.a[0]) + CELL * 0.2, "A", CELL * 0.3, "end start");
      return out + text(X(P.b[1]) + CELL * 0.2, Y(P.b[0]) + CELL * 0.2, "B", CELL * 0.3, "end finish");
    },
    numberlink: function () {  // each line in the colour of the number it leaves from, as in the pictures
      var at = {}, colour = {}, ends = {};
      function link(key, a, b) { (at[a] = at[a] || []).push([key, b]); }
      Object.keys(state).forEach(function (key) { var e = nums(key); if (state[key] === 1) { link(key, ck(e[0], e[1]), ck(e[2], e[3])); link(key, ck(e[2], e[3]), ck(e[0], e[1])); } });
      P.nums.forEach(function (x) { ends[ck(x[0], x[1])] = 1; });
      P.nums.forEach(function (x) {
        for (var todo = [ck(x[0], x[1])]; todo.length;) (at[todo.pop()] || []).forEach(function (step) {
          if (!colour[step[0]]) { colour[step[0]] = x[2]; if (!ends[step[1]]) todo.push(step[1]); }
        });
      });
      var out = gridLines() + drawEdges("path", colour);
      P.nums.forEach(function (x) {
        out += circle(cx(x[1]), cy(x[0]), CELL * 0.36, "end n" + x[2]) + text(cx(x[1]), cy(x[0]), x[2], CELL * 0.5, "number");
      });
      return out;
    },
    zip: function () {
      var out = gridLines(null, " faint") + drawEdges("path");
      P.walls.forEach(function (x) {
        if (x[0] === x[2]) { var wx = X(Math.max(x[1], x[3])); out += line(wx, Y(x[0]), wx, Y(x[0] + 1), "wall"); }
        else { var wy = Y(Math.max(x[0], x[2])); out += line(X(x[1]), wy, X(x[1] + 1), wy, "wall"); }
      });
      P.nums.forEach(function (x) {
        out += circle(cx(x[1]), cy(x[0]), CELL * 0.3, "disc") + text(cx(x[1]), cy(x[0]), x[2], CELL * 0.4, "number");
      });
      return out;
    },
    slitherlink: function () {
      var out = "", r, c;
      P.clues.forEach(function (v, i) { if (v) out += text(cx(i % P.w), cy(Math.floor(i / P.w)), v - 1, CELL * 0.5, "clue"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key);
        if (state[key] === 1) out += line(X(e[1]), Y(e[0]), X(e[3]), Y(e[2]), "entry loop" + wrong(key));
        else out += cross((X(e[1]) + X(e[3])) / 2, (Y(e[0]) + Y(e[2])) / 2, CELL * 0.1, "entry absent" + wrong(key));
      });
      for (r = 0; r <= P.h; r++) for (c = 0; c <= P.w; c++) out += circle(X(c), Y(r), CELL * 0.07, "dot");
      return out;
    },
    hashi: function () {
      var out = "", rad = CELL * 0.38;
      P.isl.forEach(function (v, i) { if (!v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), 1.5, "water"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key), k = state[key], x1 = cx(e[1]), y1 = cy(e[0]), x2 = cx(e[3]), y2 = cy(e[2]);
        var hz = e[0] === e[2], gap = k === 2 ? CELL * 0.09 : 0, cls = "entry bridge " + (k === 2 ? "double" : "single") + wrong(key);
        if (hz) { x1 += rad; x2 -= rad; } else { y1 += rad; y2 -= rad; }
        if (k === 2) {
          out += line(x1 + (hz ? 0 : -gap), y1 + (hz ? -gap : 0), x2 + (hz ? 0 : -gap), y2 + (hz ? -gap : 0), cls);
          out += line(x1 + (hz ? 0 : gap), y1 + (hz ? gap : 0), x2 + (hz ? 0 : gap), y2 + (hz ? gap : 0), cls);
        } else out += line(x1, y1, x2, y2, cls);
      });
      P.isl.forEach(function (v, i) {
        if (v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), rad, "island") + text(cx(i % P.w), cy(Math.floor(i / P.w)), v, CELL * 0.5, "clue");
      });
      return out;
    },
    sudoku: function () {
      var out = "", px = CELL * (P.n < 10 ? 0.6 : 0.45);
      var sel = view.selected;
      if (sel) out += rect(X(sel[1]), Y(sel[0]), CELL, CELL, "selected");
      out += gridLines(P.box);
      P.givens.forEach(function (v, i) { if (v) out += text(cx(i % P.w), cy(Math.floor(i / P.w)), v, px, "given"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key);
        out += text(cx(e[1]), cy(e[0]), state[key], px, "entry digit" + wrong(key));
      });
      return out;
    },
    nonogram: function () {
      var out = "", l = L(), s = l.cell, px = s * 0.55;
      P.cols.forEach(function (clue, c) {
        (clue.length ? clue : [0]).slice().reverse().forEach(function (k, i) { out += text(cx(c), l.top - s * 0.7 * (i + 0.5) - 2, k, px, "clue column"); });
      });
      var widest = 1; P.rows.forEach(function (x) { widest = Math.max(widest, x.length || 1); });
      var gap = (l.left - MARGIN) / widest;
      P.rows.forEach(function (clue, r) {
        (clue.length ? clue : [0]).slice().reverse().forEach(function (k, i) { out += text(l.left - gap * (i + 0.5) - 2, cy(r), k, px, "clue row"); });
      });
      out += drawCells(function (r, c, v, cls) {
        return v === 1 ? rect(X(c), Y(r), s, s, "entry filled" + cls) : circle(cx(c), cy(r), s * 0.08, "entry absent" + cls);
      });
      return out + gridLines([5, 5]);
    },
    queens: function () {
      var out = "", r, c, w = P.w, reg = P.region;
      for (r = 0; r < P.h; r++) for (c = 0; c < w; c++) out += rect(X(c), Y(r), CELL, CELL, "cell region-" + reg[r * w + c], ' fill="' + P.colour[reg[r * w + c]] + '"');
      out += gridLines(null, " faint");
      for (r = 0; r < P.h; r++) for (c = 0; c < w; c++) {
        if (c + 1 < w && reg[r * w + c] !== reg[r * w + c + 1]) out += line(X(c + 1), Y(r), X(c + 1), Y(r + 1), "region-border");
        if (r + 1 < P.h && reg[r * w + c] !== reg[(r + 1) * w + c]) out += line(X(c), Y(r + 1), X(c + 1), Y(r + 1), "region-border");
      }
      return out + drawCells(function (r, c, v, cls) {
        if (v !== 1) return cross(cx(c), cy(r), CELL * 0.14, "entry absent" + cls);
        var x = cx(c), y = cy(r), s = CELL * 0.31;
        var pts = [[-1, 0.55], [-1, -0.45], [-0.55, 0], [-0.27, -0.7], [0, -0.1], [0.27, -0.7], [0.55, 0], [1, -0.45], [1, 0.55]];
        return poly(pts.map(function (q) { return [x + q[0] * s, y + q[1] * s]; }), "entry queen" + cls);
      });
    },
    tents: function () {
      var out = gridLines();
      P.cols.forEach(function (k, c) { out += text(cx(c), Y(0) - CELL * 0.5, k, CELL * 0.5, "count column"); });
      P.rows.forEach(function (k, r) { out += text(X(0) - CELL * 0.55, cy(r), k, CELL * 0.5, "count row"); });
      Object.keys(P.trees).forEach(function (key) {
        var e = nums(key), x = cx(e[1]), y = cy(e[0]);
        out += '<g class="tree">' + rect(x - CELL * 0.06, y + CELL * 0.05, CELL * 0.12, CELL * 0.3, "trunk") + circle(x, y - CELL * 0.07, CELL * 0.27, "leaves") + "</g>";
      });
      return out + drawCells(function (r, c, v, cls) {
        if (v !== 1) return circle(cx(c), cy(r), CELL * 0.08, "entry absent grass" + cls);
        var x = cx(c), y = cy(r), s = CELL;
        return '<g class="entry tent' + cls + '">' + poly([[x - s * 0.34, y + s * 0.28], [x, y - s * 0.32], [x + s * 0.34, y + s * 0.28]], "canvas") +
          poly([[x - s * 0.09, y + s * 0.28], [x, y + s * 0.02], [x + s * 0.09, y + s * 0.28]], "door") + "</g>";
      });
    },
    wend: drawWend,
    swend: drawWend,
    patches: function () {
      var out = gridLines(null, " faint"), fills = {};
      function touching(x, y) {  // two rectangles that share a stretch of side
        var rows = x[0] < y[0] + y[2] && y[0] < x[0] + x[2], cols = x[1] < y[1] + y[3] && y[1] < x[1] + x[3];
        return (rows && (x[1] + x[3] === y[1] || y[1] + y[3] === x[1])) || (cols && (x[0] + x[2] === y[0] || y[0] + y[2] === x[0]));
      }
      Object.keys(state).sort().forEach(function (key, i) {
        var q = nums(key), used = {};
        Object.keys(fills).forEach(function (other) { if (touching(q, nums(other))) used[fills[other]] = 1; });
        fills[key] = TOL.filter(function (c) { return !used[c]; })[0] || TOL[i % TOL.length];
        out += rect(X(q[1]) + 3, Y(q[0]) + 3, q[3] * CELL - 6, q[2] * CELL - 6, "entry rect" + wrong(key), ' rx="6" fill="' + fills[key] + '"');
      });
      if (view.drag && view.drag.rect) {
        var d = view.drag.rect;
        out += rect(X(d[1]) + 3, Y(d[0]) + 3, d[3] * CELL - 6, d[2] * CELL - 6, "preview", ' rx="6"');
      }
      P.c.forEach(function (x) {
        var px = cx(x[1]), py = cy(x[0]), s = CELL * 0.36, w = x[3] === "w" ? s * 1.2 : x[3] === "t" ? s * 0.8 : s, hh = x[3] === "w" ? s * 0.8 : x[3] === "t" ? s * 1.2 : s;
        out += x[3] ? rect(px - w, py - hh, 2 * w, 2 * hh, "shape " + x[3]) : circle(px, py, s, "shape any");
        out += text(px, py, x[2] || "?", CELL * 0.4, "area");
      });
      return out;
    }
  };
  function drawWend() {
    var out = "", done = spelled();
    P.letters.forEach(function (ch, i) { if (ch === "#") out += rect(X(i % P.w), Y(Math.floor(i / P.w)), CELL, CELL, "blocked"); });
    out += gridLines() + drawEdges("path");
    P.letters.forEach(function (ch, i) { if (ch !== "#") out += text(cx(i % P.w), cy(Math.floor(i / P.w)), ch, CELL * 0.55, "letter"); });
    P.words.forEach(function (word, k) {
      var x = X(P.w) + CELL * 0.4 + Math.floor(k / P.per) * P.wcol, y = Y(0) + (k % P.per + 0.5) * P.line;
      out += text(x, y, word, CELL * 0.45, "word" + (done[word] ? " done" : ""), "start");
    });
    return out;
  }
  function spelled() {  // the words a drawn line spells, read either way (a line that branches spells none)
    var at = {}, seen = {}, done = {};
    Object.keys(state).forEach(function (key) {
      if (state[key] !== 1) return;
      var e = nums(key), a = ck(e[0], e[1]), b = ck(e[2], e[3]);
      (at[a] = at[a] || []).push(b); (at[b] = at[b] || []).push(a);
    });
    Object.keys(at).forEach(function (start) {
      if (seen[start] || at[start].length !== 1) return;
      var prev = null, cur = start, word = "", ok = true;
      for (;;) {
        var e = nums(cur), next = at[cur].filter(function (x) { return x !== prev; });
        seen[cur] = 1; word += P.letters[e[0] * P.w + e[1]];
        if (at[cur].length > 2) { ok = false; break; }
        if (!next.length) break;
        prev = cur; cur = next[0];
      }
      if (ok) { done[word] = 1; done[word.split("").reverse().join("")] = 1; }
    });
    return done;
  }
  function drawEdges(cls, colour) {
    var out = "";
    Object.keys(state).forEach(function (key) {
      var e = nums(key), k = colour && colour[key], paint = k && !flagged[key] ? ' style="stroke:' + LINES[(k - 1) % LINES.length] + '"' : "";
      if (state[key] === 1) out += line(cx(e[1]), cy(e[0]), cx(e[3]), cy(e[2]), "entry " + cls + (k ? " n" + k : "") + wrong(key), paint);
      else out += cross((cx(e[1]) + cx(e[3])) / 2, (cy(e[0]) + cy(e[2])) / 2, CELL * 0.1, "entry absent" + wrong(key));
    });
    return out;
  }
  function flagMark(key) {  // a dashed ring on a wrong entry, so Check does not rest on colour alone
    var e = nums(key), x, y;
    if (P.kind === "rects") return rect(X(e[1]), Y(e[0]), e[3] * CELL, e[2] * CELL, "flag");
    if (P.kind === "lattice") { x = (X(e[1]) + X(e[3])) / 2; y = (Y(e[0]) + Y(e[2])) / 2; }
    else if (e.length === 2) { x = cx(e[1]); y = cy(e[0]); }
    else { x = (cx(e[1]) + cx(e[3])) / 2; y = (cy(e[0]) + cy(e[2])) / 2; }
    return circle(x, y, L().cell * 0.3, "flag");
  }
  function drawCells(mark) { return Object.keys(state).map(function (key) { var e = nums(key); return mark(e[0], e[1], state[key], wrong(key)); }).join(""); }

  window.PuzzlekitPack = {
    use: function (p, s, f, v) { P = p; state = s; flagged = f; view = v; },  // before drawing
    PREP: PREP, DRAW: DRAW, prepKit: prepKit, drawKit: drawKit, CELL: CELL, MARGIN: MARGIN, ck: ck, ek: ek, nums: nums, L: L, X: X, Y: Y, size: size,
    inside: inside, esc: esc, n2: n2, rect: rect, circle: circle, cx: cx, cy: cy, flagMark: flagMark
  };
})();
