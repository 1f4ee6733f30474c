// The table chat of the game page: its own panel and its own websocket (only=chat: chat
// messages, no game states), history from GET /api/games/{id}/chat. Seats and spectators read
// and write; every text is set with textContent (escaped), never as HTML.
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.search).get("token");
const seen = new Set();
let socket = null;
let retry = 800;
let mySeat = undefined;   // this page's seat (null: a spectator), from the server's hello

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

function panel() {
  let box = document.getElementById("chat");
  if (!box) {
    box = el("section", { id: "chat", class: "card chat-panel", "aria-labelledby": "chat-title" });
    (document.querySelector("aside.side") || document.querySelector("main") || document.body).append(box);
  }
  box.classList.add("chat-panel");
  const log = el("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite", "aria-label": "Chat messages" });
  const input = el("input", { id: "chat-input", type: "text", maxlength: "500", autocomplete: "off",
    placeholder: "Say something to the table", "aria-label": "Chat message" });
  const send = el("button", { id: "chat-send", type: "submit" }, "Send");
  const form = el("form", { id: "chat-form", class: "chat-form" }, input, send);
  const note = el("p", { id: "chat-note", class: "chat-note", role: "status" });
  box.replaceChildren(el("h2", { id: "chat-title", text: "Table chat" }),
    el("p", { class: "chat-empty", id: "chat-empty", text: "No messages yet. Be nice: everyone at the table and every spectator reads this." }),
    log, form, note);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (!socket || socket.readyState !== WebSocket.OPEN) { say("Not connected: the message was not sent."); return; }
    socket.send(JSON.stringify({ type: "chat", text }));
    input.value = "";
  });
  return log;
}

function say(text) {
  const note = document.getElementById("chat-note");
  note.textContent = text;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { note.textContent = ""; }, 6000);
}

function time(iso) {
  const d = new Date(iso);
  return isNaN(d) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function add(m) {
  if (seen.has(m.id)) return;
  seen.add(m.id);
  const log = document.getElementById("chat-log");
  const mine = mySeat !== undefined && m.seat === mySeat && m.seat !== null;
  const item = el("li", { class: "chat-message" + (mine ? " mine" : "") + (m.seat === null ? " spectator" : ""), "data-id": m.id },
    el("span", { class: "chat-name", text: m.name }), " ",
    el("time", { class: "chat-time", datetime: m.at || "", text: time(m.at) }),
    el("span", { class: "chat-text", text: m.text }));
  const items = [...log.children];
  const after = items.find((x) => Number(x.dataset.id) > m.id);
  log.insertBefore(item, after || null);
  document.getElementById("chat-empty").hidden = true;
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 60;
  if (atEnd || mine) log.scrollTop = log.scrollHeight;
}

async function history() {
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/chat`);
    if (!res.ok) return;
    const { messages } = await res.json();
    for (const m of messages) add(m);
    const log = document.getElementById("chat-log");
    log.scrollTop = log.scrollHeight;
  } catch { /* the socket will try again */ }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ only: "chat" });
  if (token) query.set("token", token);
  socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}?${query}`);
  socket.onopen = () => { retry = 800; document.getElementById("chat-send").disabled = false; history(); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "hello") mySeat = msg.seat;
    else if (msg.type === "chat") add(msg.message);
    else if (msg.type === "error" && msg.chat) say(msg.message);
    else if (msg.type === "error" && (msg.status === 403 || msg.status === 404)) { retry = null; }
  };
  socket.onclose = () => {
    document.getElementById("chat-send").disabled = true;
    if (retry === null) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function styles() {
  if (document.querySelector('link[href="/static/chat.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/chat.css" }));
}

styles();
panel();
connect();
