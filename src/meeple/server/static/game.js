// The game page: status bar, board, actions in words, players, log, over a websocket
// (docs/web.md). Board interactions are in board.js, the rules panel in rules.js.
import { $, el, rememberLink } from "./common.js";
import { initBoard, drawBoard, clearSelection, setLive } from "./board.js";
import { linkify, openRules, closeRules, setRulesGame } from "./rules.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const token = params.get("token");   // null: a spectator's link; "": a seat link cut short
const PACE_MS = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 400;
// the least time each bot decision stays on screen when several arrive at once (?pace=0: none)

let state = null;      // the payload shown
let socket = null;
let pending = false;   // a move sent, its answer not yet in
let retry = 500;
let countdown = null;
let fatal = false;
let connected = false;
let inSync = false;    // the first state since (re)connecting has been shown
const queue = [];      // states received, not yet shown (bot decisions are shown one by one)
let shownAt = 0;
let pacing = null;
let selected = null;   // the action chosen on the board and waiting for its confirmation

const SOUND_KEY = "meeple.sound";
let audio = null;

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { setConnected(false); return false; }
  socket.send(JSON.stringify(message));
  return true;
}

function live() {
  return connected && inSync && !pending && !!state && state.your_turn && queue.length === 0;
}

function play(action) {
  if (!live()) return;
  if (!state.legal.some((a) => a.action === action)) return;
  if (send({ type: "move", action, version: state.version })) {
    pending = true;
    selected = null;
    $("#confirm-bar").hidden = true;
    document.body.classList.add("pending");
  }
}

function select(action) {
  selected = action;
  const bar = $("#confirm-bar");
  if (action === null) { bar.hidden = true; return; }
  const entry = state.legal.find((a) => a.action === action);
  $("#confirm-label").replaceChildren(el("strong", { text: entry ? entry.label : action }), entry && entry.note ? el("small", { text: ` (${entry.note})` }) : "");
  $("#confirm-yes").title = action;
  bar.hidden = false;
}

function showError(text, rule = "") {
  const box = $("#error");
  box.replaceChildren(...linkify(text), rule && !text.includes(rule) ? el("span", {}, " (", ...linkify(rule), ")") : "");
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 8000);
}

function showNotice(text) {
  const box = $("#notice");
  box.replaceChildren(...linkify(text));
  box.hidden = false;
  clearTimeout(showNotice.timer);
  showNotice.timer = setTimeout(() => { box.hidden = true; }, 7000);
}

function setConnected(ok) {
  connected = ok;
  if (!ok) inSync = false;
  document.body.dataset.connected = ok && inSync ? "1" : "0";
  const c = $("#connection");
  c.classList.toggle("ok", ok && inSync);
  c.textContent = fatal ? "not connected" : ok ? (inSync ? "connected" : "connecting…") : "disconnected";
  $("#offline").hidden = fatal || (ok && inSync) || !state;   // "connecting…" before any state is not an outage
  if (!ok && state && !fatal) $("#offline").hidden = false;
  applyLive();
}

function applyLive() {
  const on = live();
  document.body.dataset.live = on ? "1" : "0";
  for (const b of document.querySelectorAll("#actions button[data-action], #confirm-yes, #undo")) b.disabled = !on;
  setLive(on);
  if (!on) { $("#confirm-bar").hidden = true; clearSelection(); selected = null; }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
  socket = new WebSocket(url);
  socket.onopen = () => {
    retry = 500;
    inSync = false;
    setConnected(true);
    if (token === "") showError("This link's token is empty (was the seat link cut short?): you are watching as a spectator.");
  };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") receive(msg);
    else if (msg.type === "presence") presence(msg.connected);
    else if (msg.type === "error") {
      pending = false;
      document.body.classList.remove("pending");
      if (msg.status === 409) showNotice("The game moved on; your view is up to date.");
      else showError(msg.message, msg.rule);
      if (msg.status === 404 || msg.status === 403) { fatal = true; $("#turn").textContent = msg.message; }
      applyLive();
    } else if (window.meepleChat && typeof window.meepleChat.receive === "function") {
      window.meepleChat.receive(msg);   // the table chat (chat.js), when the page has it
    }
  };
  socket.onclose = () => {
    if (fatal) { setConnected(false); return; }   // a bad link: no retry
    setConnected(false);
    setTimeout(connect, retry);   // the server sends the full state again on connect
    retry = Math.min(retry * 2, 4000);
  };
}

