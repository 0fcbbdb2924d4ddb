// polycover's 3D page: solutions of a polyform puzzle drawn with WebGL 1.
// Written for polycover (no library): a few matrix helpers, one shader,
// meshes built once per piece, and each placement drawn as its piece's
// mesh turned and moved. The data format is in docs/viewer.md. The
// vector, matrix and shader helpers are in gl.js, which comes first.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("polycover-data").textContent);
  const $ = (id) => document.getElementById(id);
  const script = /[#&]test=([^&]*)/.exec(location.hash);
  // With a test script (at the end) frames come from a clock of the
  // page's own, 16 ms a frame, that the script's `wait:MS` moves on: what a
  // script sees does not depend on how fast the browser runs.
  let clock = 0, frames = [];
  const nextFrame = script ? (f) => { frames.push(f); return f; } : (f) => requestAnimationFrame(f);
  const cancelFrame = script ? (f) => { frames = frames.filter((g) => g !== f); } : (id) => cancelAnimationFrame(id);
  function runFrames() {
    clock += 16;
    const due = frames;
    frames = [];
    for (const f of due) f(clock);
  }

  const apply3 = (r, p) => [r[0] * p[0] + r[1] * p[1] + r[2] * p[2], r[3] * p[0] + r[4] * p[1] + r[5] * p[2], r[6] * p[0] + r[7] * p[1] + r[8] * p[2]];
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.substr(i, 2), 16) / 255);
  // The outline of a piece, as the SVG pictures draw it.
  const outline = (c) => (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] < 0.25 ? [17 / 255, 17 / 255, 17 / 255] : v3.scale(c, 0.45));

  // ---- WebGL ----
  const canvas = $("view");
  const gl = canvas.getContext("webgl", { antialias: true, preserveDrawingBuffer: true });
  const state = {
    solution: 0, shown: 0, explode: 0, order: "solver", hidden: new Set(), move: 0,
    az: 0, el: 0, dist: 10, target: [0, 0, 0], ready: false, speed: 1,
  };
  // The disassembly's animation frame while it plays, else null.
  let playing = null;
  $("puzzle-name").textContent = DATA.puzzle;
  // Without WebGL (or when it fails) the page says why, and disables its
  // controls, which could do nothing.
  function dead(why) {
    $("message").textContent = why;
    disableControls($("panel"), canvas);
    state.ready = false;
    document.body.dataset.state = "no-webgl";
    document.title = "polycover: no WebGL";
  }
  if (!gl) {
    dead("This page needs WebGL, which this browser does not offer.");
    return;
  }
  canvas.addEventListener("webglcontextlost", () => {
    stopPlaying();
    dead("WebGL stopped (the graphics context was lost): reload the page.");
  });
  const VS = `attribute vec3 aPos; attribute vec3 aNormal;
uniform mat4 uModel, uView, uProj;
varying vec3 vNormal;
void main() {
  vNormal = mat3(uView) * mat3(uModel) * aNormal;
  gl_Position = uProj * uView * uModel * vec4(aPos, 1.0);
}`;
  // Lambert shading with a light fixed to the camera (up and to the left),
  // so every side turned to the viewer is lit: colour times 0.5 to 1.
  // Normals are the meshes' outward ones, turned by the placement: right
  // for reflections too (whose triangles wind the other way, so no face
  // is culled and gl_FrontFacing is not used).
  const FS = `precision mediump float;
uniform vec3 uColor; uniform float uLit;
varying vec3 vNormal;
void main() {
  vec3 n = normalize(vNormal);
  float d = max(dot(n, normalize(vec3(-0.3, 0.4, 0.87))), 0.0);
  gl_FragColor = vec4(uColor * mix(1.0, 0.5 + 0.5 * d, uLit), 1.0);
}`;
  const loc = useProgram(gl, VS, FS, { attributes: ["aPos", "aNormal"], uniforms: ["uModel", "uView", "uProj", "uColor", "uLit"] }, dead);
  if (!loc) return;

  // A drawable: interleaved position and normal, drawn as triangles or lines.
  function buffer(data, mode) {
    const b = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, b);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(data), gl.STATIC_DRAW);
    return { b, n: data.length / 6, mode };
  }
  function draw(d, model, color, lit) {
    if (!d || d.n === 0) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, d.b);
    gl.vertexAttribPointer(loc.aPos, 3, gl.FLOAT, false, 24, 0);
    gl.vertexAttribPointer(loc.aNormal, 3, gl.FLOAT, false, 24, 12);
    gl.uniformMatrix4fv(loc.uModel, false, model);
    gl.uniform3fv(loc.uColor, color);
    gl.uniform1f(loc.uLit, lit ? 1 : 0);
    gl.drawArrays(d.mode, 0, d.n);
  }
  gl.enableVertexAttribArray(loc.aPos);
  gl.enableVertexAttribArray(loc.aNormal);

  // A unit sphere (smooth) and a unit cylinder along z (the bars between
  // touching balls of a piece), shared by every piece.
  function sphereMesh(seg, rings) {
    const out = [];
    const p = (i, j) => {
      const t = (Math.PI * j) / rings, f = (2 * Math.PI * i) / seg;
      return [Math.sin(t) * Math.cos(f), Math.sin(t) * Math.sin(f), Math.cos(t)];
    };
    for (let j = 0; j < rings; j++)
      for (let i = 0; i < seg; i++) {
        const a = p(i, j), b = p(i, j + 1), c = p(i + 1, j + 1), d = p(i + 1, j);
        for (const q of [a, b, c, a, c, d]) out.push(...q, ...q);
      }
    return buffer(out, gl.TRIANGLES);
  }
  function cylinderMesh(seg) {
    const out = [];
    for (let i = 0; i < seg; i++) {
      const f0 = (2 * Math.PI * i) / seg, f1 = (2 * Math.PI * (i + 1)) / seg;
      const a = [Math.cos(f0), Math.sin(f0)], b = [Math.cos(f1), Math.sin(f1)];
      const v = (c, z) => [c[0], c[1], z, c[0], c[1], 0];
      out.push(...v(a, 0), ...v(b, 0), ...v(b, 1), ...v(a, 0), ...v(b, 1), ...v(a, 1));
    }
    return buffer(out, gl.TRIANGLES);
  }
  const SPHERE = sphereMesh(20, 14), CYLINDER = cylinderMesh(10);

  // Each piece once: its faces (flat shaded), its outline edges, its balls
  // and bars, and the centre of its cells (for exploding).
  const PIECES = DATA.pieces.map((p) => {
    const v = p.mesh.v, at = (i) => [v[3 * i], v[3 * i + 1], v[3 * i + 2]];
    const tris = [], lines = [];
    for (const f of p.mesh.f) {
      const pts = f.map(at);
      let n = [0, 0, 0];
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i], b = pts[(i + 1) % pts.length];
        n = v3.add(n, [(a[1] - b[1]) * (a[2] + b[2]), (a[2] - b[2]) * (a[0] + b[0]), (a[0] - b[0]) * (a[1] + b[1])]);
      }
      n = v3.norm(n);
      for (let k = 1; k + 1 < pts.length; k++) for (const q of [pts[0], pts[k], pts[k + 1]]) tris.push(...q, ...n);
    }
    for (let i = 0; i < p.mesh.e.length; i += 2) lines.push(...at(p.mesh.e[i]), 0, 0, 1, ...at(p.mesh.e[i + 1]), 0, 0, 1);
    const balls = (p.balls || []).map((c) => m4.basis([p.radius, 0, 0], [0, p.radius, 0], [0, 0, p.radius], c));
    const bars = [];
    for (let i = 0; p.bars && i < p.bars.length; i += 2) {
      const a = p.balls[p.bars[i]], b = p.balls[p.bars[i + 1]], d = v3.sub(b, a), w = v3.norm(d);
      const u = v3.norm(v3.cross(w, Math.abs(w[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0])), s = v3.cross(w, u), r = 0.16 * p.radius * 2;
      bars.push(m4.basis(v3.scale(u, r), v3.scale(s, r), d, a));
    }
    const pts = (p.balls && p.balls.length ? p.balls : []).concat(Array.from({ length: v.length / 3 }, (_, i) => at(i)));
    const centre = v3.scale(pts.reduce((s, q) => v3.add(s, q), [0, 0, 0]), 1 / Math.max(pts.length, 1));
    return { name: p.name, faces: buffer(tris, gl.TRIANGLES), edges: buffer(lines, gl.LINES), balls, bars, centre, pts };
  });

  // ---- A solution: placements with their world transforms ----
  const frame = DATA.frame;
  let placements = [];
  // The assembled solution's box centre and radius (what the view frames),
  // and how far its pieces reach from that centre before any move.
  let sceneCentre = [0, 0, 0], sceneRadius = 1, reach0 = 1;
  // track[k]: every placement's offset after k disassembly moves.
  let track = [[]];
  const movesOf = (i) => (DATA.disassembly && DATA.disassembly[i]) || null;
  function loadSolution(i) {
    stopPlaying();
    state.solution = i;
    const sol = DATA.solutions[i] || [];
    placements = sol.map(([piece, rot, x, y, z, color], index) => {
      const r = DATA.rotations[rot], t = apply3(frame, [x, y, z]), p = PIECES[piece];
      const c = rgb(DATA.palette[color]);
      const world = p.pts.map((q) => v3.add(apply3(r, q), t));
      const centre = v3.add(apply3(r, p.centre), t);
      return {
        index, piece, model: m4.affine(r, t), color: c, line: outline(c), centre, world,
        radius: world.reduce((m, q) => Math.max(m, Math.hypot(...v3.sub(q, centre))), 0),
        low: world.reduce((m, q) => Math.min(m, q[2]), Infinity), fixed: index < DATA.fixed,
      };
    });
    // The view frames the assembled solution: the explode slider and a
    // disassembly's moves take pieces out of it, and the camera backs off
    // as they go (grow()).
    // (Loops, not Math.min(...points): a big puzzle has more points than
    // a call takes arguments.)
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (const p of placements)
      for (const q of p.world)
        for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], q[k]); hi[k] = Math.max(hi[k], q[k]); }
    const any = lo[0] <= hi[0];
    sceneCentre = any ? v3.scale(v3.add(lo, hi), 0.5) : [0, 0, 0];
    sceneRadius = any ? Math.max(0.5 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), 1) + 0.7 : 1;
    track = layMoves(movesOf(i), Math.max(1, 0.35 * sceneRadius));
    reach0 = reach(0, track[0]);
    extentAt = null;
    state.hidden = new Set();
    state.shown = placements.length;
    state.move = 0;
    setOrder(state.order);
  }
  // The order pieces are placed in when building up.
  let order = [];
  function setOrder(o) {
    state.order = o;
    order = placements.map((p) => p.index);
    if (o === "bottom")
      order.sort((a, b) => placements[a].low - placements[b].low || placements[a].centre[2] - placements[b].centre[2] || a - b);
    // Pieces placed in advance always come first.
    order.sort((a, b) => (placements[b].fixed ? 1 : 0) - (placements[a].fixed ? 1 : 0));
    updateUi();
  }

  // Disassembly moves (docs/viewer.md), laid out once per solution: each
  // placement's offset after every move. A move slides its pieces by
  // `frame · by`, except one whose pieces leave (`leaves`): those go along
  // `by` just far enough to clear every other piece by `gap`, over all the
  // sliding moves still to come, so groups that leave the same way lie
  // apart and nothing flies out of the picture.
  function layMoves(moves, gap) {
    let off = placements.map(() => [0, 0, 0]);
    const out = [off];
    if (!moves) return out;
    const list = moves.moves.map((m) => ({ by: apply3(frame, m.by), leaves: !!m.leaves, pieces: new Set(m.pieces) }));
    list.forEach((m, i) => {
      let d = m.by;
      if (m.leaves) {
        const u = v3.norm(d);
        let front = -Infinity, back = Infinity;
        placements.forEach((p, k) => {
          const [a, b] = extentAlong(p, u, off[k], list.slice(i + 1));
          if (m.pieces.has(k)) back = Math.min(back, a);
          else front = Math.max(front, b);
        });
        d = v3.scale(u, front > -Infinity ? Math.max(front + gap - back, gap) : gap);
      }
      off = off.map((o, k) => (m.pieces.has(k) ? v3.add(o, d) : o));
      out.push(off);
    });
    return out;
  }
  // How far along `u` placement `p` reaches from offset `at` on, through
  // the sliding moves in `later` (moves that leave clear themselves).
  function extentAlong(p, u, at, later) {
    let lo = Infinity, hi = -Infinity;
    for (const q of p.world) { const s = v3.dot(q, u); lo = Math.min(lo, s); hi = Math.max(hi, s); }
    let s = v3.dot(at, u), slo = s, shi = s;
    for (const m of later)
      if (!m.leaves && m.pieces.has(p.index)) { s += v3.dot(m.by, u); slo = Math.min(slo, s); shi = Math.max(shi, s); }
    return [lo + slo, hi + shi];
  }
  // Every placement's offset after `t` moves (fractional t: the move
  // under way).
  function moveOffsets(t) {
    const k = Math.max(0, Math.min(track.length - 1, Math.floor(t))), f = t - k;
    if (k + 1 >= track.length || f <= 0) return track[k];
    return track[k].map((o, p) => v3.add(o, v3.scale(v3.sub(track[k + 1][p], o), f)));
  }
  // How far the pieces reach from the scene's centre, every corner (and
  // ball centre) of every piece, as drawn: exploded by `explode` (render())
  // and moved by offsets `off`. (A loop over the corners, not a bound from
  // each piece's centre: a long board's pieces are far from its centre and
  // close to each other, and the bound overshoots.)
  function reach(explode, off) {
    let m = 1e-9;
    placements.forEach((p, k) => {
      const e = v3.add(v3.scale(v3.sub(p.centre, sceneCentre), 2.4 * explode), off[k]);
      for (const q of p.world) m = Math.max(m, Math.hypot(q[0] + e[0] - sceneCentre[0], q[1] + e[1] - sceneCentre[1], q[2] + e[2] - sceneCentre[2]));
    });
    return m;
  }
  // How much the pieces have spread out by exploding and the moves, 1 when
  // assembled: the radius about the scene's centre that holds them all,
  // over the assembled one (both with the margin sceneRadius has; it is at
  // least the assembled reach plus that margin, so the sphere of
  // sceneRadius · grow() holds every piece as drawn, seen from anywhere).
  // Kept for the last explode and move, as it visits every corner.
  let extentAt = null;
  function grow() {
    if (!extentAt || extentAt.explode !== state.explode || extentAt.move !== state.move)
      extentAt = { explode: state.explode, move: state.move, f: Math.max(1, (reach(state.explode, moveOffsets(state.move)) + 0.7) / (reach0 + 0.7)) };
    return extentAt.f;
  }
  // The view's half-angles are 17.5 degrees up and down, and as much times
  // the drawing's width over its height sideways: a drawing narrower than
  // it is high (a narrow window, the panel below it) backs the camera off
  // so the sphere fits sideways too.
  const HALF = (35 * Math.PI) / 360;
  function narrow() {
    const a = Math.max(1, canvas.clientWidth) / Math.max(1, canvas.clientHeight);
    return a >= 1 ? 1 : Math.sin(HALF) / Math.sin(Math.atan(Math.tan(HALF) * a));
  }

  // ---- Camera ----
  function resetView() {
    // 2D boards are seen from above, unless pieces are lifted out of them
    // (a disassembly: they leave up or down, which from above is unseen).
    const flat = DATA.dimension === 2 && !movesOf(state.solution);
    state.az = flat ? -90 : -45;
    state.el = flat ? 72 : 32;
    state.target = sceneCentre.slice();
    state.dist = (sceneRadius / Math.sin((35 * Math.PI) / 360)) * 1.05;
  }
  // The camera backs off as the pieces fly apart or are taken out, so
  // every piece stays whole in the drawing (the sphere that holds them fits
  // in the view, whichever way it turns); it looks at the assembled
  // solution's centre, which exploding keeps.
  const distance = () => state.dist * grow() * narrow();
  function eye() {
    const a = (state.az * Math.PI) / 180, e = (state.el * Math.PI) / 180;
    return v3.add(state.target, v3.scale([Math.cos(e) * Math.cos(a), Math.cos(e) * Math.sin(a), Math.sin(e)], distance()));
  }

  // ---- Drawing ----
  function resize() {
    const w = Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio)), h = Math.max(1, Math.round(canvas.clientHeight * devicePixelRatio));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  }
  function render() {
    resize();
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(1, 1, 1, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    const view = m4.lookAt(eye(), state.target, [0, 0, 1]);
    // Near and far planes close around the scene: the depth buffer may
    // have 16 bits only, and a tile's top and bottom are a quarter apart.
    const far = distance() + sceneRadius * 4 * grow() + 10, near = 0.15 * distance();
    gl.uniformMatrix4fv(loc.uView, false, view);
    gl.uniformMatrix4fv(loc.uProj, false, m4.perspective((35 * Math.PI) / 180, canvas.width / canvas.height, near, far));
    const offsets = moveOffsets(state.move);
    const shown = new Set(order.slice(0, state.shown));
    for (const p of placements) {
      if (!shown.has(p.index) || state.hidden.has(p.index)) continue;
      const e = v3.add(v3.scale(v3.sub(p.centre, sceneCentre), 2.4 * state.explode), offsets[p.index]);
      const model = m4.mul(m4.affine([1, 0, 0, 0, 1, 0, 0, 0, 1], e), p.model);
      const piece = PIECES[p.piece];
      gl.enable(gl.POLYGON_OFFSET_FILL);
      // Faces pushed behind their edge lines; by a few depth steps more or less from piece to
      // piece, so that where two pieces' surfaces coincide (stick pieces meeting at a point both
      // have a hub there) one of them is drawn, steadily, rather than a flicker of both.
      gl.polygonOffset(1, 1 + (p.index % 8));
      draw(piece.faces, model, p.color, true);
      for (const b of piece.balls) draw(SPHERE, m4.mul(model, b), p.color, true);
      for (const b of piece.bars) draw(CYLINDER, m4.mul(model, b), v3.scale(p.color, 0.7), true);
      gl.disable(gl.POLYGON_OFFSET_FILL);
      draw(piece.edges, model, p.line, false);
    }
    publishState();
  }
  let pending = false;
  function redraw() {
    if (pending) return;
    pending = true;
    nextFrame(() => { pending = false; render(); });
  }

  // ---- The panel ----
  const fmt = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  // `n` with its noun, `one` for a count of 1 (as the command line's `plural`), `many` for any other.
  const plural = (n, one, many) => `${fmt(n)} ${String(n) === "1" ? one : many}`;
  function updateUi() {
    const n = DATA.solutions.length, c = DATA.count || {};
    $("puzzle-name").textContent = DATA.puzzle;
    $("solution-label").textContent = n ? `solution ${state.solution + 1} of ${n}` : "no solution";
    let note = c.distinct ? "one solution per class of symmetric ones" : "";
    const d = c.distinct ? "distinct " : "";
    if (c.complete) note = `${plural(n, d + "solution", d + "solutions")} in all` + (note ? ` (${note})` : "");
    else if (n) note = `the first ${fmt(n)}` + (c.expected ? ` of ${plural(c.expected, d + "solution", d + "solutions")} (the file's expected count)` : " found") + (note && !c.expected ? ` (${note})` : "");
    $("count-note").textContent = note;
    $("prev-solution").disabled = state.solution <= 0;
    $("next-solution").disabled = state.solution >= n - 1;
    $("step-label").textContent = `${state.shown} of ${placements.length}`;
    $("explode").value = state.explode;
    $("order").value = state.order;
    const list = $("piece-list");
    list.textContent = "";
    order.forEach((i, k) => {
      const p = placements[i], li = document.createElement("li"), box = document.createElement("input"), sw = document.createElement("span");
      box.type = "checkbox";
      box.id = `piece-${i}`;
      box.checked = !state.hidden.has(i);
      box.addEventListener("change", () => { if (box.checked) state.hidden.delete(i); else state.hidden.add(i); redraw(); });
      sw.className = "swatch";
      sw.style.background = DATA.palette[DATA.solutions[state.solution][i][5]];
      const label = document.createElement("label");
      label.htmlFor = box.id;
      label.textContent = `${k + 1}. ${DATA.pieces[p.piece].name}${p.fixed ? " (given)" : ""}`;
      if (k >= state.shown) li.className = "later";
      li.append(box, sw, label);
      list.append(li);
    });
    updateMoves();
  }
  // The disassembly's part of the panel: shown when the solution has one.
  function updateMoves() {
    const moves = movesOf(state.solution);
    $("moves-box").hidden = !moves;
    if (moves) {
      const n = moves.moves.length;
      $("moves").max = n;
      $("moves").step = 0.01;
      $("moves").value = state.move;
      $("moves-label").textContent = `move ${Math.ceil(state.move - 1e-9)} of ${n}` + (moves.level ? `, level ${moves.level}` : "");
      $("play-moves").textContent = playing !== null ? "❚❚ pause" : "▶ play";
      $("prev-move").disabled = state.move <= 0;
      $("next-move").disabled = state.move >= n;
      $("speed").value = String(state.speed);
    }
    redraw();
  }
  const rect = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  function publishState() {
    const title = document.createRange();
    title.selectNodeContents($("puzzle-name"));
    const s = {
      solution: state.solution + 1, solutions: DATA.solutions.length, shown: state.shown, pieces: placements.length,
      explode: state.explode, order: state.order, hidden: [...state.hidden].sort((a, b) => a - b),
      move: state.move, playing: playing !== null, speed: state.speed,
      offsets: moveOffsets(state.move).map((o) => o.map((x) => +x.toFixed(4))),
      visible: order.slice(0, state.shown).filter((i) => !state.hidden.has(i)),
      view: { az: state.az, el: state.el, dist: +state.dist.toFixed(3) },
      // Where the title's text and the panel are on the screen, and how
      // far the panel's content sticks out sideways.
      layout: { title: rect(title.getBoundingClientRect()), panel: rect($("panel").getBoundingClientRect()), width: innerWidth, height: innerHeight,
        overflow: $("panel").scrollWidth - $("panel").clientWidth },
    };
    $("state").textContent = JSON.stringify(s);
    if (state.ready) document.body.dataset.state = "ready";
  }
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  const step = (k) => { state.shown = Math.max(0, Math.min(placements.length, k)); updateUi(); };
  const goSolution = (i) => { if (i >= 0 && i < DATA.solutions.length) { loadSolution(i); } };
  on("prev-solution", "click", () => goSolution(state.solution - 1));
  on("next-solution", "click", () => goSolution(state.solution + 1));
  on("first-step", "click", () => step(0));
  on("prev-step", "click", () => step(state.shown - 1));
  on("next-step", "click", () => step(state.shown + 1));
  on("last-step", "click", () => step(placements.length));
  on("explode", "input", (e) => { state.explode = +e.target.value; redraw(); });
  on("order", "change", (e) => setOrder(e.target.value));
  on("reset-view", "click", () => { resetView(); redraw(); });
  on("show-all", "click", () => { state.hidden.clear(); step(placements.length); });

  // ---- Disassembly playback: play and pause, a move back or on, speed.
  // Anything else that sets the moves (the slider, another solution)
  // stops the animation first, so it never runs on stale moves. ----
  function stopPlaying() {
    if (playing !== null) cancelFrame(playing);
    playing = null;
  }
  function togglePlay() {
    const moves = movesOf(state.solution);
    if (!moves) return;
    if (playing !== null) {
      stopPlaying();
      updateMoves();
      return;
    }
    const n = moves.moves.length;
    if (state.move >= n) state.move = 0;
    let last = null;
    const tick = (now) => {
      // A move takes 0.7 s at 1x; the first frame only starts the clock.
      if (last !== null) state.move = Math.min(n, state.move + ((now - last) / 700) * state.speed);
      last = now;
      playing = state.move < n ? nextFrame(tick) : null;
      updateMoves();
    };
    playing = nextFrame(tick);
    updateMoves();
  }
  // To the start of the next move (dir 1) or of this or the last one (-1).
  function stepMove(dir) {
    const moves = movesOf(state.solution);
    if (!moves) return;
    stopPlaying();
    const at = dir > 0 ? Math.floor(state.move + 1e-9) + 1 : Math.ceil(state.move - 1e-9) - 1;
    state.move = Math.max(0, Math.min(moves.moves.length, at));
    updateMoves();
  }
  on("moves", "input", (e) => { stopPlaying(); state.move = +e.target.value; updateMoves(); });
  on("play-moves", "click", togglePlay);
  on("prev-move", "click", () => stepMove(-1));
  on("next-move", "click", () => stepMove(1));
  on("speed", "change", (e) => { state.speed = +e.target.value || 1; });

  // The page's keys work wherever the focus is (a ticked box, a slider, a
  // button), except in a field that takes text; shortcuts with Ctrl, Alt
  // or Meta are the browser's.
  const KEYS = {
    ArrowLeft: () => step(state.shown - 1), ArrowRight: () => step(state.shown + 1),
    PageUp: () => goSolution(state.solution - 1), PageDown: () => goSolution(state.solution + 1),
    r: () => { resetView(); redraw(); }, p: togglePlay, "[": () => stepMove(-1), "]": () => stepMove(1),
  };
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey || takesText(e.target) || gl.isContextLost()) return;
    const k = KEYS[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (k) { k(); e.preventDefault(); }
  });

  // ---- Mouse and touch: one pointer turns (or pans with the right
  // button or shift), two pointers pinch to zoom and pan ----
  const pointers = new Map();
  function orbit(dx, dy) {
    state.az -= dx * 0.4;
    state.el = Math.max(-89, Math.min(89.5, state.el + dy * 0.4));
  }
  function pan(dx, dy) {
    const view = m4.lookAt(eye(), state.target, [0, 0, 1]);
    const right = [view[0], view[4], view[8]], up = [view[1], view[5], view[9]];
    const s = (2 * distance() * Math.tan((35 * Math.PI) / 360)) / Math.max(1, canvas.clientHeight);
    state.target = v3.add(state.target, v3.add(v3.scale(right, -dx * s), v3.scale(up, dy * s)));
  }
  function zoom(f) { state.dist = Math.max(0.5, Math.min(500, state.dist * f)); }
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("pointerdown", (e) => {
    try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer */ }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, pan: e.button === 2 || e.shiftKey });
  });
  canvas.addEventListener("pointermove", (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (pointers.size === 1) {
      if (p.pan) pan(dx, dy);
      else orbit(dx, dy);
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0 && after > 0) zoom(before / after);
      pan(dx / 2, dy / 2);
    }
    p.x = e.clientX; p.y = e.clientY;
    redraw();
  });
  const up = (e) => pointers.delete(e.pointerId);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); zoom(Math.exp(e.deltaY * 0.001)); redraw(); }, { passive: false });
  window.addEventListener("resize", redraw);

  // ---- Start, then the test script of the URL's fragment, if any:
  // #test=click:next-step;set:explode=0.8;drag:40:10;wheel:-200 acts as a
  // person would (controls focused and clicked, sliders moved, keys
  // pressed where the focus is, the canvas dragged); wait:MS runs the
  // page's clock on by MS milliseconds (an animation under way);
  // losecontext loses WebGL, as when the graphics driver resets. ----
  function act(verb, arg) {
    if (verb === "click") { $(arg).focus(); $(arg).click(); }
    else if (verb === "set") {
      const [id, value] = arg.split("=");
      const el = $(id);
      el.focus();
      if (el.type === "checkbox") el.checked = value === "1" || value === "true";
      else el.value = value;
      el.dispatchEvent(new Event(el.type === "checkbox" || el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    } else if (verb === "drag") {
      const [dx, dy] = arg.split(":").map(Number), r = canvas.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      const ev = (type, px, py) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: px, clientY: py, button: 0, bubbles: true }));
      ev("pointerdown", x, y); ev("pointermove", x + dx, y + dy); ev("pointerup", x + dx, y + dy);
    } else if (verb === "wheel") canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: +arg, bubbles: true, cancelable: true }));
    else if (verb === "key") (document.activeElement || document.body).dispatchEvent(new KeyboardEvent("keydown", { key: arg, bubbles: true, cancelable: true }));
    else if (verb === "losecontext") gl.getExtension("WEBGL_lose_context").loseContext();
    else throw new Error(`unknown test action ${verb}`);
  }
  function runScript(actions) {
    for (const action of actions) {
      const [verb, ...rest] = action.split(":");
      if (verb === "wait") for (let t = 0; t < +rest[0]; t += 16) runFrames();
      else act(verb, rest.join(":"));
    }
  }
  loadSolution(0);
  resetView();
  if (script) runScript(decodeURIComponent(script[1]).split(";").filter(Boolean));
  // Draw at once when the script has run (not at the next frame), so a
  // screenshot taken then shows the final picture, and say so; frames
  // still due (an animation left playing) then come every 16 ms.
  state.ready = true;
  render();
  if (script) setInterval(() => frames.length && runFrames(), 16);
})();
