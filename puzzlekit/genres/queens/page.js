/* Queens: coloured regions, a queen per row, column and region. */
(function (K) {
  "use strict";

  var CELL = K.CELL, TOL = K.TOL, unpack = K.unpack, width = K.width, cellsFrom = K.cellsFrom, X = K.X,
    Y = K.Y, line = K.line, rect = K.rect, poly = K.poly, cross = K.cross, cx = K.cx, cy = K.cy,
    gridLines = K.gridLines, drawCells = K.drawCells;

  K.genre("queens", {
    prep: function (p) {
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
    draw: function (P) {
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
    }
  });
})(window.PuzzlekitPack);
