// The board as the interface: pan and zoom (the vendored @panzoom/panzoom), the svgkit
// conventions (src/meeple/core/svgkit.py): places [data-action], two-step [data-confirm]
// with .ghost previews, layers and choosers, [data-place] highlights, [data-piece]
// animations, keyboard and accessible names.
import Panzoom from "./vendor/panzoom/panzoom.es.js";
import { $ } from "./common.js";

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let pz = null;
let placed = false;       // the first drawing has been positioned
let downAt = null;        // where the last pointer went down (a drag is not a tap)
let hooks = { play: () => {}, select: () => {}, labelOf: (a) => a };

export function initBoard(h) {
  hooks = { ...hooks, ...h };
  const view = $("#board-view");
  const board = $("#board");
  pz = Panzoom(board, {
    canvas: true, origin: "0 0", minScale: 0.2, maxScale: 4, step: 0.25, cursor: "grab",
    excludeClass: "no-pan",
    // let taps through: only the panning itself is the library's
    handleStartEvent: (e) => { if (e.pointerType === "mouse") e.preventDefault(); },
  });
  view.addEventListener("wheel", (e) => { if (e.ctrlKey || e.metaKey || !e.shiftKey) pz.zoomWithWheel(e); }, { passive: false });
  view.addEventListener("pointerdown", (e) => { downAt = [e.clientX, e.clientY]; }, true);
  view.addEventListener("click", (e) => {
    if (downAt && Math.hypot(e.clientX - downAt[0], e.clientY - downAt[1]) > 8) {  // a drag, not a tap
      e.stopPropagation(); e.preventDefault();
    }
  }, true);
  view.addEventListener("click", onClick);
  view.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest(".act, .choose")) { e.preventDefault(); activate(e.target.closest(".act, .choose")); }
  });
  view.addEventListener("focusin", (e) => { const t = e.target.closest(".act, .choose"); if (t) bringIntoView(t); });
  $("#zoom-in").addEventListener("click", () => { zoomed = true; $("#board-view").style.height = ""; pz.zoomIn(); });
  $("#zoom-out").addEventListener("click", () => { zoomed = true; pz.zoomOut(); });
  $("#zoom-fit").addEventListener("click", () => { zoomed = true; fitWidth(); });
  $("#zoom-real").addEventListener("click", () => { zoomed = true; actualSize(); });
}

function svgSize() {
  const svg = $("#board svg");
  if (!svg) { const b = $("#board"); return [b.scrollWidth, b.scrollHeight]; }
  return [parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width, parseFloat(svg.getAttribute("height")) || svg.viewBox.baseVal.height];
}

// Pan so that ``elem`` (a place on the board) is inside the view, with a margin.
export function bringIntoView(elem) {
  const v = $("#board-view").getBoundingClientRect();
  const r = elem.getBoundingClientRect();
  const m = 16;
  let dx = 0, dy = 0;
  if (r.left < v.left + m || r.right > v.right - m) dx = (v.left + v.width / 2) - (r.left + r.width / 2);
  if (r.top < v.top + m || r.bottom > v.bottom - m) dy = (v.top + v.height / 2) - (r.top + r.height / 2);
  if (!dx && !dy) return;
  const s = pz.getScale(), at = pz.getPan();
  pz.pan(at.x + dx / s, at.y + dy / s, { animate: false, force: true });
}

// The view is as high as the board at ``scale`` (up to the stylesheet's height), so a
// short board leaves no empty box.
function fitHeight(scale) {
  const view = $("#board-view");
  view.style.height = "";
  const [, h] = svgSize();
  const most = view.clientHeight;
  if (h * scale + 8 < most) view.style.height = `${Math.ceil(h * scale + 8)}px`;
}

export function fitWidth() {
  const vw = $("#board-view").clientWidth;
  const [w] = svgSize();
  const s = Math.min(4, Math.max(0.2, vw / w));
  pz.zoom(s, { animate: false });
  pz.pan(0, 0, { animate: false, force: true });
  fitHeight(s);
}

export function actualSize() {
  // 1 SVG unit = 1 CSS px; a board narrower than the view is centred
  const vw = $("#board-view").clientWidth;
  const [w] = svgSize();
  pz.zoom(1, { animate: false });
  pz.pan(Math.max(0, (vw - w) / 2), 0, { animate: false, force: true });
  fitHeight(1);
}

// The first view: actual size (1 unit = 1 px: every place at least 28 px), or the whole
// width when that shrinks the board by less than 8% (text stays at 11 px or more).
let zoomed = false;   // the person chose a zoom: the first view (drawn a frame later) keeps out of it

function initialView() {
  if (zoomed) return;
  const vw = $("#board-view").clientWidth;
  const [w] = svgSize();
  if (w > vw && vw / w >= 0.92) fitWidth(); else actualSize();
}

function onClick(ev) {
  const t = ev.target.closest(".act, .choose");
  if (!t) return;
  ev.preventDefault();
  activate(t);
}

