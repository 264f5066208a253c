/* Numberlink: each line in the colour of the number it leaves from. */
(function (K) {
  "use strict";

  var CELL = K.CELL, ck = K.ck, nums = K.nums, edgesFrom = K.edgesFrom, circle = K.circle, text = K.text,
    cx = K.cx, cy = K.cy, gridLines = K.gridLines, drawEdges = K.drawEdges;

  K.genre("numberlink", {
    prep: function (p) { p.kind = "edges"; p.sol = edgesFrom(p.s, p.h, p.w); },
    draw: function (P, state) {  // each line in the colour of the number it leaves from, as in the pictures
      var at = {}, colour = {}, ends = {};
      function link(key, a, b) { (at[a] = at[a] || []).push([key, b]); }
      Object.keys(state).forEach(function (key) { var e = nums(key); if (state[key] === 1) { link(key, ck(e[0], e[1]), ck(e[2], e[3])); link(key, ck(e[2], e[3]), ck(e[0], e[1])); } });
      P.nums.forEach(function (x) { ends[ck(x[0], x[1])] = 1; });
      P.nums.forEach(function (x) {
        for (var todo = [ck(x[0], x[1])]; todo.length;) (at[todo.pop()] || []).forEach(function (step) {
          if (!colour[step[0]]) { colour[step[0]] = x[2]; if (!ends[step[1]]) todo.push(step[1]); }
        });
      });
      var out = gridLines() + drawEdges("path", colour);
      P.nums.forEach(function (x) {
        out += circle(cx(x[1]), cy(x[0]), CELL * 0.36, "end n" + x[2]) + text(cx(x[1]), cy(x[0]), x[2], CELL * 0.5, "number");
      });
      return out;
    }
  });
})(window.PuzzlekitPack);
