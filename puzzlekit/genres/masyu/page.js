/* Masyu: pearls, and the loop through cell centres. */
(function (K) {
  "use strict";

  var CELL = K.CELL, unpack = K.unpack, edgesFrom = K.edgesFrom, circle = K.circle, cx = K.cx, cy = K.cy,
    gridLines = K.gridLines, drawEdges = K.drawEdges;

  K.genre("masyu", {
    prep: function (p) { p.kind = "edges"; p.pearls = unpack(p.p, 2, p.h * p.w); p.sol = edgesFrom(p.s, p.h, p.w); },
    draw: function (P) {
      var out = gridLines();
      P.pearls.forEach(function (v, i) {
        if (v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), CELL * 0.34, v === 1 ? "pearl white" : "pearl black");
      });
      return out + drawEdges("loop");
    }
  });
})(window.PuzzlekitPack);
