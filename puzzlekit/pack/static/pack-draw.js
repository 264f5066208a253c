/* What every genre's page code draws with: layout, SVG pieces, the data's packed grids, the
   lines and cell marks every kind of play shares, and the genres made with the genre kit.
   Each genre of the package adds how it reads its data (prep) and draws its grid (draw) with
   PuzzlekitPack.genre, in its folder's page.js, which the pack writes after this file (see
   puzzlekit/pack/pages.py). pack.js, loaded after them, holds the page: state, undo, mouse, keys. */
(function () {
  "use strict";

  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var LINES = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#CC6677", "#332288", "#DDCC77",
    "#117733", "#88CCEE", "#882255", "#44AA99", "#999933", "#AA4499"];  // Okabe-Ito, then Tol's muted scheme
  var TOL = ["#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33", "#DDDDDD", "#AAAA00"];
  var CELL = 40, MARGIN = 16;
  var ARROWS = { N: "\u2191", NE: "\u2197", E: "\u2192", SE: "\u2198", S: "\u2193", SW: "\u2199", W: "\u2190", NW: "\u2196" };
  var P = null, state = {}, flagged = {}, view = {};  // the puzzle, entries, wrong keys, {selected, drag}
  var PREP = {}, DRAW = {};  // by genre name: prep(p) reads a puzzle's data, draw() its picture

  function genre(names, page) {  // a genre's page code: {prep(p), draw(P, state, view)}
    [].concat(names).forEach(function (name) {
      PREP[name] = page.prep;
      DRAW[name] = function () { return page.draw(P, state, view); };
    });
  }

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

  // ---- genres made with the genre kit: drawn and played from their board layers ----------
  function prepKit(p) {
    var a = p.kit.answer;
    p.counts = {};
    p.kit.clues.forEach(function (x) { if (x.t === "counts") p.counts[x.side || (x.axis === "rows" ? "left" : "top")] = x.e; });
    ["left", "top", "right", "bottom"].forEach(function (side) { if (p.counts[side]) p[side] = CELL * 1.1; });
    if (a.t === "digits") {
      p.kind = "digits"; p.n = a.hi; p.givens = []; p.sol = {};
      // a value 0 (Magnets' blank, Undead's mirror cell) is a cell left empty
      p.s.forEach(function (row, r) { row.forEach(function (v, c) { p.givens.push(0); if (v || a.lo > 0) p.sol[ck(r, c)] = v; }); });
      p.kit.clues.forEach(function (x) {  // a number clue's cell is given: no entry there
        if (x.t === "numbers") x.e.forEach(function (q) { p.givens[q[0] * p.w + q[1]] = 1; delete p.sol[ck(q[0], q[1])]; });
      });
    } else if (a.t === "lines") {
      p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w);
      if (a.f) { p.fixed = {}; a.f.forEach(function (q) { p.fixed[ek([q[0], q[1]], [q[2], q[3]])] = 1; }); }
    }
    else {
      p.kind = "cells"; p.look = a.t; p.sol = cellsFrom(p.s, p.h, p.w);
      if (a.f) { p.fixed = {}; a.f.forEach(function (q) { p.fixed[ck(q[0], q[1])] = 1; }); }
      p.kit.clues.forEach(function (x) {  // a cell in no room (null label) takes no entry
        if (x.t === "rooms") x.e.forEach(function (label, i) { if (label === null) { p.off = p.off || {}; p.off[ck(Math.floor(i / p.w), i % p.w)] = 1; } });
      });
    }
  }
  function drawKit() {
    var out = "", dark = {}, labels = null;
    if (P.look === "shade") Object.keys(state).forEach(function (key) {
      var e = nums(key);
      if (state[key] === 1) { dark[key] = 1; out += rect(X(e[1]), Y(e[0]), CELL, CELL, "entry shaded" + wrong(key)); }
    });
    out += gridLines();
    if (P.look === "diagonal") out += drawCells(diagonal);  // under the numbers at the corners
    P.kit.clues.forEach(function (x) {
      if (x.t === "rooms" || x.t === "boxes") {  // boxes: a Sudoku box number per cell
        labels = x.e;
        x.e.forEach(function (label, i) { if (label === null) out += rect(X(i % P.w), Y(Math.floor(i / P.w)), CELL, CELL, "hole"); });
      }
      else if (x.t === "tally") x.e.forEach(function (k, i) {
        out += text(X(0) - CELL * 0.55, Y(0) - CELL * (0.85 - 0.3 * i), x.words[i].charAt(0).toUpperCase() + " " + k, CELL * 0.25, "tally");
      });
      else if (x.t === "arrows") x.e.forEach(function (q) {
        out += text(X(q[1] + 0.25), Y(q[0] + 0.25), ARROWS[q[2]], CELL * 0.3, "arrow");
      });
      else if (x.t === "corners") x.e.forEach(function (q) {
        out += circle(X(q[1]), Y(q[0]), CELL * 0.24, "corner") + text(X(q[1]), Y(q[0]), q[2], CELL * 0.32, "clue");
      });
      else if (x.t === "counts") x.e.forEach(function (k, i) {
        if (k === null) return;
        var side = x.side || (x.axis === "rows" ? "left" : "top"), far = side === "right" || side === "bottom";
        out += x.axis === "rows" ? text(far ? X(P.w) + CELL * 0.55 : X(0) - CELL * 0.55, cy(i), k, CELL * 0.5, "count row " + side) :
          text(cx(i), far ? Y(P.h) + CELL * 0.55 : Y(0) - CELL * 0.55, k, CELL * 0.5, "count column " + side);
      });
      else if (x.t === "relations") out += drawRelations(x.e);
      else if (x.t === "setting") return;
      else x.e.forEach(function (q) {
        if (x.t === "symbols") dark[ck(q[0], q[1])] = 1;  // a number on a wall is written white
        out += x.t === "symbols" ? rect(X(q[1]), Y(q[0]), CELL, CELL, "symbol") :
          text(cx(q[1]), cy(q[0]), q[2], CELL * 0.55, "clue" + (dark[ck(q[0], q[1])] ? " on-dark" : ""));
      });
    });
    P.kit.clues.forEach(function (x) { if (x.t === "cages") out += drawCages(x.e); });
    if (labels) for (var r = 0; r < P.h; r++) for (var c = 0; c < P.w; c++) {
      var i = r * P.w + c;
      if (c + 1 < P.w && labels[i] !== labels[i + 1]) out += line(X(c + 1), Y(r), X(c + 1), Y(r + 1), "region-border");
      if (r + 1 < P.h && labels[i] !== labels[i + P.w]) out += line(X(c), Y(r + 1), X(c + 1), Y(r + 1), "region-border");
    }
    if (P.kind === "edges") return out + drawEdges("path");
    if (P.kind === "digits") {
      var sel = view.selected;
      if (sel) out = rect(X(sel[1]), Y(sel[0]), CELL, CELL, "selected") + out;
      var chars = P.kit.answer.chars;  // a mark per value (+ and -), or the digit itself
      Object.keys(state).forEach(function (key) { var e = nums(key); out += text(cx(e[1]), cy(e[0]), chars ? chars.charAt(state[key]) : state[key], CELL * 0.55, "entry digit" + wrong(key)); });
      return out;
    }
    if (P.look === "diagonal") return out;
    return out + drawCells(function (r, c, v, cls) {
      if (v !== 1) return circle(cx(c), cy(r), CELL * 0.08, "entry absent" + cls);
      return P.look === "shade" ? "" : circle(cx(c), cy(r), CELL * 0.3, "entry object" + cls);
    });
  }

  function drawRelations(marks) {  // a mark on the middle of the side two cells share
    var out = "";
    marks.forEach(function (q) {
      var x = (cx(q[1]) + cx(q[3])) / 2, y = (cy(q[0]) + cy(q[2])) / 2, across = q[0] === q[2], s = CELL * 0.4;
      if (q[4] === "|") {
        out += across ? line(x, y - s * 0.6, x, y + s * 0.6, "relation bar") : line(x - s * 0.6, y, x + s * 0.6, y, "relation bar");
        return;
      }
      var glyph = { "<": across ? "<" : "\u2227", ">": across ? ">" : "\u2228", "x": "\u00d7" }[q[4]] || q[4];
      out += rect(x - s / 2, y - s / 2, s, s, "relation-patch") + text(x, y, glyph, s, "relation");
    });
    return out;
  }

  function drawCages(tokens) {  // dashed outlines inside each cage, its clue at the top left
    var out = "", d = CELL * 0.08, lab = tokens.map(function (t) { return t.match(/^[A-Za-z]+/)[0]; });
    function at(r, c) { return inside(r, c) ? lab[r * P.w + c] : null; }
    function end(r, c, me, sr, sc, tr, tc) {
      if (at(r + tr, c + tc) !== me) return d;
      return at(r + sr + tr, c + sc + tc) !== me ? 0 : -d;
    }
    for (var r = 0; r < P.h; r++) for (var c = 0; c < P.w; c++) {
      var me = lab[r * P.w + c], clue = tokens[r * P.w + c].replace(/^[A-Za-z]+/, "").replace("x", "\u00d7");
      [[-1, 0], [1, 0], [0, -1], [0, 1]].forEach(function (s) {
        if (at(r + s[0], c + s[1]) === me) return;
        if (s[0]) {
          var y = s[0] < 0 ? Y(r) + d : Y(r + 1) - d;
          out += line(X(c) + end(r, c, me, s[0], 0, 0, -1), y, X(c + 1) - end(r, c, me, s[0], 0, 0, 1), y, "cage");
        } else {
          var x = s[1] < 0 ? X(c) + d : X(c + 1) - d;
          out += line(x, Y(r) + end(r, c, me, 0, s[1], -1, 0), x, Y(r + 1) - end(r, c, me, 0, s[1], 1, 0), "cage");
        }
      });
      if (clue) out += text(X(c) + 2 * d, Y(r) + 3.2 * d, clue, CELL * 0.26, "cage-clue", "start");
    }
    return out;
  }

  function diagonal(r, c, v, cls) {  // a diagonal: 1 a backslash (top left to bottom right), 2 a /
    return v === 1 ? line(X(c), Y(r), X(c + 1), Y(r + 1), "entry diagonal" + cls) :
      v === 2 ? line(X(c + 1), Y(r), X(c), Y(r + 1), "entry diagonal" + cls) : "";
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

  function drawEdges(cls, colour) {
    var out = "";
    Object.keys(P.fixed || {}).forEach(function (key) {  // lines the clues give: drawn, locked
      var e = nums(key);
      out += line(cx(e[1]), cy(e[0]), cx(e[3]), cy(e[2]), "given " + cls);
    });
    Object.keys(state).forEach(function (key) {
      var e = nums(key), k = colour && colour[key], paint = k && !flagged[key] ? ' style="stroke:' + LINES[(k - 1) % LINES.length] + '"' : "";
      if (state[key] === 1) out += line(cx(e[1]), cy(e[0]), cx(e[3]), cy(e[2]), "entry " + cls + (k ? " n" + k : "") + wrong(key), paint);
      else out += cross((cx(e[1]) + cx(e[3])) / 2, (cy(e[0]) + cy(e[2])) / 2, CELL * 0.1, "entry absent" + wrong(key));
    });
    return out;
  }
  function flagMark(key, cls) {  // a dashed ring on a wrong entry (or on a hint's), so Check does not rest on colour alone
    var e = nums(key), x, y;
    cls = cls || "flag";
    if (P.kind === "rects") return rect(X(e[1]), Y(e[0]), e[3] * CELL, e[2] * CELL, cls);
    if (P.kind === "lattice") { x = (X(e[1]) + X(e[3])) / 2; y = (Y(e[0]) + Y(e[2])) / 2; }
    else if (e.length === 2) { x = cx(e[1]); y = cy(e[0]); }
    else { x = (cx(e[1]) + cx(e[3])) / 2; y = (cy(e[0]) + cy(e[2])) / 2; }
    return circle(x, y, L().cell * 0.3, cls);
  }
  function drawCells(mark) { return Object.keys(state).map(function (key) { var e = nums(key); return mark(e[0], e[1], state[key], wrong(key)); }).join(""); }

  window.PuzzlekitPack = {
    use: function (p, s, f, v) { P = p; state = s; flagged = f; view = v; },  // before drawing
    genre: genre, PREP: PREP, DRAW: DRAW, prepKit: prepKit, drawKit: drawKit, CELL: CELL, MARGIN: MARGIN, TOL: TOL,
    unpack: unpack, width: width, ck: ck, ek: ek, nums: nums, edgesFrom: edgesFrom, cellsFrom: cellsFrom,
    L: L, X: X, Y: Y, size: size, inside: inside, esc: esc, n2: n2, line: line, circle: circle, rect: rect, text: text,
    poly: poly, cross: cross, cx: cx, cy: cy, gridLines: gridLines, wrong: wrong, drawEdges: drawEdges,
    drawCells: drawCells, flagMark: flagMark
  };
})();
