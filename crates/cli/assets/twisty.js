// polycover's twisty page: a twisty puzzle drawn from its geometry with
// WebGL 1, twisted by dragging, by keys and by notation, and shown on a
// timeline (a setup, then moves to step through, scrub or play); scrambles,
// solutions and every sequence typed or found in the address come from the
// program that serves the page (api/scramble, api/solve, api/parse: one
// parser, the program's). Written for polycover (no library); the helpers
// are in gl.js, which comes first. The data format is in docs/twisty-play.md.
//
// The model: `at[p]` is the sticker now at position p (a position is where
// a sticker of the solved puzzle lies; sticker numbers are the solved
// positions), as in the Rust State. A step's `perm[i]` is where the
// sticker at position i goes. Each position is drawn as its polygon in
// the colour of the face its sticker came from; a step under way draws
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
  const SOLVED = () => Array.from({ length: N }, (_, i) => i);
  // Milliseconds per move of the timeline's speeds.
  const SPEEDS = { slow: 700, normal: 350, fast: 150, fastest: 50 };

  // ---- The puzzle's state, the timeline and the steps under way ----
  // A step: {text, perm, turning (a Set of positions), axis, amount, order,
  // move ([move, amount] of the move set, or null)}.
  let at = SOLVED();
  // The timeline: the puzzle is `setup` applied to the solved puzzle, then
  // alg[0 .. pos). Moves made by hand replace alg[pos ..].
  let setup = [], alg = [], pos = 0;
  // Steps being shown: {step, dir (1 forward, -1 back), ms}.
  let queue = [], anim = null, busy = false, solving = null, keyed = null, playing = false;
  let turnMs = null;
  // Counts the changes of the state, so that a solution that comes back
  // after the puzzle was turned is not applied to the wrong state.
  let version = 0;
  let seed = null, offline = 0;
  const view = { az: 35, el: 28, dist: 1 };
  // `ready` once the first picture is drawn (the body says so then);
  // `alive` until WebGL is found missing, is lost or cannot draw.
  let ready = false, alive = true;
  // The pointers down on the canvas (a drag, or two for a pinch).
  const pointers = new Map();

  // A turn of the move set as a step.
  function moveStep([mv, a]) {
    const m = MOVES[mv];
    let perm = SOLVED();
    for (let k = 0; k < a; k++) perm = perm.map((p) => m.perm[p]);
    return { text: label([mv, a]), perm, turning: TURNING[mv], axis: m.axis, amount: a, order: m.order, move: [mv, a] };
  }
  // A step as the server sends it (twisty_play_api.rs).
  const fromServer = (s) => ({ text: s.text, perm: s.perm, turning: new Set(s.turning), axis: s.axis, amount: s.amount, order: s.order, move: s.move });
  // Applies a step forward (dir 1) or back (-1).
  function apply(step, dir) {
    const next = new Array(N), perm = step.perm;
    if (dir > 0) for (let i = 0; i < N; i++) next[perm[i]] = at[i];
    else for (let i = 0; i < N; i++) next[i] = at[perm[i]];
    at = next;
  }
  const solved = () => at.every((s, p) => FACE[s] === FACE[p]);
  // A turn in the notation, as the program writes it (R, R', R2, R2').
  function label([mv, a]) {
    const m = MOVES[mv], k = m.order;
    if (a === 1) return m.name;
    if (a === k - 1) return `${m.name}'`;
    return 2 * a <= k ? `${m.name}${a}` : `${m.name}${k - a}'`;
  }
  const text = (steps) => steps.map((s) => s.text).join(" ");

  // Steps to show: each animated over `ms` (0: at once).
  function enqueue(steps, dir, ms) {
    if (steps.length) version++;
    for (const step of steps) queue.push({ step, dir, ms });
    if (!anim) advance(performance.now());
  }
  function advance(now) {
    if (!alive) return;
    if (anim) {
      const f = anim.ms ? (now - anim.start) / anim.ms : 1;
      if (f < 1) { render(f); nextFrame(advance); return; }
      apply(anim.step, anim.dir);
      anim = null;
    }
    while (queue.length && queue[0].ms === 0) {
      const t = queue.shift();
      apply(t.step, t.dir);
    }
    if (queue.length) {
      anim = Object.assign(queue.shift(), { start: now });
      rebuild(anim.step.turning);
      render(0);
      nextFrame(advance);
      return;
    }
    rebuild(null);
    finished();
  }
  // Every queued step at once (before an action that needs the state).
  function flush() {
    if (anim) { apply(anim.step, anim.dir); anim = null; }
    for (const t of queue) apply(t.step, t.dir);
    queue = [];
    rebuild(null);
  }
  function finished() {
    if (playing && pos < alg.length) { setTimeout(playNext, 0); updateUi(); return; }
    playing = false;
    if (solving !== null && pos === alg.length) {
      const n = solving;
      solving = null;
      if (solved()) say(`Solved in ${n} move${n === 1 ? "" : "s"}.`);
      else say("The solution did not solve the puzzle.", true);
    } else if (!statusHeld) say(solved() ? "Solved." : "Not solved.");
    statusHeld = false;
    updateUi();
  }
  let statusHeld = false;
  function say(words, error) {
    $("status").textContent = words;
    $("status").className = error ? "error" : "";
  }
  // Say something that stays after the steps now queued.
  const hold = (words, error) => { say(words, error); statusHeld = true; };
  const duration = (n) => (turnMs !== null ? turnMs : n > 3 ? 0 : 220);
  const speedMs = () => (turnMs !== null ? turnMs : SPEEDS[$("speed").value] || SPEEDS.normal);

  // ---- The timeline ----
  // Moves made (a key, a drag, the moves box): they replace the moves
  // after the timeline's position, and are shown turn by turn.
  function make(steps, ms) {
    stop();
    flush();
    alg.length = pos;
    alg.push(...steps);
    pos = alg.length;
    keyed = null;
    enqueue(steps, 1, ms === undefined ? duration(steps.length) : ms);
    share();
    updateUi();
  }
  // Moves the timeline to `target`, each step shown over `ms`.
  function goTo(target, ms) {
    target = Math.max(0, Math.min(alg.length, target));
    flush();
    keyed = null;
    const from = pos;
    // The position first: the steps may all be shown at once, and the
    // end of showing them looks at it.
    pos = target;
    if (target > from) enqueue(alg.slice(from, target), 1, ms);
    else if (target < from) enqueue(alg.slice(target, from).reverse(), -1, ms);
    else updateUi();
  }
  const stop = () => { playing = false; solving = null; };
  const step = (d) => { stop(); goTo(pos + d, duration(1)); };
  const jump = (where) => { stop(); goTo(where, 0); };
  function playNext() {
    if (!playing || anim || queue.length) return;
    if (pos >= alg.length) { playing = false; updateUi(); return; }
    goTo(pos + 1, speedMs());
  }
  function togglePlay() {
    if (playing) { stop(); updateUi(); return; }
    if (!alg.length) return;
    if (pos >= alg.length) goTo(0, 0);
    playing = true;
    playNext();
  }
  // A new timeline: the puzzle at `setupSteps`, `algSteps` ready to step through.
  function begin(setupSteps, algSteps) {
    stop();
    queue = [];
    anim = null;
    at = SOLVED();
    setup = setupSteps;
    alg = algSteps;
    pos = 0;
    keyed = null;
    for (const s of setup) apply(s, 1);
    version++;
    rebuild(null);
    share();
    finished();
  }

  // ---- The address: #setup=MOVES&alg=MOVES (each URL-encoded, in the
  // notation) is the timeline, so copying the address shares it. ----
  let written = null;
  function share() {
    const parts = [];
    if (setup.length) parts.push(`setup=${encodeURIComponent(text(setup))}`);
    if (alg.length) parts.push(`alg=${encodeURIComponent(text(alg))}`);
    written = parts.length ? `#${parts.join("&")}` : "";
    try {
      history.replaceState(null, "", written || location.pathname + location.search);
    } catch (_) { /* a page whose address cannot change (some file: pages) */ }
  }
  // The timeline the address names; a readable message when it is wrong
  // (an unknown or repeated key, bad %-encoding, a bad move): the page then
  // opens solved and leaves the address as it was.
  async function fromAddress() {
    const hash = location.hash.replace(/^#/, "");
    if (!hash) return;
    const want = {};
    try {
      for (const part of hash.split("&").filter(Boolean)) {
        const eq = part.indexOf("="), key = eq < 0 ? part : part.slice(0, eq);
        if (key === "test") continue;
        if (key !== "setup" && key !== "alg") throw new Error(`"${key}" is not understood (the address may hold setup=MOVES and alg=MOVES)`);
        // Two of a key: which one was meant is not known, so neither is taken.
        if (key in want) throw new Error(`"${key}" is given twice (the address may hold setup=MOVES and alg=MOVES, each once)`);
        want[key] = decodeURIComponent(part.slice(eq + 1));
      }
    } catch (e) {
      hold(`The address: ${e instanceof URIError ? "malformed %-encoding" : e.message}.`, true);
      return;
    }
    if (want.setup === undefined && want.alg === undefined) return;
    try {
      const s = await parse(want.setup || "", "setup"), a = await parse(want.alg || "", "alg");
      begin(s, a);
    } catch (e) {
      hold(`The address: ${e.message}`, true);
      updateUi();
    }
  }

  // ---- The program's services ----
  const needServer = (what) => `${what} needs the program: run "polycover twisty play ${DATA.puzzle}", which serves this page.`;
  async function ask(path, options) {
    const r = await fetch(path, options);
    const j = await r.json();
    if (!r.ok) throw new Error(j.error || `the server answered ${r.status}`);
    return j;
  }
  // Moves in the notation, read by the program (api/parse): steps, or an
  // error naming the bad token.
  async function parse(moves, what) {
    if (!moves.trim()) return [];
    if (!DATA.server) throw new Error(needServer(`Reading the ${what}`));
    try {
      return (await ask("api/parse", { method: "POST", body: moves })).steps.map(fromServer);
    } catch (e) {
      throw new Error(`${what}: ${e.message}`);
    }
  }
  // The last request to the program made by an action (the test script
  // waits for it before its next action).
  let work = null;
  const track = (p) => (work = p);
  const typed = (moves) => track(typedNow(moves));
  async function typedNow(moves) {
    $("notation-error").textContent = "";
    try {
      const steps = await parse(moves, "moves");
      if (steps.length) make(steps, turnMs !== null ? turnMs : steps.length > 8 ? 80 : 220);
    } catch (e) {
      $("notation-error").textContent = e.message;
      publish();
    }
  }
  // A scramble made by the program (twisty::scramble: no turn cancels
  // another); a page without the server carries a few.
  const scramble = () => track(scrambleNow());
  async function scrambleNow() {
    flush();
    let steps;
    if (DATA.server) {
      try {
        const j = await ask(`api/scramble${seed === null ? "" : `?seed=${seed++}`}`);
        steps = j.steps.map(fromServer);
      } catch (e) {
        say(`No scramble: ${e.message}`, true);
        return;
      }
    } else {
      const all = DATA.scrambles || [];
      if (!all.length) { say(needServer("Scrambling"), true); return; }
      const k = seed === null ? Math.floor(Math.random() * all.length) : seed++ % all.length;
      steps = all[k].map(moveStep);
    }
    begin(steps, []);
  }
  function reset() { begin([], []); }

  // The state in the JSON form of docs/twisty.md: each face's positions, in
  // sticker order, by the name of the face whose colour they show.
  function stateJson() {
    const faces = {};
    DATA.faces.forEach((f) => { faces[f.name] = []; });
    for (let p = 0; p < N; p++) faces[DATA.faces[FACE[p]].name].push(DATA.faces[FACE[at[p]]].name);
    return { puzzle: DATA.puzzle, faces };
  }
  function solve() {
    stop();
    flush();
    if (busy) return;
    if (!DATA.server) {
      hold(needServer("Solving"), true);
      updateUi();
      return;
    }
    if (solved()) { say("Solved already."); return; }
    busy = true;
    const asked = version;
    say("Solving…");
    updateUi();
    ask("api/solve", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(stateJson()) })
      .then((j) => {
        busy = false;
        if (!alive) return;
        if (version !== asked) { say("The puzzle was turned while the solver worked: press Solve again."); updateUi(); return; }
        hold(`Solution: ${j.length} moves: ${j.solution}`);
        // The solution follows on the timeline, played at once.
        alg.length = pos;
        alg.push(...j.turns.map(moveStep));
        share();
        solving = j.turns.length;
        if (!j.turns.length) { finished(); return; }
        playing = true;
        playNext();
      })
      .catch((e) => { busy = false; if (alive) say(`The solver: ${e.message}`, true); updateUi(); });
  }

  // ---- WebGL ----
  const canvas = $("view");
  const gl = canvas.getContext("webgl", { antialias: true, preserveDrawingBuffer: true });
  $("puzzle-name").textContent = DATA.puzzle;
  $("moves-note").textContent = `Moves: ${MOVES.map((m) => m.name).join(" ")}`;
  // The example is the puzzle's own (page data): moves another puzzle
  // refuses would mislead.
  if (DATA.example) $("notation").placeholder = `e.g. ${DATA.example}`;
  // Without WebGL (or when it fails) the page says why, and disables its
  // controls, which could do nothing; turns under way end at once (the
  // status and the state then say where the puzzle is).
  function dead(why) {
    alive = false;
    ready = false;
    playing = false;
    if (anim) apply(anim.step, anim.dir);
    for (const t of queue) apply(t.step, t.dir);
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
      // A step turns clockwise seen from its axis's end, the shorter way round (R' turns a
      // quarter back, not three quarters on).
      const st = anim.step, k = st.order, a = st.amount % k, short = 2 * a > k ? a - k : a;
      drawBuffer(moving, m4.rotation(st.axis, (-2 * Math.PI * short * anim.dir * (f || 0)) / k));
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
        if (t) make([moveStep(t)]); else say("Drag along a layer to turn it.");
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
  // The first view, one rule for every solid: the face most turned to the
  // front (F; of equals, the higher) seen from above and to its right. A
  // cube is seen as cubers show it, F's normal tilted towards U and R by
  // 0.42 of the 90 degrees between neighbouring faces; every solid is
  // tilted by that share of the angle between its front face and the
  // nearest other, so the front face shows most, one or two beside it
  // (a fixed direction would look between two faces of some solids, the
  // Pyraminx's split down an edge).
  function resetView() {
    const normals = DATA.faces.map((x) => x.normal);
    const front = normals.reduce((a, b) => (b[2] > a[2] + 1e-6 || (b[2] > a[2] - 1e-6 && b[1] > a[1]) ? b : a));
    const gap = Math.min(...normals.map((n) => Math.acos(Math.max(-1, Math.min(1, v3.dot(n, front))))).filter((g) => g > 1e-3));
    const up = v3.norm(v3.sub([0, 1, 0], v3.scale(front, front[1]))), right = v3.cross(up, front);
    const side = v3.norm(v3.add(v3.scale(up, 0.5), v3.scale(right, 0.6)));
    const tilt = (gap * Math.atan(Math.hypot(0.5, 0.6))) / (Math.PI / 2);
    const d = v3.add(v3.scale(front, Math.cos(tilt)), v3.scale(side, Math.sin(tilt)));
    view.az = (Math.atan2(d[0], d[2]) * 180) / Math.PI;
    view.el = (Math.asin(d[1]) * 180) / Math.PI;
    view.dist = (RADIUS / Math.sin(FOV / 2)) * 1.25;
  }


  // ---- Keys: a move's name turns it; ' and 2 right after change it; S
  // scrambles when no move is named S; the arrows step along the timeline,
  // Home and End jump to its ends. They work wherever the focus is (a
  // button just clicked), except in a field that takes text (the moves
  // box, whose Ctrl+Z is its own) and on the timeline's slider and speed,
  // whose arrows are their own; of the shortcuts with Ctrl, Alt or Meta,
  // the page takes Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z (a step back, forward)
  // and leaves the rest to the browser. ----
  const moveKey = (k) => DATA.names[k] || (k.length === 1 ? DATA.names[k.toUpperCase()] : null);
  const SCRAMBLE_KEY = !moveKey("s") && !moveKey("S");
  $("scramble").title = SCRAMBLE_KEY ? "S" : "";
  const TIMELINE_KEYS = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => jump(0), End: () => jump(alg.length) };
  window.addEventListener("keydown", (e) => {
    if (takesText(e.target) || !alive || gl.isContextLost()) return;
    const k = e.key;
    if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) { step(e.shiftKey ? 1 : -1); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && (k === "y" || k === "Y")) { step(1); e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const own = e.target && (e.target.id === "scrub" || e.target.id === "speed");
    const name = moveKey(k);
    if (TIMELINE_KEYS[k] && !own) {
      TIMELINE_KEYS[k]();
      e.preventDefault();
    } else if (name) {
      make([moveStep(name)]);
      keyed = { index: pos - 1, base: name };
      e.preventDefault();
    } else if ((k === "s" || k === "S") && SCRAMBLE_KEY) {
      scramble();
      e.preventDefault();
    } else if ((k === "'" || k === "2") && keyed && keyed.index === pos - 1) {
      // R then ' is R'; R then 2 is R2: the extra turn is animated, the
      // timeline keeps one turn.
      const [mv, a] = alg[keyed.index].move, order = MOVES[mv].order;
      const want = ((((k === "'" ? -1 : 2) * keyed.base[1]) % order) + order) % order;
      const extra = (want - a + order) % order;
      if (want === 0) alg.length = pos = keyed.index;
      else alg[keyed.index] = moveStep([mv, want]);
      keyed = null;
      if (extra) enqueue([moveStep([mv, extra])], 1, duration(1));
      share();
      updateUi();
      e.preventDefault();
    }
  });

  // ---- The panel ----
  function updateUi() {
    if (!alive) return;
    $("undo").disabled = pos === 0;
    $("start").disabled = pos === 0;
    $("redo").disabled = pos >= alg.length;
    $("end").disabled = pos >= alg.length;
    $("play").disabled = !alg.length;
    $("play").textContent = playing ? "Pause" : "Play";
    $("solve").disabled = busy;
    const scrub = $("scrub");
    scrub.max = alg.length;
    scrub.value = pos;
    $("position").textContent = `${pos} / ${alg.length}`;
    $("setup").textContent = setup.length ? `setup: ${text(setup)}` : "";
    const h = $("history");
    h.textContent = "";
    alg.forEach((s, i) => {
      const el = document.createElement("span");
      el.textContent = s.text;
      // The move last made is the current one; those after it are to come.
      el.className = i === pos - 1 ? "current" : i >= pos ? "undone" : "";
      el.addEventListener("click", () => { stop(); goTo(i + 1, 0); });
      h.append(el, " ");
    });
    const cur = h.querySelector(".current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
    redraw();
  }
  function publish() {
    const s = {
      puzzle: DATA.puzzle, solved: solved(), colours: at.map((x) => FACE[x]),
      setup: text(setup), alg: alg.map((x) => x.text), pos,
      history: alg.slice(0, pos).map((x) => x.text), undone: alg.length - pos,
      queued: queue.length + (anim ? 1 : 0), busy, playing, status: $("status").textContent,
      notation_error: $("notation-error").textContent, address: location.hash,
      view: { az: view.az, el: view.el }, webgl: alive,
    };
    if (script) s.layout = layout();
    $("state").textContent = JSON.stringify(s);
    if (ready) document.body.dataset.state = "ready";
  }
  // Where things are on the screen, for the tests of the page's framing:
  // the canvas, the panel, every control shown, and the box of the
  // puzzle's corners as projected (CSS pixels).
  function layout() {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const controls = [...$("panel").querySelectorAll("button, input, select")].filter((el) => el.offsetParent !== null).map((el) => ({ id: el.id, box: box(el) }));
    const cam = cameras(), r = canvas.getBoundingClientRect(), xs = [], ys = [];
    for (const f of DATA.faces) for (const q of points(f.polygon)) { const s = screen(q, cam); xs.push(s[0] + r.left); ys.push(s[1] + r.top); }
    return { canvas: box(canvas), panel: box($("panel")), controls, puzzle: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  }
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  on("scramble", "click", scramble);
  on("solve", "click", solve);
  on("reset", "click", reset);
  on("undo", "click", () => step(-1));
  on("redo", "click", () => step(1));
  on("start", "click", () => jump(0));
  on("end", "click", () => jump(alg.length));
  on("play", "click", togglePlay);
  on("scrub", "input", () => { stop(); goTo(+$("scrub").value, 0); });
  on("reset-view", "click", () => { resetView(); redraw(); });
  on("notation-form", "submit", (e) => { e.preventDefault(); typed($("notation").value); });
  window.addEventListener("hashchange", () => { if (location.hash !== written) fromAddress(); });

  // ---- Start: the timeline of the address, then the test script of the
  // URL's fragment, if any:
  // #test=anim:0;seed:7;click:scramble;moves:R U;key:R;dragsticker:12:0:-60
  // acts as a person would: a control focused and clicked, a key pressed
  // where the focus is (`key:Ctrl+z` with Ctrl held), moves typed into the
  // moves box and sent with Enter (the box keeps the focus), a sticker
  // dragged, the slider set (`scrub:N`) or the speed chosen (`speed:fast`);
  // `anim:MS` sets every turn's duration, `seed:N` makes scrambles
  // repeatable, and `losecontext` loses WebGL, as when the graphics driver
  // resets. An action that asks the program (a scramble, typed moves) is
  // answered before the next one; a solve is not waited for. ----
  async function runScript(actions) {
    for (const action of actions) {
      const [verb, ...rest] = action.split(":");
      const arg = rest.join(":");
      const nums = () => arg.split(":").map(Number);
      const pointer = (type, x, y) => {
        const r = canvas.getBoundingClientRect();
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: r.left + x, clientY: r.top + y, button: 0, bubbles: true }));
      };
      const drag = (x, y, dx, dy) => { pointer("pointerdown", x, y); pointer("pointermove", x + dx / 2, y + dy / 2); pointer("pointermove", x + dx, y + dy); pointer("pointerup", x + dx, y + dy); };
      work = null;
      if (verb === "click") { $(arg).focus(); $(arg).click(); }
      else if (verb === "key") {
        const mods = {}, m = /^((?:(?:Ctrl|Alt|Meta|Shift)\+)*)(.+)$/.exec(arg);
        for (const mod of m[1].split("+").filter(Boolean)) mods[`${mod.toLowerCase()}Key`] = true;
        (document.activeElement || document.body).dispatchEvent(new KeyboardEvent("keydown", { key: m[2], bubbles: true, cancelable: true, ...mods }));
      } else if (verb === "moves") { $("notation").focus(); $("notation").value = arg; $("notation-form").requestSubmit(); } else if (verb === "scrub") { $("scrub").value = arg; $("scrub").dispatchEvent(new Event("input")); }
      else if (verb === "speed") $("speed").value = arg;
      else if (verb === "losecontext") gl.getExtension("WEBGL_lose_context").loseContext();
      else if (verb === "anim") turnMs = +arg;
      else if (verb === "seed") seed = +arg;
      else if (verb === "drag") { const [dx, dy] = nums(); drag(10, 10, dx, dy); }
      else if (verb === "dragsticker") {
        const [p, dx, dy] = nums(), s = screen(CENTRE[p], cameras());
        drag(s[0], s[1], dx, dy);
      } else if (verb === "wheel") canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: +arg, bubbles: true, cancelable: true }));
      else throw new Error(`unknown test action ${verb}`);
      if (work) await work;
    }
  }
  resetView();
  rebuild(null);
  finished();
  (async () => {
    await fromAddress();
    if (script) await runScript(decodeURIComponent(script[1]).split(";").filter(Boolean));
    ready = alive;
    updateUi();
  })();
})();
