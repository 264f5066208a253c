/* Hashi: islands, and bridges drawn between them. */
(function (K) {
  "use strict";

  var CELL = K.CELL, unpack = K.unpack, ek = K.ek, nums = K.nums, line = K.line, circle = K.circle,
    text = K.text, cx = K.cx, cy = K.cy, wrong = K.wrong;

  K.genre("hashi", {
    prep: function (p) {
      p.kind = "bridges"; p.isl = unpack(p.i, 4, p.h * p.w); p.sol = {}; p.cand = {};
      var h = p.h, w = p.w, isl = p.isl, sv = unpack(p.s, 4, h * w);
      function next(r, c, dr, dc) {
        for (r += dr, c += dc; r < h && c < w; r += dr, c += dc) if (isl[r * w + c]) return [r, c];
        return null;
      }
      for (var r = 0; r < h; r++) for (var c = 0; c < w; c++) {
        if (!isl[r * w + c]) continue;
        var right = next(r, c, 0, 1), down = next(r, c, 1, 0), v = sv[r * w + c];
        if (right) { p.cand[ek([r, c], right)] = 1; if (v % 3) p.sol[ek([r, c], right)] = v % 3; }
        if (down) { p.cand[ek([r, c], down)] = 1; if (Math.floor(v / 3)) p.sol[ek([r, c], down)] = Math.floor(v / 3); }
      }
    },
    draw: function (P, state) {
      var out = "", rad = CELL * 0.38;
      P.isl.forEach(function (v, i) { if (!v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), 1.5, "water"); });
      Object.keys(state).forEach(function (key) {
        var e = nums(key), k = state[key], x1 = cx(e[1]), y1 = cy(e[0]), x2 = cx(e[3]), y2 = cy(e[2]);
        var hz = e[0] === e[2], gap = k === 2 ? CELL * 0.09 : 0, cls = "entry bridge " + (k === 2 ? "double" : "single") + wrong(key);
        if (hz) { x1 += rad; x2 -= rad; } else { y1 += rad; y2 -= rad; }
        if (k === 2) {
          out += line(x1 + (hz ? 0 : -gap), y1 + (hz ? -gap : 0), x2 + (hz ? 0 : -gap), y2 + (hz ? -gap : 0), cls);
          out += line(x1 + (hz ? 0 : gap), y1 + (hz ? gap : 0), x2 + (hz ? 0 : gap), y2 + (hz ? gap : 0), cls);
        } else out += line(x1, y1, x2, y2, cls);
      });
      P.isl.forEach(function (v, i) {
        if (v) out += circle(cx(i % P.w), cy(Math.floor(i / P.w)), rad, "island") + text(cx(i % P.w), cy(Math.floor(i / P.w)), v, CELL * 0.5, "clue");
      });
      return out;
    }
  });
})(window.PuzzlekitPack);
