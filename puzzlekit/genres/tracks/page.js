/* Tracks: counts outside the grid, the ends A and B, given pieces. */
(function (K) {
  "use strict";

  var CELL = K.CELL, ek = K.ek, edgesFrom = K.edgesFrom, X = K.X, Y = K.Y, inside = K.inside, n2 = K.n2,
    text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines, drawEdges = K.drawEdges;

  K.genre("tracks", {
    prep: function (p) {
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
    draw: function (P) {
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
    }
  });
})(window.PuzzlekitPack);
