/* Tents: trees, tents beside them, counts outside the grid. */
(function (K) {
  "use strict";

  var CELL = K.CELL, nums = K.nums, cellsFrom = K.cellsFrom, X = K.X, Y = K.Y, circle = K.circle,
    rect = K.rect, text = K.text, poly = K.poly, cx = K.cx, cy = K.cy, gridLines = K.gridLines,
    drawCells = K.drawCells;

  K.genre("tents", {
    prep: function (p) {
      p.kind = "cells"; p.sol = cellsFrom(p.s, p.h, p.w); p.trees = cellsFrom(p.t, p.h, p.w);
      p.top = CELL * 1.1; p.left = CELL * 1.1;
    },
    draw: function (P) {
      var out = gridLines();
      // a count left out (null) is drawn as nothing, as in print
      P.cols.forEach(function (k, c) { if (k !== null) out += text(cx(c), Y(0) - CELL * 0.5, k, CELL * 0.5, "count column"); });
      P.rows.forEach(function (k, r) { if (k !== null) out += text(X(0) - CELL * 0.55, cy(r), k, CELL * 0.5, "count row"); });
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
    }
  });
})(window.PuzzlekitPack);
