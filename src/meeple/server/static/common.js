// Shared helpers of the lobby and the game page.
export const $ = (sel, root = document) => root.querySelector(sel);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const KEY = "meeple.links";

// The links this browser created or opened: [{id, seat, name, title, link}]
export function savedLinks() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

export function rememberLink(entry) {
  const links = savedLinks().filter((x) => !(x.id === entry.id && x.seat === entry.seat));
  links.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(links.slice(0, 50)));
}

export function forgetLink(id, seat) {
  localStorage.setItem(KEY, JSON.stringify(savedLinks().filter((x) => !(x.id === id && x.seat === seat))));
}

export async function api(path, options = {}) {
  const res = await fetch(path, { headers: { "Content-Type": "application/json" }, ...options });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(body.error || res.statusText), { status: res.status, body });
  return body;
}
