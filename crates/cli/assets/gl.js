// polycover's WebGL helpers, shared by the 3D page (view.js) and the twisty
// page (twisty.js), which come after this file in one script: 3-vectors as
// arrays, 4x4 matrices as Float32Arrays (column-major, as WebGL takes them),
// a shader program from two sources put to use, and what both pages do alike around
// WebGL (a dead panel without it, keys wherever the focus is but text
// fields). Written for polycover.
"use strict";
// ---- Vectors and 4x4 matrices (column-major, as WebGL takes them) ----
const v3 = {
  add: (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]],
  sub: (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]],
  scale: (a, s) => [a[0] * s, a[1] * s, a[2] * s],
  dot: (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2],
  cross: (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]],
  norm: (a) => { const l = Math.hypot(a[0], a[1], a[2]) || 1; return [a[0] / l, a[1] / l, a[2] / l]; },
};
const m4 = {
  mul(a, b) {
    const o = new Float32Array(16);
    for (let c = 0; c < 4; c++)
      for (let r = 0; r < 4; r++) {
        let s = 0;
        for (let k = 0; k < 4; k++) s += a[k * 4 + r] * b[c * 4 + k];
        o[c * 4 + r] = s;
      }
    return o;
  },
  // The affine map x -> r x + t, r a 3x3 matrix row by row.
  affine(r, t) {
    return new Float32Array([r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, t[0], t[1], t[2], 1]);
  },
  // Columns: x, y, z axes and origin.
  basis(x, y, z, o) {
    return new Float32Array([x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, o[0], o[1], o[2], 1]);
  },
  // The rotation by `angle` radians about the unit vector `axis`,
  // counterclockwise seen from its tip.
  rotation(axis, angle) {
    const [x, y, z] = axis, c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
    return new Float32Array([t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0, t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
      t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0, 0, 0, 0, 1]);
  },
  perspective(fovy, aspect, near, far) {
    const f = 1 / Math.tan(fovy / 2), nf = 1 / (near - far);
    return new Float32Array([f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * nf, -1, 0, 0, 2 * far * near * nf, 0]);
  },
  lookAt(eye, target, up) {
    const z = v3.norm(v3.sub(eye, target)), x = v3.norm(v3.cross(up, z)), y = v3.cross(z, x);
    return new Float32Array([x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0,
      -v3.dot(x, eye), -v3.dot(y, eye), -v3.dot(z, eye), 1]);
  },
};
// A linked program from vertex and fragment shader sources.
function glProgram(gl, vs, fs) {
  const shader = (type, src) => {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
    return s;
  };
  const prog = gl.createProgram();
  gl.attachShader(prog, shader(gl.VERTEX_SHADER, vs));
  gl.attachShader(prog, shader(gl.FRAGMENT_SHADER, fs));
  gl.linkProgram(prog);
  if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(prog));
  return prog;
}
// The program of two shader sources, in use, and the locations of its
// `attributes` and `uniforms` by name; null when WebGL cannot build it,
// after `dead` has been told why.
function useProgram(gl, vs, fs, { attributes, uniforms }, dead) {
  let prog;
  try {
    prog = glProgram(gl, vs, fs);
  } catch (e) {
    dead(`WebGL cannot draw this page: ${e.message}`);
    return null;
  }
  gl.useProgram(prog);
  const loc = {};
  for (const n of attributes) loc[n] = gl.getAttribLocation(prog, n);
  for (const n of uniforms) loc[n] = gl.getUniformLocation(prog, n);
  return loc;
}

// ---- What both pages do alike ----
// Whether the keys at `el` are a text field's (a text input, a text area,
// an editable element): the pages' keys work wherever else the focus is
// (a ticked box, a slider, a button, a choice).
const NOT_TEXT = ["checkbox", "radio", "range", "button", "submit", "reset", "color", "file", "image"];
const takesText = (el) => !!el && (el.isContentEditable || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !NOT_TEXT.includes(el.type)));
// A page without WebGL (none, lost, or a shader it cannot build): every
// control of `panel` disabled (and the panel greyed, page.css), since none
// could do anything, and the drawing no longer looks draggable.
function disableControls(panel, canvas) {
  for (const el of panel.querySelectorAll("button, input, select, textarea")) el.disabled = true;
  panel.classList.add("dead");
  canvas.style.cursor = "default";
}
