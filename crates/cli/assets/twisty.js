// polycover's twisty page: a twisty puzzle drawn from its geometry with
// WebGL 1, twisted by dragging, by keys and by notation, scrambled, undone
// and redone here, and solved by the program that serves the page
// (POST api/solve). Written for polycover (no library); the helpers are in
// gl.js, which comes first. The data format is in docs/twisty-play.md.
//
// The model: `at[p]` is the sticker now at position p (a position is where
// a sticker of the solved puzzle lies; sticker numbers are the solved
// positions), as in the Rust State. A move's `perm[i]` is where the
// sticker at position i goes. Each position is drawn as its polygon in
// the colour of the face its sticker came from; a turn under way draws
// the positions it turns rotated about its axis.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("polycover-data").textContent);
  const $ = (id) => document.getElementById(id);
  const script = /[#&]test=([^&]*)/.exec(location.hash);
  // Headless browsers with a virtual clock (the tests) run timers but no
  // animation frames: frames then come from a timer.
  const nextFrame = script ? (f) => setTimeout(() => f(performance.now()), 16) : (f) => requestAnimationFrame(f);
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.substr(i, 2), 16) / 255);
  const N = DATA.stickers.length;
  const MOVES = DATA.moves;
  const points = (flat) => Array.from({ length: flat.length / 3 }, (_, i) => [flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]]);
  const mean = (ps) => v3.scale(ps.reduce((s, q) => v3.add(s, q), [0, 0, 0]), 1 / ps.length);
  const POLY = DATA.stickers.map((s) => points(s.polygon));
  const CENTRE = POLY.map(mean);
  const NORMAL = DATA.stickers.map((s) => DATA.faces[s.face].normal);
  const FACE = DATA.stickers.map((s) => s.face);
  const COLOUR = DATA.faces.map((f) => rgb(f.colour));
  const TURNING = MOVES.map((m) => new Set(m.turning));
  const RADIUS = Math.max(...DATA.faces.flatMap((f) => points(f.polygon).map((q) => Math.hypot(...q))));
  const FOV = (35 * Math.PI) / 180;

  // ---- The puzzle's state, the history and the turns under way ----
  let at = Array.from({ length: N }, (_, i) => i);
  // history[0 .. done) is applied; the rest can be redone. An entry is
  // {turns: [[move, amount], ...], label}.
  let history = [], done = 0;
  let queue = [], anim = null, busy = false, solving = null, keyed = null;
  let turnMs = null;
  // Counts the changes of the state, so that a solution that comes back
  // after the puzzle was turned is not applied to the wrong state.
  let version = 0;
  let rand = Math.random;
  const view = { az: 35, el: 28, dist: 1 };
  // `ready` once the first picture is drawn (the body says so then);
  // `alive` until WebGL is found missing, is lost or cannot draw.
  let ready = false, alive = true;
  // The pointers down on the canvas (a drag, or two for a pinch).
  const pointers = new Map();

  function turn(mv, amount) {
    const perm = MOVES[mv].perm;
    for (let k = 0; k < amount; k++) {
      const next = new Array(N);
      for (let i = 0; i < N; i++) next[perm[i]] = at[i];
      at = next;
    }
  }
  const solved = () => at.every((s, p) => FACE[s] === FACE[p]);
  // A turn in the notation, as the program writes it (R, R', R2, R2').
  function label([mv, a]) {
    const m = MOVES[mv], k = m.order;
    if (a === 1) return m.name;
    if (a === k - 1) return `${m.name}'`;
    return 2 * a <= k ? `${m.name}${a}` : `${m.name}${k - a}'`;
  }
  const inverse = (turns) => turns.slice().reverse().map(([mv, a]) => [mv, MOVES[mv].order - a]);

  // Turns to show: each animated over `ms` (0: at once).
  function enqueue(turns, ms) {
    if (turns.length) version++;
    for (const t of turns) queue.push({ mv: t[0], amount: t[1], ms });
    if (!anim) advance(performance.now());
  }
  function advance(now) {
    if (!alive) return;
    if (anim) {
      const f = anim.ms ? (now - anim.start) / anim.ms : 1;
      if (f < 1) { render(f); nextFrame(advance); return; }
      turn(anim.mv, anim.amount);
      anim = null;
    }
    while (queue.length && queue[0].ms === 0) {
      const t = queue.shift();
      turn(t.mv, t.amount);
    }
    if (queue.length) {
      anim = Object.assign(queue.shift(), { start: now });
      rebuild(TURNING[anim.mv]);
      render(0);
      nextFrame(advance);
      return;
    }
    rebuild(null);
    finished();
  }
  // Every queued turn at once (before an action that needs the state).
  function flush() {
    if (anim) { turn(anim.mv, anim.amount); anim = null; }
    for (const t of queue) turn(t.mv, t.amount);
    queue = [];
    rebuild(null);
  }
  function finished() {
    if (solving !== null) {
      const n = solving;
      solving = null;
      if (solved()) say(`Solved in ${n} move${n === 1 ? "" : "s"}.`);
      else say("The solution did not solve the puzzle.", true);
    } else if (!statusHeld) say(solved() ? "Solved." : "Not solved.");
    statusHeld = false;
    updateUi();
  }
  let statusHeld = false;
  function say(text, error) {
    $("status").textContent = text;
    $("status").className = error ? "error" : "";
  }
  // Say something that stays after the turns now queued.
  const hold = (text, error) => { say(text, error); statusHeld = true; };

  // A new entry of the history, shown turn by turn.
  function play(turns, text, ms) {
    history.length = done;
    history.push({ turns, label: text || turns.map(label).join(" ") });
    done++;
    keyed = null;
    enqueue(turns, ms === undefined ? duration(turns.length) : ms);
    updateUi();
  }
  const duration = (n) => (turnMs !== null ? turnMs : n > 3 ? 0 : 220);

  function scramble() {
    flush();
    const turns = [];
    while (turns.length < DATA.scramble_length) {
      const mv = Math.floor(rand() * MOVES.length), a = 1 + Math.floor(rand() * (MOVES[mv].order - 1));
      // No two turns of the same move in a row.
      if (turns.length && turns[turns.length - 1][0] === mv) continue;
      turns.push([mv, a]);
    }
    play(turns, `scramble: ${turns.map(label).join(" ")}`, 0);
  }
  function undo() {
    flush();
    if (done === 0) return;
    const e = history[--done];
    keyed = null;
    enqueue(inverse(e.turns), duration(e.turns.length));
    updateUi();
  }
  function redo() {
    flush();
    if (done >= history.length) return;
    const e = history[done++];
    keyed = null;
    enqueue(e.turns, duration(e.turns.length));
    updateUi();
  }
  function reset() {
    flush();
    at = Array.from({ length: N }, (_, i) => i);
    version++;
    history = [];
    done = 0;
    keyed = null;
    rebuild(null);
    finished();
  }

  // The state in the JSON form of docs/twisty.md: each face's positions, in
  // sticker order, by the name of the face whose colour they show.
  function stateJson() {
    const faces = {};
    DATA.faces.forEach((f) => { faces[f.name] = []; });
    for (let p = 0; p < N; p++) faces[DATA.faces[FACE[p]].name].push(DATA.faces[FACE[at[p]]].name);
    return { puzzle: DATA.puzzle, faces };
  }
  function solve() {
    flush();
    if (busy) return;
    if (!DATA.server) {
      hold(`Solving needs the program: run "polycover twisty play ${DATA.puzzle}", which serves this page with its solver.`, true);
      updateUi();
      return;
    }
    if (solved()) { say("Solved already."); return; }
    busy = true;
    const asked = version;
    say("Solving…");
    updateUi();
    fetch("api/solve", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(stateJson()) })
      .then((r) => r.json().then((j) => ({ ok: r.ok, j })))
      .then(({ ok, j }) => {
        busy = false;
        if (!alive) return;
        if (!ok) { say(j.error || "the server refused the state", true); updateUi(); return; }
        if (version !== asked) { say("The puzzle was turned while the solver worked: press Solve again."); updateUi(); return; }
        hold(`Solution: ${j.length} moves: ${j.moves}`);
        solving = j.turns.length;
        const ms = turnMs !== null ? turnMs : Math.max(60, Math.min(300, 12000 / Math.max(1, j.turns.length)));
        history.length = done;
        for (const t of j.turns) history.push({ turns: [t], label: label(t) });
        done = history.length;
        keyed = null;
        enqueue(j.turns, ms);
        if (!j.turns.length) finished();
      })
      .catch((e) => { busy = false; if (alive) say(`The server did not answer: ${e.message}`, true); updateUi(); });
  }

  // Moves in the notation: each token is a name of DATA.names (a move, or
  // layers counted from an axis end) with an optional power and prime.
  function parse(text) {
    const turns = [];
    for (const tok of text.split(/[\s,]+/).filter(Boolean)) {
      const m = /^(\d*(?:-\d+)?[A-Za-z][A-Za-z_-]*)(\d*)(')?$/.exec(tok);
      const base = m && DATA.names[m[1]];
      if (!base) throw new Error(`${tok}: not a move of ${DATA.puzzle} (its moves: ${MOVES.map((x) => x.name).join(" ")})`);
      const k = MOVES[base[0]].order, power = (m[2] ? +m[2] : 1) * (m[3] ? -1 : 1);
      const a = ((((base[1] * power) % k) + k) % k);
      if (a) turns.push([base[0], a]);
    }
    return turns;
  }
  function typed(text) {
    flush();
    try {
      const turns = parse(text);
      if (turns.length) play(turns, null, turnMs !== null ? turnMs : turns.length > 8 ? 80 : 220);
    } catch (e) {
      say(e.message, true);
    }
  }

  // ---- WebGL ----
  const canvas = $("view");
  const gl = canvas.getContext("webgl", { antialias: true, preserveDrawingBuffer: true });
  $("puzzle-name").textContent = DATA.puzzle;
  $("moves-note").textContent = `Moves: ${MOVES.map((m) => m.name).join(" ")}`;
  // Without WebGL (or when it fails) the page says why, and disables its
  // controls, which could do nothing; turns under way end at once (the
  // status and the state then say where the puzzle is).
  function dead(why) {
    alive = false;
    ready = false;
    if (anim) turn(anim.mv, anim.amount);
    for (const t of queue) turn(t.mv, t.amount);
    anim = null;
    queue = [];
    finished();
    pointers.clear();
    $("message").textContent = why;
    disableControls($("panel"), canvas);
    publish();
    document.body.dataset.state = "no-webgl";
    document.title = "polycover: no WebGL";
  }
  if (!gl) {
    dead("This page needs WebGL, which this browser does not offer.");
    return;
  }
  canvas.addEventListener("webglcontextlost", () => dead("WebGL stopped (the graphics context was lost): reload the page."));
  const VS = `attribute vec3 aPos; attribute vec3 aNormal; attribute vec3 aColor;
uniform mat4 uModel, uView, uProj;
varying vec3 vNormal; varying vec3 vColor;
void main() {
  vNormal = mat3(uView) * mat3(uModel) * aNormal;
  vColor = aColor;
  gl_Position = uProj * uView * uModel * vec4(aPos, 1.0);
}`;
  // Lambert shading with a light fixed to the camera: faces turned to the
  // viewer show their colour times 0.62 to 1.
  const FS = `precision mediump float;
varying vec3 vNormal; varying vec3 vColor;
void main() {
  float d = max(dot(normalize(vNormal), normalize(vec3(-0.3, 0.4, 0.87))), 0.0);
  gl_FragColor = vec4(vColor * (0.62 + 0.38 * d), 1.0);
}`;
  const attributes = ["aPos", "aNormal", "aColor"];
  const loc = useProgram(gl, VS, FS, { attributes, uniforms: ["uModel", "uView", "uProj"] }, dead);
  if (!loc) return;
  for (const n of attributes) gl.enableVertexAttribArray(loc[n]);
  const still = { b: gl.createBuffer(), n: 0 }, moving = { b: gl.createBuffer(), n: 0 };
  const BODY = [0.07, 0.07, 0.08];
  // A convex polygon as a triangle fan, pushed outward by `lift` and
  // shrunk towards its centre by `shrink`.
  function fan(out, poly, n, colour, shrink, lift) {
    const ctr = mean(poly), q = poly.map((x) => v3.add(v3.add(ctr, v3.scale(v3.sub(x, ctr), shrink)), v3.scale(n, lift)));
    for (let k = 1; k + 1 < q.length; k++) for (const x of [q[0], q[k], q[k + 1]]) out.push(...x, ...n, ...colour);
  }
  // The black body (the solid's faces) and the stickers; those at the
  // positions in `turning` go to the moving buffer.
  function rebuild(turning) {
    const a = [], b = [];
    for (const f of DATA.faces) fan(a, points(f.polygon), f.normal, BODY, 1, 0);
    for (let p = 0; p < N; p++) fan(turning && turning.has(p) ? b : a, POLY[p], NORMAL[p], COLOUR[FACE[at[p]]], 0.9, 0.004);
    for (const [buf, data] of [[still, a], [moving, b]]) {
      gl.bindBuffer(gl.ARRAY_BUFFER, buf.b);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(data), gl.DYNAMIC_DRAW);
      buf.n = data.length / 9;
    }
  }
  function drawBuffer(buf, model) {
    if (!buf.n) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, buf.b);
    gl.vertexAttribPointer(loc.aPos, 3, gl.FLOAT, false, 36, 0);
    gl.vertexAttribPointer(loc.aNormal, 3, gl.FLOAT, false, 36, 12);
    gl.vertexAttribPointer(loc.aColor, 3, gl.FLOAT, false, 36, 24);
    gl.uniformMatrix4fv(loc.uModel, false, model);
    gl.drawArrays(gl.TRIANGLES, 0, buf.n);
  }
  const IDENTITY = m4.rotation([0, 0, 1], 0);
  function eye() {
    const az = (view.az * Math.PI) / 180, el = (view.el * Math.PI) / 180;
    return [view.dist * Math.cos(el) * Math.sin(az), view.dist * Math.sin(el), view.dist * Math.cos(el) * Math.cos(az)];
  }
  function cameras() {
    const w = canvas.clientWidth || 1, h = canvas.clientHeight || 1;
    return { w, h, view: m4.lookAt(eye(), [0, 0, 0], [0, 1, 0]), proj: m4.perspective(FOV, w / h, view.dist * 0.1, view.dist * 3) };
  }
  // Draws the puzzle, the turn under way at fraction `f`.
  function render(f) {
    const dpr = window.devicePixelRatio || 1, cam = cameras();
    const W = Math.round(cam.w * dpr), H = Math.round(cam.h * dpr);
    if (canvas.width !== W || canvas.height !== H) { canvas.width = W; canvas.height = H; }
    gl.viewport(0, 0, W, H);
    gl.clearColor(0x3a / 255, 0x40 / 255, 0x48 / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.uniformMatrix4fv(loc.uView, false, cam.view);
    gl.uniformMatrix4fv(loc.uProj, false, cam.proj);
    drawBuffer(still, IDENTITY);
    if (anim) {
      const m = MOVES[anim.mv];
      // One turn is clockwise seen from the axis's end.
      drawBuffer(moving, m4.rotation(m.axis, (-2 * Math.PI * anim.amount * (f || 0)) / m.order));
    }
  }
  const redraw = () => { if (alive && !anim) render(0); publish(); };

  // ---- Picking and dragging ----
  // The screen point (CSS pixels) of a 3D point.
  function screen(p, cam) {
    const c = m4.mul(cam.proj, m4.mul(cam.view, new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, p[0], p[1], p[2], 1])));
    return [((c[12] / c[15] + 1) / 2) * cam.w, ((1 - c[13] / c[15]) / 2) * cam.h];
  }
  // The position under a screen point, and where its plane is hit.
  function pick(x, y) {
    const cam = cameras(), e = eye(), v = cam.view;
    const right = [v[0], v[4], v[8]], up = [v[1], v[5], v[9]], back = [v[2], v[6], v[10]];
    const t = Math.tan(FOV / 2), nx = (2 * x) / cam.w - 1, ny = 1 - (2 * y) / cam.h;
    const dir = v3.norm(v3.add(v3.scale(back, -1), v3.add(v3.scale(right, nx * t * (cam.w / cam.h)), v3.scale(up, ny * t))));
    let best = null;
    for (let p = 0; p < N; p++) {
      const n = NORMAL[p], d = v3.dot(n, dir);
      if (d >= -1e-9) continue;
      const s = v3.dot(n, v3.sub(CENTRE[p], e)) / d;
      if (best && s >= best.s) continue;
      const hit = v3.add(e, v3.scale(dir, s)), poly = POLY[p];
      const inside = poly.every((a, i) => v3.dot(v3.cross(v3.sub(poly[(i + 1) % poly.length], a), v3.sub(hit, a)), n) >= -1e-9);
      if (inside) best = { p, s, hit };
    }
    return best;
  }
  // The turn a drag by (dx, dy) from a hit on position p means: of the
  // moves turning p, the one that moves the hit point most nearly along
  // the drag (moves whose axis is the sticker's normal last: a drag
  // across a face turns the layer it runs along).
  function dragTurn(hit, dx, dy) {
    const cam = cameras(), s0 = screen(hit.hit, cam), len = Math.hypot(dx, dy);
    let best = null;
    MOVES.forEach((m, mv) => {
      if (!TURNING[mv].has(hit.p)) return;
      const v = v3.cross(v3.scale(m.axis, -1), hit.hit), s1 = screen(v3.add(hit.hit, v3.scale(v, 0.05)), cam);
      const sx = s1[0] - s0[0], sy = s1[1] - s0[1], sl = Math.hypot(sx, sy);
      if (sl < 1e-6) return;
      const cos = (dx * sx + dy * sy) / (len * sl);
      const score = Math.abs(cos) * (Math.abs(v3.dot(m.axis, NORMAL[hit.p])) > 0.99 ? 0.85 : 1) * (1 - 0.02 * m.slices);
      if (!best || score > best.score) best = { score, cos, mv };
    });
    if (!best || Math.abs(best.cos) < 0.5) return null;
    return [best.mv, best.cos > 0 ? 1 : MOVES[best.mv].order - 1];
  }
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("pointerdown", (e) => {
    if (!alive) return;
    try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer */ }
    const r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
    const hit = pointers.size === 0 && e.button === 0 ? pick(x, y) : null;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY, hit, used: false });
  });
  canvas.addEventListener("pointermove", (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()], before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0 && after > 0) zoom(before / after);
    } else if (p.hit) {
      const tx = e.clientX - p.x0, ty = e.clientY - p.y0;
      if (!p.used && Math.hypot(tx, ty) >= 12) {
        p.used = true;
        const t = dragTurn(p.hit, tx, ty);
        if (t) { flush(); play([t]); } else say("Drag along a layer to turn it.");
      }
    } else {
      view.az -= dx * 0.4;
      view.el = Math.max(-89, Math.min(89, view.el + dy * 0.4));
    }
    p.x = e.clientX; p.y = e.clientY;
    redraw();
  });
  const up = (e) => pointers.delete(e.pointerId);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  function zoom(f) { view.dist = Math.max(RADIUS * 1.2, Math.min(RADIUS * 30, view.dist * f)); }
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); if (alive) { zoom(Math.exp(e.deltaY * 0.001)); redraw(); } }, { passive: false });
  window.addEventListener("resize", redraw);
  // The first view: from above the F face, towards R (U up), where the
  // solid has such faces; else between the two faces nearest the front.
  function resetView() {
    const n = (name) => (DATA.faces.find((f) => f.name === name) || {}).normal;
    const [u, f, r] = ["U", "F", "R"].map(n), front = v3.norm([0.3, 0.5, 1]);
    const near = DATA.faces.map((x) => x.normal).sort((a, b) => v3.dot(b, front) - v3.dot(a, front));
    const d = v3.norm(u && f && r ? v3.add(v3.scale(u, 0.5), v3.add(f, v3.scale(r, 0.6))) : v3.add(near[0], near[1]));
    view.az = (Math.atan2(d[0], d[2]) * 180) / Math.PI;
    view.el = (Math.asin(d[1]) * 180) / Math.PI;
    view.dist = (RADIUS / Math.sin(FOV / 2)) * 1.25;
  }

  // ---- Keys: a move's name turns it; ' and 2 right after change it.
  // They work wherever the focus is (a button just clicked), except in a
  // field that takes text (the moves box, whose Ctrl+Z is its own); of
  // the shortcuts with Ctrl, Alt or Meta, the page takes Ctrl+Z, Ctrl+Y
  // and Ctrl+Shift+Z (undo, redo) and leaves the rest to the browser. ----
  window.addEventListener("keydown", (e) => {
    if (takesText(e.target) || !alive || gl.isContextLost()) return;
    const k = e.key;
    if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) { (e.shiftKey ? redo : undo)(); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && (k === "y" || k === "Y")) { redo(); e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // A lower-case letter means its capital when no move has its name.
    const name = DATA.names[k] || (k.length === 1 ? DATA.names[k.toUpperCase()] : null);
    if (name) {
      play([[name[0], name[1]]]);
      keyed = { entry: done - 1, base: name };
      e.preventDefault();
    } else if ((k === "'" || k === "2") && keyed && keyed.entry === done - 1) {
      // R then ' is R'; R then 2 is R2: the extra turn is animated, the
      // history keeps one turn.
      const [mv, a] = history[keyed.entry].turns[0], order = MOVES[mv].order;
      const want = ((((k === "'" ? -1 : 2) * keyed.base[1]) % order) + order) % order;
      const extra = (want - a + order) % order;
      if (want === 0) history.length = done = keyed.entry;
      else history[keyed.entry] = { turns: [[mv, want]], label: label([mv, want]) };
      keyed = null;
      if (extra) enqueue([[mv, extra]], duration(1));
      updateUi();
      e.preventDefault();
    }
  });

  // ---- The panel ----
  function updateUi() {
    if (!alive) return;
    $("undo").disabled = done === 0;
    $("redo").disabled = done >= history.length;
    $("solve").disabled = busy;
    const h = $("history");
    h.textContent = "";
    history.forEach((e, i) => {
      const s = document.createElement("span");
      s.textContent = e.label + " ";
      if (i >= done) s.className = "undone";
      h.append(s);
    });
    redraw();
  }
  function publish() {
    const s = {
      puzzle: DATA.puzzle, solved: solved(), colours: at.map((x) => FACE[x]),
      history: history.slice(0, done).map((e) => e.label), undone: history.length - done,
      queued: queue.length + (anim ? 1 : 0), busy, status: $("status").textContent,
      view: { az: view.az, el: view.el }, webgl: alive,
    };
    $("state").textContent = JSON.stringify(s);
    if (ready) document.body.dataset.state = "ready";
  }
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  on("scramble", "click", scramble);
  on("solve", "click", solve);
  on("reset", "click", reset);
  on("undo", "click", undo);
  on("redo", "click", redo);
  on("reset-view", "click", () => { resetView(); redraw(); });
  on("notation-form", "submit", (e) => { e.preventDefault(); typed($("notation").value); });

  // ---- Start, then the test script of the URL's fragment, if any:
  // #test=anim:0;seed:7;click:scramble;moves:R U;key:R;dragsticker:12:0:-60
  // acts as a person would: a control focused and clicked, a key pressed
  // where the focus is (`key:Ctrl+z` with Ctrl held), moves typed into the
  // moves box and sent with Enter (the box keeps the focus), a sticker
  // dragged; `anim:MS` sets every turn's duration, `seed:N` makes
  // scrambles repeatable, and `losecontext` loses WebGL, as when the
  // graphics driver resets. ----
  resetView();
  rebuild(null);
  finished();
  if (script) {
    for (const action of decodeURIComponent(script[1]).split(";").filter(Boolean)) {
      const [verb, ...rest] = action.split(":");
      const arg = rest.join(":");
      const nums = () => arg.split(":").map(Number);
      const pointer = (type, x, y) => {
        const r = canvas.getBoundingClientRect();
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: r.left + x, clientY: r.top + y, button: 0, bubbles: true }));
      };
      const drag = (x, y, dx, dy) => { pointer("pointerdown", x, y); pointer("pointermove", x + dx / 2, y + dy / 2); pointer("pointermove", x + dx, y + dy); pointer("pointerup", x + dx, y + dy); };
      if (verb === "click") { $(arg).focus(); $(arg).click(); }
      else if (verb === "key") {
        const mods = {}, m = /^((?:(?:Ctrl|Alt|Meta|Shift)\+)*)(.+)$/.exec(arg);
        for (const mod of m[1].split("+").filter(Boolean)) mods[`${mod.toLowerCase()}Key`] = true;
        (document.activeElement || document.body).dispatchEvent(new KeyboardEvent("keydown", { key: m[2], bubbles: true, cancelable: true, ...mods }));
      } else if (verb === "moves") { $("notation").focus(); $("notation").value = arg; $("notation-form").requestSubmit(); }
      else if (verb === "losecontext") gl.getExtension("WEBGL_lose_context").loseContext();
      else if (verb === "anim") turnMs = +arg;
      else if (verb === "seed") {
        let x = +arg >>> 0 || 1;
        rand = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
      } else if (verb === "drag") { const [dx, dy] = nums(); drag(10, 10, dx, dy); }
      else if (verb === "dragsticker") {
        const [p, dx, dy] = nums(), s = screen(CENTRE[p], cameras());
        drag(s[0], s[1], dx, dy);
      } else if (verb === "wheel") canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: +arg, bubbles: true, cancelable: true }));
      else throw new Error(`unknown test action ${verb}`);
    }
  }
  ready = alive;
  updateUi();
})();
