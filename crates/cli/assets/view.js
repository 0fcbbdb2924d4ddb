// polycover's 3D page: solutions of a polyform puzzle drawn with WebGL 1.
// Written for polycover (no library): a few matrix helpers, one shader,
// meshes built once per piece, and each placement drawn as its piece's
// mesh turned and moved. The data format is in docs/viewer.md. The
// vector, matrix and shader helpers are in gl.js, which comes first.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("polycover-data").textContent);
  const $ = (id) => document.getElementById(id);

  const apply3 = (r, p) => [r[0] * p[0] + r[1] * p[1] + r[2] * p[2], r[3] * p[0] + r[4] * p[1] + r[5] * p[2], r[6] * p[0] + r[7] * p[1] + r[8] * p[2]];
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.substr(i, 2), 16) / 255);
  // The outline of a piece, as the SVG pictures draw it.
  const outline = (c) => (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] < 0.25 ? [17 / 255, 17 / 255, 17 / 255] : v3.scale(c, 0.45));

  // ---- WebGL ----
  const canvas = $("view");
  const gl = canvas.getContext("webgl", { antialias: true, preserveDrawingBuffer: true });
  const state = {
    solution: 0, shown: 0, explode: 0, order: "solver", hidden: new Set(), move: 0,
    az: 0, el: 0, dist: 10, target: [0, 0, 0], ready: false,
  };
  $("puzzle-name").textContent = DATA.puzzle;
  if (!gl) {
    $("message").textContent = "This page needs WebGL, which this browser does not offer.";
    document.body.dataset.state = "no-webgl";
    document.title = "polycover: no WebGL";
    return;
  }
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
  const prog = glProgram(gl, VS, FS);
  gl.useProgram(prog);
  const loc = {};
  for (const n of ["aPos", "aNormal"]) loc[n] = gl.getAttribLocation(prog, n);
  for (const n of ["uModel", "uView", "uProj", "uColor", "uLit"]) loc[n] = gl.getUniformLocation(prog, n);

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
  let sceneCentre = [0, 0, 0], sceneRadius = 1;
  function loadSolution(i) {
    state.solution = i;
    const sol = DATA.solutions[i] || [];
    placements = sol.map(([piece, rot, x, y, z, color], index) => {
      const r = DATA.rotations[rot], t = apply3(frame, [x, y, z]), p = PIECES[piece];
      const c = rgb(DATA.palette[color]);
      const world = p.pts.map((q) => v3.add(apply3(r, q), t));
      return {
        index, piece, model: m4.affine(r, t), color: c, line: outline(c),
        centre: v3.add(apply3(r, p.centre), t), low: Math.min(...world.map((q) => q[2])), fixed: index < DATA.fixed,
      };
    });
    // The view frames the solution, and where a disassembly takes its
    // pieces.
    const moves = (DATA.disassembly && DATA.disassembly[i]) || null;
    const last = moves ? moveOffsets(moves.moves.length) : placements.map(() => [0, 0, 0]);
    const all = placements.flatMap((p) => PIECES[p.piece].pts.flatMap((q) => {
      const w = v3.add(apply3(DATA.rotations[sol[p.index][1]], q), apply3(frame, sol[p.index].slice(2, 5)));
      return [w, v3.add(w, last[p.index])];
    }));
    const lo = [0, 1, 2].map((k) => Math.min(...all.map((q) => q[k]))), hi = [0, 1, 2].map((k) => Math.max(...all.map((q) => q[k])));
    sceneCentre = all.length ? v3.scale(v3.add(lo, hi), 0.5) : [0, 0, 0];
    sceneRadius = all.length ? Math.max(0.5 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), 1) + 0.7 : 1;
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

  // Disassembly moves of the current solution (docs/viewer.md): the offset
  // of each placement after `t` moves (fractional t: the move under way).
  function moveOffsets(t) {
    const off = placements.map(() => [0, 0, 0]);
    const moves = (DATA.disassembly && DATA.disassembly[state.solution]) || null;
    if (!moves) return off;
    for (let i = 0; i < moves.moves.length && i < t; i++) {
      const m = moves.moves[i], f = Math.min(1, t - i), d = v3.scale(apply3(frame, m.by), f);
      for (const p of m.pieces) off[p] = v3.add(off[p], d);
    }
    return off;
  }

  // ---- Camera ----
  function resetView() {
    const flat = DATA.dimension === 2;
    state.az = flat ? -90 : -45;
    state.el = flat ? 72 : 32;
    state.target = sceneCentre.slice();
    state.dist = (sceneRadius / Math.sin((35 * Math.PI) / 360)) * 1.05;
  }
  // The camera backs off as the pieces fly apart, so they stay in view.
  const distance = () => state.dist * (1 + 1.2 * state.explode);
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
    const far = distance() + sceneRadius * 4 + 10, near = 0.15 * distance();
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
      gl.polygonOffset(1, 1);
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
    requestAnimationFrame(() => { pending = false; render(); });
  }

  // ---- The panel ----
  const fmt = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  function updateUi() {
    const n = DATA.solutions.length, c = DATA.count || {};
    $("puzzle-name").textContent = DATA.puzzle;
    $("solution-label").textContent = n ? `solution ${state.solution + 1} of ${n}` : "no solution";
    let note = c.distinct ? "one solution per class of symmetric ones" : "";
    if (c.complete) note = `${fmt(n)} ${c.distinct ? "distinct solutions" : "solutions"} in all` + (note ? ` (${note})` : "");
    else if (n) note = `the first ${fmt(n)}` + (c.expected ? ` of ${fmt(c.expected)} ${c.distinct ? "distinct " : ""}solutions (the file's expected count)` : " found") + (note && !c.expected ? ` (${note})` : "");
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
    const moves = (DATA.disassembly && DATA.disassembly[state.solution]) || null;
    $("moves-box").hidden = !moves;
    if (moves) {
      $("moves").max = moves.moves.length;
      $("moves").step = 0.01;
      $("moves").value = state.move;
      $("moves-label").textContent = `move ${Math.ceil(state.move - 1e-9)} of ${moves.moves.length}` + (moves.level ? `, level ${moves.level}` : "");
    }
    redraw();
  }
  function publishState() {
    const s = {
      solution: state.solution + 1, solutions: DATA.solutions.length, shown: state.shown, pieces: placements.length,
      explode: state.explode, order: state.order, hidden: [...state.hidden].sort((a, b) => a - b), move: state.move,
      visible: order.slice(0, state.shown).filter((i) => !state.hidden.has(i)),
      view: { az: state.az, el: state.el, dist: +state.dist.toFixed(3) },
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
  on("moves", "input", (e) => { state.move = +e.target.value; updateUi(); });
  let playing = null;
  on("play-moves", "click", () => {
    const moves = DATA.disassembly && DATA.disassembly[state.solution];
    if (!moves || playing) return;
    if (state.move >= moves.moves.length) state.move = 0;
    let last = performance.now();
    const tick = (now) => {
      state.move = Math.min(moves.moves.length, state.move + (now - last) / 700);
      last = now;
      updateUi();
      playing = state.move < moves.moves.length ? requestAnimationFrame(tick) : null;
    };
    playing = requestAnimationFrame(tick);
  });
  window.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const k = { ArrowLeft: () => step(state.shown - 1), ArrowRight: () => step(state.shown + 1), PageUp: () => goSolution(state.solution - 1),
      PageDown: () => goSolution(state.solution + 1), r: () => { resetView(); redraw(); }, R: () => { resetView(); redraw(); } }[e.key];
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
  // person would (buttons clicked, sliders moved, the canvas dragged). ----
  loadSolution(0);
  resetView();
  const script = /[#&]test=([^&]*)/.exec(location.hash);
  if (script) {
    for (const action of decodeURIComponent(script[1]).split(";").filter(Boolean)) {
      const [verb, ...rest] = action.split(":");
      const arg = rest.join(":");
      if (verb === "click") $(arg).click();
      else if (verb === "set") {
        const [id, value] = arg.split("=");
        const el = $(id);
        if (el.type === "checkbox") el.checked = value === "1" || value === "true";
        else el.value = value;
        el.dispatchEvent(new Event(el.type === "checkbox" || el.tagName === "SELECT" ? "change" : "input"));
      } else if (verb === "drag") {
        const [dx, dy] = arg.split(":").map(Number), r = canvas.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const ev = (type, px, py) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: px, clientY: py, button: 0, bubbles: true }));
        ev("pointerdown", x, y); ev("pointermove", x + dx, y + dy); ev("pointerup", x + dx, y + dy);
      } else if (verb === "wheel") canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: +arg, bubbles: true, cancelable: true }));
      else if (verb === "key") window.dispatchEvent(new KeyboardEvent("keydown", { key: arg }));
      else throw new Error(`unknown test action ${verb}`);
    }
  }
  // Draw now (not at the next frame), so a screenshot taken when the page
  // has loaded shows the final picture, and say so.
  state.ready = true;
  render();
})();
