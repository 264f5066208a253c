/* Wend and Swend: a letter grid, a line per word through its letters. */
(function (K) {
  "use strict";

  var CELL = K.CELL, MARGIN = K.MARGIN, ck = K.ck, ek = K.ek, nums = K.nums, edgesFrom = K.edgesFrom,
    X = K.X, Y = K.Y, rect = K.rect, text = K.text, cx = K.cx, cy = K.cy, gridLines = K.gridLines,
    drawEdges = K.drawEdges;

  function prep(p) {  // a line per word through its letters; no step enters a blocked cell
    p.kind = "edges"; p.hk = "words"; p.sol = edgesFrom(p.s, p.h, p.w); p.blocked = {};
    var h = p.h, w = p.w, longest = 1;
    p.letters = p.l.split("");
    p.letters.forEach(function (ch, i) {
      var r = Math.floor(i / w), c = i % w;
      if (ch === "#") [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].forEach(function (o) {
        if (o[0] >= 0 && o[1] >= 0 && o[0] < h && o[1] < w) p.blocked[ek([r, c], o)] = 1;
      });
    });
    p.words.forEach(function (word) { longest = Math.max(longest, word.length); });
    p.line = CELL * 0.6; p.per = Math.max(1, Math.floor(h * CELL / p.line));  // the word list: columns right of the grid
    p.wcol = CELL * (0.4 * longest + 0.5);
    p.right = MARGIN + CELL * 0.4 + Math.ceil(p.words.length / p.per) * p.wcol;
  }
  function draw(P, state) {
    var out = "", done = spelled(P, state);
    P.letters.forEach(function (ch, i) { if (ch === "#") out += rect(X(i % P.w), Y(Math.floor(i / P.w)), CELL, CELL, "blocked"); });
    out += gridLines() + drawEdges("path");
    P.letters.forEach(function (ch, i) { if (ch !== "#") out += text(cx(i % P.w), cy(Math.floor(i / P.w)), ch, CELL * 0.55, "letter"); });
    P.words.forEach(function (word, k) {
      var x = X(P.w) + CELL * 0.4 + Math.floor(k / P.per) * P.wcol, y = Y(0) + (k % P.per + 0.5) * P.line;
      out += text(x, y, word, CELL * 0.45, "word" + (done[word] ? " done" : ""), "start");
    });
    return out;
  }
  function spelled(P, state) {  // the words a drawn line spells, read either way (a line that branches spells none)
    var at = {}, seen = {}, done = {};
    Object.keys(state).forEach(function (key) {
      if (state[key] !== 1) return;
      var e = nums(key), a = ck(e[0], e[1]), b = ck(e[2], e[3]);
      (at[a] = at[a] || []).push(b); (at[b] = at[b] || []).push(a);
    });
    Object.keys(at).forEach(function (start) {
      if (seen[start] || at[start].length !== 1) return;
      var prev = null, cur = start, word = "", ok = true;
      for (;;) {
        var e = nums(cur), next = at[cur].filter(function (x) { return x !== prev; });
        seen[cur] = 1; word += P.letters[e[0] * P.w + e[1]];
        if (at[cur].length > 2) { ok = false; break; }
        if (!next.length) break;
        prev = cur; cur = next[0];
      }
      if (ok) { done[word] = 1; done[word.split("").reverse().join("")] = 1; }
    });
    return done;
  }
  K.genre(["wend", "swend"], { prep: prep, draw: draw });
})(window.PuzzlekitPack);
