/* Slitherlink: clues in cells, the loop between the dots. */
(function (K) {
  "use strict";

  var CELL = K.CELL, unpack = K.unpack, nums = K.nums, edgesFrom = K.edgesFrom, X = K.X, Y = K.Y,
    line = K.line, circle = K.circle, text = K.text, cross = K.cross, cx = K.cx, cy = K.cy, wrong = K.wrong;

  K.genre("slitherlink", {
    prep: function (p) { p.kind = "lattice"; p.clues = unpack(p.c, 3, p.h * p.w); p.sol = edgesFrom(p.s, p.h + 1, p.w + 1); },
    draw: function (P, state) {
      var out = "", r, c;
      P.clues.forEach(function (v, i) { if (v) out += text(cx(i % P.w), cy(Math.floor(i / P.w)), v - 1, CELL * 0.5, "clue"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key);
        if (state[key] === 1) out += line(X(e[1]), Y(e[0]), X(e[3]), Y(e[2]), "entry loop" + wrong(key));
        else out += cross((X(e[1]) + X(e[3])) / 2, (Y(e[0]) + Y(e[2])) / 2, CELL * 0.1, "entry absent" + wrong(key));
      });
      for (r = 0; r <= P.h; r++) for (c = 0; c <= P.w; c++) out += circle(X(c), Y(r), CELL * 0.07, "dot");
      return out;
    }
  });
})(window.PuzzlekitPack);
