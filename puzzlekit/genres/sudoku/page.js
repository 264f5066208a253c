/* Sudoku: givens, typed digits, heavy box lines (and the two diagonals of Sudoku X). */
(function (K) {
  "use strict";

  var CELL = K.CELL, unpack = K.unpack, width = K.width, ck = K.ck, nums = K.nums, X = K.X, Y = K.Y,
    rect = K.rect, text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines, wrong = K.wrong,
    line = K.line;

  K.genre("sudoku", {
    prep: function (p) {
      p.kind = "digits"; var b = width(p.n), h = p.h, w = p.w;
      p.givens = unpack(p.gv, b, h * w); p.sol = {};
      unpack(p.s, b, h * w).forEach(function (v, i) { if (!p.givens[i]) p.sol[ck(Math.floor(i / w), i % w)] = v; });
    },
    draw: function (P, state, view) {
      var out = "", px = CELL * (P.n < 10 ? 0.6 : 0.45);
      var sel = view.selected;
      if (sel) out += rect(X(sel[1]), Y(sel[0]), CELL, CELL, "selected");
      if (P.x) out += line(X(0), Y(0), X(P.w), Y(P.h), "diagonal") + line(X(P.w), Y(0), X(0), Y(P.h), "diagonal");
      out += gridLines(P.box);
      P.givens.forEach(function (v, i) { if (v) out += text(cx(i % P.w), cy(Math.floor(i / P.w)), v, px, "given"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key);
        out += text(cx(e[1]), cy(e[0]), state[key], px, "entry digit" + wrong(key));
      });
      return out;
    }
  });
})(window.PuzzlekitPack);