function receive(p) {
  if (!inSync) {   // the first state of a connection: show it at once, drop what was queued
    queue.length = 0;
    clearTimeout(pacing);
    pacing = null;
    inSync = true;
    show(p);
    setConnected(true);
    return;
  }
  if (state && p.version === state.version && queue.length === 0) { show(p); return; }   // same position (a player came or left)
  p.receivedAt = Date.now();
  queue.push(p);
  drain();
}

// each queued bot decision stays on screen PACE_MS (a few at once: less). When the page lags
// the server by more than CATCH_UP_MS, or a queued state gives this person the turn or ends
// the game, it jumps to the newest state: the log lists every decision and the board
// highlights what each seat's last turn changed, so nothing is missed, and the pacing never
// keeps a person waiting for their turn (issue 45)
const CATCH_UP_MS = 600;
function pace() {
  const n = queue.length;
  return n <= 2 ? PACE_MS : Math.max(Math.min(60, PACE_MS), Math.round(2 * PACE_MS / n));
}

// who has the page open changed (a small message, not a new state): the queued states and
// the one shown take it, the players panel is drawn again
function presence(connected) {
  for (const q of queue) q.connected = connected;
  if (!state) return;
  state.connected = connected;
  renderPlayers(state);
}

function behind() {
  return queue.length > 0 && (queue.some((q) => q.your_turn || q.terminal)
    || Date.now() - queue[0].receivedAt > CATCH_UP_MS);
}

function drain() {
  if (!queue.length) return;
  if (behind()) {
    clearTimeout(pacing);
    pacing = null;
    const newest = queue[queue.length - 1];
    queue.length = 0;
    show(newest);
    return;
  }
  if (pacing) return;
  const wait = state && !state.your_turn && !state.terminal ? pace() - (Date.now() - shownAt) : 0;
  if (wait > 0) { pacing = setTimeout(() => { pacing = null; drain(); }, wait); return; }
  show(queue.shift());
  if (queue.length) pacing = setTimeout(() => { pacing = null; drain(); }, pace());
}

function show(p) {
  const before = state;
  render(p);
  shownAt = Date.now();
  if (p.your_turn && !(before && before.your_turn && before.version === p.version)) yourTurnNow(before);
  if (p.forced && !(before && before.forced === p.forced)) showNotice(p.forced);
  applyLive();
}

function yourTurnNow(before) {
  if (before && before.your_turn) return;
  if (localStorage.getItem(SOUND_KEY) === "1") beep();
}

function beep() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.3);
  } catch { /* no audio here: the title says it */ }
}

