// The game page: the board, the legal actions, the log, over a websocket (docs/web.md).
import { $, el, rememberLink } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const token = params.get("token");   // null: a spectator's link; "": a seat link cut short
let state = null;      // the last payload
let socket = null;
let pending = false;   // a move sent, its answer not yet in
let retry = 500;
let countdown = null;

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { showError("Not connected; reconnecting…"); return false; }
  socket.send(JSON.stringify(message));
  return true;
}

function play(action) {
  if (!state || !state.your_turn || pending) return;
  if (send({ type: "move", action, version: state.version })) {
    pending = true;
    document.body.classList.add("pending");
  }
}

function showError(text) {
  const box = $("#error");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
  socket = new WebSocket(url);
  socket.onopen = () => {
    retry = 500;
    setConnection("connected", true);
    if (token === "") showError("This link's token is empty (was the seat link cut short?): you are watching as a spectator.");
  };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") render(msg);
    else if (msg.type === "error") {
      pending = false;
      document.body.classList.remove("pending");
      showError(msg.message);
      if (msg.status === 404 || msg.status === 403) { fatal = true; $("#turn").textContent = msg.message; }
    }
  };
  socket.onclose = () => {
    if (fatal) { setConnection("not connected", false); return; }   // a bad link: no retry
    setConnection("disconnected: reconnecting…", false);
    setTimeout(connect, retry);   // the server sends the full state again on connect
    retry = Math.min(retry * 2, 8000);
  };
}
let fatal = false;

function setConnection(text, ok) {
  const c = $("#connection");
  c.textContent = text;
  c.classList.toggle("ok", ok);
}

function render(p) {
  state = p;
  pending = false;
  document.body.classList.remove("pending");
  document.body.dataset.version = p.version;
  document.body.dataset.terminal = p.terminal ? "1" : "0";
  document.body.dataset.yourTurn = p.your_turn ? "1" : "0";
  const me = p.seat === null ? null : p.seat_names[p.seat];
  document.title = `${p.title}${me ? " · " + me : ""} · meeple`;
  $("#title").textContent = `${p.title} · ${p.variant} · ` + (me ? `you play ${me}` : "spectating");
  rememberLink({ id: p.game_id, seat: p.seat, name: me || "spectator", title: p.title, link: location.pathname + location.search });

  const turn = $("#turn");
  turn.className = "turn";
  if (p.terminal) {
    const w = p.final.winners.map((s) => p.seat_names[s]);
    turn.textContent = `Game over: ${w.join(" and ")} ${w.length > 1 ? "share the win" : "wins"}`;
    turn.classList.add("over");
  } else if (p.your_turn) {
    turn.textContent = `Your turn, ${me}`;
    turn.classList.add("mine");
  } else {
    const cur = p.players[p.current_player];
    const who = cur.kind === "human" ? (cur.away ? " (away: a bot plays for them)" : "") : ` (bot: ${cur.kind}, thinking…)`;
    turn.textContent = `${p.current_name} to play${who}`;
  }

  $("#board").innerHTML = p.board;   // server-made SVG (no scripts) or escaped text
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
    box.append(el("p", { class: "hint", text: p.seat === null ? "You are watching." : `Waiting for ${p.current_name}…` }));
  } else {
    if (p.legal.length > 16) {
      const filter = el("input", { id: "filter", type: "search", placeholder: `filter ${p.legal.length} actions…` });
      filter.addEventListener("input", () => {
        const q = filter.value.trim().toLowerCase();
        for (const b of box.querySelectorAll("button[data-action]")) b.hidden = q && !b.dataset.action.toLowerCase().includes(q);
      });
      box.append(filter);
    }
    const list = el("div", { class: "action-list" });
    for (const a of p.legal) {
      list.append(el("button", { type: "button", "data-action": a.action, title: a.note || a.action },
        a.action, a.note ? el("small", { text: ` (${a.note})` }) : ""));
    }
    box.append(list);
  }
  $("#undo").hidden = !p.can_undo;
}

function renderPlayers(p) {
  const body = $("#players tbody");
  body.replaceChildren();
  body.append(el("tr", {}, el("th", { text: "" }), el("th", { text: "Seat" }), el("th", { text: "Played by" }),
    el("th", { text: p.scores ? (p.terminal ? "Final score" : "Score") : "" })));
  p.players.forEach((pl, s) => {
    const kind = pl.kind === "human" ? (pl.away ? "person (away: bot plays)" : "person") : `bot (${pl.kind})`;
    const dot = pl.kind === "human" ? el("span", { class: "dot" + (pl.connected ? " on" : ""), title: pl.connected ? "online" : "offline" }) : "";
    body.append(el("tr", { class: (s === p.current_player ? "current " : "") + (s === p.seat ? "me" : "") },
      el("td", { text: s === p.current_player ? "▶" : "" }),
      el("td", {}, dot, " ", pl.name + (s === p.seat ? " (you)" : "")),
      el("td", { text: kind }),
      el("td", { class: "num", text: p.scores ? p.scores[s] : "" })));
  });
}

function renderLog(p) {
  const log = $("#log");
  const notes = new Map();
  for (const [at, text] of p.notes) {
    const k = Math.min(at, p.events.length);
    if (!notes.has(k)) notes.set(k, []);
    notes.get(k).push(text);
  }
  const items = [];
  const push = (k) => { for (const t of notes.get(k) || []) items.push(el("li", { class: "note", text: t })); };
  push(0);
  p.events.forEach((e, i) => { items.push(el("li", { text: e })); push(i + 1); });
  const shown = items.slice(-300);
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  log.replaceChildren(...shown);
  if (atEnd || !renderLog.done) log.scrollTop = log.scrollHeight;
  renderLog.done = true;
}

function renderFinal(p) {
  const box = $("#final");
  box.hidden = !p.terminal;
  if (!p.terminal) return;
  const f = p.final;
  $("#ranking").replaceChildren(...f.ranking.map((s) => el("li", { class: f.winners.includes(s) ? "winner" : "" },
    `${f.places[s]}. ${p.seat_names[s]} — ${f.scores[s]}` + (f.winners.includes(s) ? " (winner)" : ""))));
  $("#final-note").textContent = f.truncated ? "A safety option (not a rule) cut this game short: the scores are those of the game as it stood then." : "";
}

function renderTimer(p) {
  clearInterval(countdown);
  const t = $("#timer");
  if (!p.timer || p.terminal) { t.textContent = ""; return; }
  if (p.timer.left === null) { t.textContent = `Turn timer: ${p.timer.seconds} s a decision.`; return; }
  const end = Date.now() + p.timer.left * 1000;
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    t.textContent = `${p.current_name} has ${left} s left (then the ${p.bot_level} bot plays for them).`;
  };
  tick();
  countdown = setInterval(tick, 1000);
}

document.addEventListener("click", (ev) => {
  const target = ev.target.closest("[data-action]");
  if (target && (target.closest("#board") || target.closest("#actions"))) { ev.preventDefault(); play(target.dataset.action); }
});
$("#undo").addEventListener("click", () => { if (state) send({ type: "undo", version: state.version }); });

connect();