function activate(t) {
  if (t.classList.contains("choose")) { showLayer(t.dataset.showLayer, t); return; }
  if (document.body.dataset.connected !== "1" || t.getAttribute("aria-disabled") === "true") return;
  const action = t.dataset.action;
  if (t.hasAttribute("data-confirm")) {
    if (t.classList.contains("selected")) { hooks.play(action); return; }
    clearSelection();
    t.classList.add("selected");
    t.setAttribute("aria-pressed", "true");
    hooks.select(action);
    return;
  }
  hooks.play(action);
}

export function clearSelection() {
  for (const s of document.querySelectorAll("#board .selected")) { s.classList.remove("selected"); s.removeAttribute("aria-pressed"); }
}

function showLayer(name, chooser = null) {
  const layer = [...document.querySelectorAll("#board [data-layer]")].find((l) => l.dataset.layer === name);
  if (!layer) return;
  const group = layer.dataset.layerGroup;
  for (const l of document.querySelectorAll("#board [data-layer]")) {
    if (l.dataset.layerGroup === group) l.setAttribute("visibility", l === layer ? "visible" : "hidden");
  }
  for (const c of document.querySelectorAll("#board .choose")) {
    const other = [...document.querySelectorAll("#board [data-layer]")].find((l) => l.dataset.layer === c.dataset.showLayer);
    if (other && other.dataset.layerGroup === group) c.classList.toggle("chosen", c.dataset.showLayer === name);
  }
  clearSelection();
  hooks.select(null);
  if (chooser) chooser.focus({ preventScroll: true });
}

function piecesAt() {
  const at = new Map();
  for (const p of document.querySelectorAll("#board [data-piece]")) at.set(p.dataset.piece, p.getBoundingClientRect());
  return at;
}

// Draw the board ``markup`` (server-made SVG, or escaped text) for payload ``p``.
export function drawBoard(p, live) {
  const board = $("#board");
  const before = reduced.matches ? null : piecesAt();
  const shownLayers = [...board.querySelectorAll("[data-layer][visibility='visible']")].map((l) => l.dataset.layer);
  board.innerHTML = p.board;   // server-made SVG (no scripts) or escaped text
  const svg = board.querySelector(":scope > svg");
  if (svg && svg.viewBox && svg.viewBox.baseVal && !/^[\d.]+(px)?$/.test(svg.getAttribute("width") || "")) {
    // a drawing sized to its box (width="100%"): drawn at 1 unit = 1 CSS px like the svgkit's
    svg.setAttribute("width", svg.viewBox.baseVal.width);
    svg.setAttribute("height", svg.viewBox.baseVal.height);
  }
  const labels = new Map(p.legal.map((a) => [a.action, a]));
  for (const a of board.querySelectorAll(".act[data-action]")) {
    const entry = labels.get(a.dataset.action);
    const label = entry ? entry.label : a.dataset.action;
    a.setAttribute("role", "button");
    a.setAttribute("tabindex", "0");
    a.setAttribute("aria-label", label + (a.hasAttribute("data-confirm") ? " (tap again to confirm)" : ""));
    if (!a.querySelector(":scope > title")) {
      const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
      t.textContent = `${label} [${a.dataset.action}]`;
      a.prepend(t);
    }
    if (!live) a.setAttribute("aria-disabled", "true");
  }
  for (const c of board.querySelectorAll(".choose")) {
    c.setAttribute("role", "button");
    c.setAttribute("tabindex", "0");
    const t = c.querySelector("title");
    c.setAttribute("aria-label", t ? t.textContent : "Show these choices");
  }
  for (const name of shownLayers) showLayer(name);   // a layer chosen stays chosen while it exists
  highlight(p);
  if (before) animate(before);
  if (!placed && board.firstElementChild) { placed = true; requestAnimationFrame(initialView); }
}

function highlight(p) {
  const board = $("#board");
  (p.highlights || []).forEach((keys, seat) => {
    for (const key of keys) {
      for (const e of board.querySelectorAll(`[data-place="${CSS.escape(key)}"]`)) {
        e.classList.add("hl");
        e.style.setProperty("--hl", p.seat_colours[seat]);
        e.dataset.hlSeat = seat;
      }
    }
  });
}

function animate(before) {
  // FLIP: a piece that moved slides from where it was (translate in screen px / zoom)
  const scale = pz ? pz.getScale() : 1;
  for (const p of document.querySelectorAll("#board [data-piece]")) {
    const old = before.get(p.dataset.piece);
    if (!old) continue;
    const now = p.getBoundingClientRect();
    const dx = (old.left - now.left) / scale, dy = (old.top - now.top) / scale;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    p.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: 350, easing: "ease-out" });
  }
}

// Live or not: with no connection (or not our turn) the places are marked disabled.
export function setLive(live) {
  for (const a of document.querySelectorAll("#board .act[data-action]")) {
    if (live) a.removeAttribute("aria-disabled"); else a.setAttribute("aria-disabled", "true");
  }
}