function colourNames(p) {
  // seat names in the log and status in their seat's colour (longest names first)
  const order = p.seat_names.map((n, s) => [n, s]).sort((a, b) => b[0].length - a[0].length);
  const escaped = order.map(([n]) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = escaped.length ? new RegExp(`\\b(${escaped.join("|")})\\b`, "g") : null;
  return (text) => {
    if (!re) return text;
    const nodes = [];
    let last = 0;
    let m;
    re.lastIndex = 0;
    while ((m = re.exec(text))) {
      if (m.index > last) nodes.push(text.slice(last, m.index));
      const seat = p.seat_names.indexOf(m[1]);
      nodes.push(el("span", { class: "seat-name", style: `--seat: ${p.seat_colours[seat]}` }, m[1]));
      last = m.index + m[1].length;
    }
    if (last < text.length) nodes.push(text.slice(last));
    return nodes;
  };
}

function rich(p, text) {
  return linkify(text, colourNames(p));
}

function render(p) {
  const first = !state;
  state = p;
  pending = false;
  document.body.classList.remove("pending");
  document.body.dataset.version = p.version;
  document.body.dataset.terminal = p.terminal ? "1" : "0";
  document.body.dataset.yourTurn = p.your_turn ? "1" : "0";
  document.body.dataset.game = p.game;
  if (first) setRulesGame(p.game);
  const me = p.seat === null ? null : p.seat_names[p.seat];
  document.title = `${p.your_turn ? "▶ Your turn · " : ""}${p.title}${me ? " · " + me : ""} · meeple`;
  $("#title").textContent = `${p.title} · ${p.variant} · ` + (me ? `you play ${me}` : "spectating");
  rememberLink({ id: p.game_id, seat: p.seat, name: me || "spectator", title: p.title, link: location.pathname + location.search });

  const turn = $("#turn");
  turn.className = "turn";
  if (p.terminal) {
    const w = p.final.winners.map((s) => p.seat_names[s]);
    turn.replaceChildren(...rich(p, `Game over: ${w.join(" and ")} ${w.length > 1 ? "share the win" : "wins"}.`));
    turn.classList.add("over");
  } else {
    const cur = p.players[p.current_player];
    let text = p.status || (p.your_turn ? "Your turn." : `Waiting for ${p.current_name}.`);
    if (!p.your_turn && cur.kind !== "human") text += ` (${p.current_name} is a bot: ${cur.kind})`;
    else if (!p.your_turn && cur.away) text += " (away: a bot plays for them)";
    turn.replaceChildren(...rich(p, text));
    if (p.your_turn) turn.classList.add("mine");
  }
  selected = null;
  $("#confirm-bar").hidden = true;
  drawBoard(p, p.your_turn && connected);
  renderActions(p);
  renderPlayers(p);
  renderLog(p);
  renderFinal(p);
  renderTimer(p);
}

function renderActions(p) {
  const box = $("#actions");
  box.replaceChildren();
  if (p.terminal) { box.append(el("p", { class: "hint", text: "The game is over." })); }
  else if (!p.your_turn) {
    box.append(el("p", { class: "hint" }, ...rich(p, p.seat === null ? "You are watching." : `Waiting for ${p.current_name}…`)));
  } else {
    if (p.legal.length > 12) {
      const filter = el("input", { id: "filter", type: "search", placeholder: `Find among ${p.legal.length} actions…`, "aria-label": "Find an action" });
      filter.addEventListener("input", () => {
        const q = filter.value.trim().toLowerCase();
        for (const row of box.querySelectorAll(".action")) {
          const b = row.querySelector("button[data-action]");
          row.hidden = q && !(b.textContent.toLowerCase().includes(q) || b.dataset.action.toLowerCase().includes(q));
        }
      });
      box.append(filter);
    }
    const onBoard = new Set([...document.querySelectorAll("#board .act[data-action]")].map((a) => a.dataset.action));
    const list = el("ul", { class: "action-list" });
    for (const a of p.legal) {
      const button = el("button", { type: "button", "data-action": a.action, title: a.action, class: onBoard.has(a.action) ? "on-board" : "" },
        a.label, a.note ? el("small", { text: ` (${a.note})` }) : "");
      const row = el("li", { class: "action" }, button);
      if (a.help) {
        const help = el("p", { class: "help", hidden: true }, ...linkify(a.help));
        const q = el("button", { type: "button", class: "what", "aria-label": `What does "${a.label}" do?`, "aria-expanded": "false", title: "What does this do?" }, "?");
        q.addEventListener("click", () => { help.hidden = !help.hidden; q.setAttribute("aria-expanded", String(!help.hidden)); });
        row.append(q, help);
      }
      list.append(row);
    }
    box.append(list);
  }
  $("#undo").hidden = !p.can_undo;
}

function renderPlayers(p) {
  const body = $("#players tbody");
  body.replaceChildren();
  body.append(el("tr", {}, el("th", { text: "" }), el("th", { text: "Player" }), el("th", { text: "Played by" }),
    el("th", { text: p.scores ? (p.terminal ? "Final score" : "Score") : "" })));
  p.players.forEach((pl, s) => {
    const kind = pl.kind === "human" ? (pl.away ? "person (away: bot plays)" : "person") : `bot (${pl.kind})`;
    const online = p.connected && p.connected[s];
    const dot = pl.kind === "human" ? el("span", { class: "dot" + (online ? " on" : ""), title: online ? "online" : "offline" }) : "";
    body.append(el("tr", { class: (s === p.current_player ? "current " : "") + (s === p.seat ? "me" : "") },
      el("td", { text: s === p.current_player ? "▶" : "" }),
      el("td", {}, dot, " ", el("span", { class: "seat-name", style: `--seat: ${p.seat_colours[s]}` }, pl.name), s === p.seat ? " (you)" : ""),
      el("td", { text: kind }),
      el("td", { class: "num", text: p.scores ? p.scores[s] : "" })));
  });
}

function renderLog(p) {
  const log = $("#log");
  const seen = Number(log.dataset.events || 0);
  const notes = new Map();
  for (const [at, text] of p.notes) {
    const k = Math.min(at, p.events.length);
    if (!notes.has(k)) notes.set(k, []);
    notes.get(k).push(text);
  }
  const items = [];
  const push = (k) => { for (const t of notes.get(k) || []) items.push(el("li", { class: "note" }, ...rich(p, t))); };
  push(0);
  p.events.forEach((e, i) => {
    // numbered by event: server notes between them take no number
    items.push(el("li", { value: i + 1, class: state && log.dataset.game === p.game_id && i >= seen ? "fresh" : "" }, ...rich(p, e)));
    push(i + 1);
  });
  const shown = items.slice(-300);
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  log.replaceChildren(...shown);
  log.dataset.events = p.events.length;
  log.dataset.game = p.game_id;
  if (atEnd || !renderLog.done) log.scrollTop = log.scrollHeight;
  renderLog.done = true;
}

function renderFinal(p) {
  const box = $("#final");
  box.hidden = !p.terminal;
  if (!p.terminal) return;
  const f = p.final;
  $("#ranking").replaceChildren(...f.ranking.map((s) => el("li", { class: f.winners.includes(s) ? "winner" : "" },
    `${f.places[s]}. `, el("span", { class: "seat-name", style: `--seat: ${p.seat_colours[s]}` }, p.seat_names[s]),
    ` — ${f.scores[s]} points` + (f.winners.includes(s) ? " (winner)" : ""))));
  $("#final-note").textContent = f.truncated ? "A safety option (not a rule) cut this game short: the scores are those of the game as it stood then." : "";
}

function renderTimer(p) {
  clearInterval(countdown);
  const t = $("#timer");
  t.classList.remove("low");
  if (!p.timer || p.terminal) { t.hidden = true; return; }
  t.hidden = false;
  if (p.timer.left === null) { t.textContent = `${p.timer.seconds} s a decision`; return; }
  const end = Date.now() + p.timer.left * 1000;
  const who = p.your_turn ? "You have" : `${p.current_name} has`;
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const mm = Math.floor(left / 60), ss = String(left % 60).padStart(2, "0");
    t.replaceChildren(el("span", { class: "clock", text: `${mm}:${ss}` }), el("span", { class: "who", text: ` ${who} ${left} s, then the ${p.bot_level} bot plays.` }));
    t.classList.toggle("low", left <= 10);
  };
  tick();
  countdown = setInterval(tick, 1000);
}

document.addEventListener("click", (ev) => {
  const target = ev.target.closest("#actions button[data-action]");
  if (target) { ev.preventDefault(); play(target.dataset.action); }
});
$("#undo").addEventListener("click", () => { if (state && live()) send({ type: "undo", version: state.version }); });
$("#confirm-yes").addEventListener("click", () => { if (selected) play(selected); });
$("#confirm-no").addEventListener("click", () => { clearSelection(); select(null); });
$("#rules-open").addEventListener("click", () => { if (state) openRules(null); });
$("#rules-close").addEventListener("click", closeRules);

function soundButton() {
  const on = localStorage.getItem(SOUND_KEY) === "1";
  const b = $("#sound");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? "Sound on" : "Sound off";
}
$("#sound").addEventListener("click", () => {
  localStorage.setItem(SOUND_KEY, localStorage.getItem(SOUND_KEY) === "1" ? "0" : "1");
  soundButton();
  if (localStorage.getItem(SOUND_KEY) === "1") beep();   // a sample, and the browser allows audio after this tap
});
soundButton();

initBoard({ play, select });
connect();
