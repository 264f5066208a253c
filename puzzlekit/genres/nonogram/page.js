/* Nonogram: the run clues above and left of the grid, filled cells. */
(function (K) {
  "use strict";

  var CELL = K.CELL, MARGIN = K.MARGIN, cellsFrom = K.cellsFrom, L = K.L, X = K.X, Y = K.Y,
    circle = K.circle, rect = K.rect, text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines,
    drawCells = K.drawCells;

  K.genre("nonogram", {
    prep: function (p) {
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
    draw: function (P) {
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
    }
  });
})(window.PuzzlekitPack);
