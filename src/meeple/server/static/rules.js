// The rules panel (GET /api/rules/{game}) and rule-id links: every rule id shown on the
// page (status, log, help, errors) is a link that opens the panel at that rule.
import { $, el } from "./common.js";

export const RULE_ID = /\b[A-Z]{2}-\d+(?:\.\d+){0,3}\b/g;

let game = null;
let loaded = null;   // a promise of the rules payload

export function setRulesGame(name) { game = name; }

function inline(text, parent) {
  // **bold** and `code` of the spec's Markdown; rule ids in bold become anchors of the panel
  const parts = text.split(/(\*\*[^*]+\*\*|`[^`]+`)/);
  for (const part of parts) {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      const inner = part.slice(2, -2);
      const strong = el("strong", {}, ...linkify(inner));
      const m = inner.match(/^[A-Z]{2}-\d+(?:\.\d+)*/);
      if (m) strong.id = `rule-${m[0]}`;
      parent.append(strong);
    } else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      parent.append(el("code", { text: part.slice(1, -1) }));
    } else if (part) {
      parent.append(...linkify(part));
    }
  }
  return parent;
}

function markdown(text) {
  // a small reader for the spec's Markdown: paragraphs, lists, tables as preformatted text
  const out = document.createDocumentFragment();
  let list = null;
  let para = [];
  const flush = () => {
    if (para.length) out.append(inline(para.join(" "), el("p")));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const item = line.match(/^\s*(?:[-*]|\d+\.)\s+(.*)$/);
    if (!line.trim()) { flush(); list = null; continue; }
    if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) { flush(); list = null; out.append(el("hr")); continue; }
    if (line.trim().startsWith("|")) { flush(); list = null; out.append(el("pre", { class: "rule-table", text: line })); continue; }
    if (item) {
      flush();
      if (!list) { list = el("ul"); out.append(list); }
      list.append(inline(item[1], el("li")));
      continue;
    }
    if (list && /^\s+/.test(raw)) { list.lastChild.append(" ", ...linkify(line.trim())); continue; }
    list = null;
    para.push(line.trim());
  }
  flush();
  return out;
}

// Text with every rule id made a link (an array of nodes for el()/append).
export function linkify(text, extra = null) {
  const nodes = [];
  let last = 0;
  const re = new RegExp(RULE_ID.source, "g");
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) nodes.push(extra ? extra(text.slice(last, m.index)) : text.slice(last, m.index));
    nodes.push(el("a", { class: "rule", href: `#rule-${m[0]}`, "data-rule": m[0], title: `Rule ${m[0]}: open it in the rules panel` }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(extra ? extra(text.slice(last)) : text.slice(last));
  return nodes.flat();
}

async function load() {
  if (!loaded) {
    loaded = fetch(`/api/rules/${encodeURIComponent(game)}`).then((r) => {
      if (!r.ok) throw new Error(`the rules could not be loaded (${r.status})`);
      return r.json();
    });
    loaded.then(fill, (e) => { $("#rules-body").replaceChildren(el("p", { class: "error", text: e.message })); loaded = null; });
  }
  return loaded;
}

function fill(r) {
  const body = $("#rules-body");
  body.replaceChildren();
  $("#rules-title").textContent = `Rules of ${r.title}`;
  const toc = el("nav", { class: "rules-toc", "aria-label": "Sections" });
  if (r.how_to_play) {
    const how = el("section", { id: "rule-how-to-play", class: "how" }, el("h3", { text: "How to play" }));
    for (const p of r.how_to_play.split(/\n\s*\n/)) how.append(inline(p.replace(/\n/g, " "), el("p")));
    body.append(how);
    toc.append(el("a", { href: "#rule-how-to-play", "data-rule": "how-to-play" }, "How to play"));
  }
  body.append(toc);
  for (const s of r.sections) {
    const h = el(s.level <= 2 ? "h3" : "h4", {}, /^[A-Z]{2}-/.test(s.id) ? `${s.id} ${s.title}` : s.title);
    const sec = el("section", { id: `rule-${s.id}`, class: "rule-section", "data-ids": s.ids.join(" ") }, h, markdown(s.text));
    body.append(sec);
    if (s.level <= 2) toc.append(el("a", { href: `#rule-${s.id}`, "data-rule": s.id }, s.title));
  }
}

// Open the panel, at ``id`` (a rule id: its own anchor, else the section that holds it or
// the nearest enclosing rule).
export async function openRules(id = null) {
  const panel = $("#rules-panel");
  panel.hidden = false;
  document.body.classList.add("rules-shown");
  try { await load(); } catch { return; }
  const body = $("#rules-body");
  let target = null;
  let rid = id;
  while (rid && !target) {
    target = document.getElementById(`rule-${rid}`) ||
      [...body.querySelectorAll("section[data-ids]")].find((s) => s.dataset.ids.split(" ").includes(rid));
    rid = rid.includes(".") ? rid.slice(0, rid.lastIndexOf(".")) : null;
  }
  for (const old of body.querySelectorAll(".target")) old.classList.remove("target");
  if (target) {
    target.classList.add("target");
    target.scrollIntoView({ block: "start" });
    panel.dataset.at = id;
  } else {
    body.scrollTop = 0;
    panel.dataset.at = "";
  }
  body.focus({ preventScroll: true });
}

export function closeRules() {
  $("#rules-panel").hidden = true;
  document.body.classList.remove("rules-shown");
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[data-rule]");
  if (!a) return;
  ev.preventDefault();
  openRules(a.dataset.rule === "how-to-play" ? "how-to-play" : a.dataset.rule);
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !$("#rules-panel").hidden) closeRules(); });
