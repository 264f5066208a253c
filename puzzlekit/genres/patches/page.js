/* Patches: clue shapes, rectangles drawn from corner to corner. */
(function (K) {
  "use strict";

  var CELL = K.CELL, TOL = K.TOL, nums = K.nums, X = K.X, Y = K.Y, circle = K.circle, rect = K.rect,
    text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines, wrong = K.wrong;

  K.genre("patches", {
    prep: function (p) { p.kind = "rects"; p.sol = {}; p.s.forEach(function (x) { p.sol[x.join(",")] = 1; }); },
    draw: function (P, state, view) {
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
  });
})(window.PuzzlekitPack);
