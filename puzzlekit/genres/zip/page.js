/* Zip: numbered discs, walls, one path through every cell. */
(function (K) {
  "use strict";

  var CELL = K.CELL, ek = K.ek, edgesFrom = K.edgesFrom, X = K.X, Y = K.Y, line = K.line, circle = K.circle,
    text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines, drawEdges = K.drawEdges;

  K.genre("zip", {
    prep: function (p) {
      p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); p.blocked = {};
      p.walls.forEach(function (x) { p.blocked[ek([x[0], x[1]], [x[2], x[3]])] = 1; });
    },
    draw: function (P) {
      var out = gridLines(null, " faint") + drawEdges("path");
      P.walls.forEach(function (x) {
        if (x[0] === x[2]) { var wx = X(Math.max(x[1], x[3])); out += line(wx, Y(x[0]), wx, Y(x[0] + 1), "wall"); }
        else { var wy = Y(Math.max(x[0], x[2])); out += line(X(x[1]), wy, X(x[1] + 1), wy, "wall"); }
      });
      P.nums.forEach(function (x) {
        out += circle(cx(x[1]), cy(x[0]), CELL * 0.3, "disc") + text(cx(x[1]), cy(x[0]), x[2], CELL * 0.4, "number");
      });
      return out;
    }
  });
})(window.PuzzlekitPack);
