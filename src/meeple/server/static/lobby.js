// The lobby: create a game, share its seat links, see and resume your games.
import { $, el, api, savedLinks, rememberLink, forgetLink } from "./common.js";

let META = null;

function currentGame() { return META.games.find((g) => g.id === $("#game-select").value); }

function fillGame() {
  const g = currentGame();
  const variant = $("#variant-select");
  variant.replaceChildren(...g.variants.map((v) => el("option", { value: v, text: v })));
  const players = $("#players");
  const keep = Number(players.value) || 2;
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n, text: n }));
  players.value = String(Math.min(Math.max(keep, g.min_players), g.max_players));
  const opts = $("#options");
  opts.replaceChildren();
  for (const o of g.options) {
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", "data-option": o.name, "data-kind": "bool", checked: !!o.default });
    else if (o.choices) input = el("select", { "data-option": o.name, "data-kind": "choice" },
      ...o.choices.map((c) => el("option", { value: JSON.stringify(c), text: String(c), selected: c === o.default })));
    else if (o.kind === "int") input = el("input", { type: "number", "data-option": o.name, "data-kind": "int",
      value: o.default === null ? "" : o.default, placeholder: o.default === null ? "none" : "" });
    else input = el("input", { type: "text", "data-option": o.name, "data-kind": "json", value: JSON.stringify(o.default) });
    opts.append(el("label", { class: o.kind === "bool" ? "check" : "" }, input, " ", el("b", { text: o.name }), el("small", { text: " " + o.help })));
  }
  fillSeats();
}

function fillSeats() {
  const n = Number($("#players").value);
  const box = $("#seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", { text: "Seats (who plays each seat)" }));
  for (let i = 0; i < n; i++) {
    const value = old[i] || (i === 0 ? "human" : "easy");
    const choices = [["human", "a person (gets a link)"], ...META.bot_levels.map((b) => [b, `bot: ${b}`])];
    const select = el("select", { class: "seat-kind", "data-seat": i },
      ...choices.map(([v, t]) => el("option", { value: v, text: t, selected: v === value })));
    box.append(el("label", { class: "seat" }, `Seat ${i + 1} `, select));
  }
}

function readOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    const name = input.dataset.option;
    if (kind === "bool") out[name] = input.checked;
    else if (kind === "choice") out[name] = JSON.parse(input.value);
    else if (kind === "int") out[name] = input.value === "" ? null : Number(input.value);
    else { try { out[name] = JSON.parse(input.value); } catch { out[name] = input.value; } }
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  $("#create-error").textContent = "";
  const config = {
    game: $("#game-select").value,
    variant: $("#variant-select").value,
    num_players: Number($("#players").value),
    seats: [...document.querySelectorAll("#seats select")].map((s) => s.value),
    options: readOptions(),
    bot_level: $("#bot-level").value,
    timer_seconds: $("#timer").value ? Number($("#timer").value) : null,
  };
  if ($("#seed").value) config.seed = Number($("#seed").value);
  const button = ev.submitter || $("#create-form button[type=submit]");
  if (creating) return;  // a double click creates one game, not two
  creating = true;
  if (button) button.disabled = true;
  let made;
  try { made = await api("/api/games", { method: "POST", body: JSON.stringify(config) }); }
  catch (e) { $("#create-error").textContent = e.message; return; }
  finally { creating = false; if (button) button.disabled = false; }
  showCreated(made);
  refresh();
}

let creating = false;

function showCreated(made) {
  const body = $("#links tbody");
  body.replaceChildren();
  const origin = location.origin;
  for (const s of made.seats) {
    if (!s.link) { body.append(el("tr", {}, el("td", { text: s.name }), el("td", { text: `bot (${s.kind})`, colspan: 3 }))); continue; }
    const url = origin + s.link;
    rememberLink({ id: made.id, seat: s.seat, name: s.name, title: made.title, link: s.link });
    body.append(el("tr", {},
      el("td", { text: s.name }),
      el("td", {}, el("input", { class: "link", readonly: true, value: url, onclick: (e) => e.target.select() })),
      el("td", {}, el("button", { type: "button", class: "copy", onclick: (e) => copy(url, e.target) }, "Copy")),
      el("td", {}, el("a", { class: "seat-link button", href: s.link, "data-seat": s.seat }, "Play"))));
  }
  const spec = origin + made.spectator;
  body.append(el("tr", { class: "spectator" }, el("td", { text: "Spectators" }),
    el("td", {}, el("input", { class: "link", readonly: true, value: spec, onclick: (e) => e.target.select() })),
    el("td", {}, el("button", { type: "button", class: "copy", onclick: (e) => copy(spec, e.target) }, "Copy")),
    el("td", {}, el("a", { class: "spectator-link button", href: made.spectator }, "Watch"))));
  $("#created").hidden = false;
  $("#created").scrollIntoView({ behavior: "smooth" });
}

async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; }
  catch { button.textContent = "Select + Ctrl-C"; }
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

function status(summary) {
  if (summary.terminal) return summary.winners ? `finished: ${summary.winners.join(" and ")} won` : "finished";
  return `${summary.current_name} to play (move ${summary.version})`;
}

async function refresh() {
  const mine = $("#my-games tbody");
  const links = savedLinks();
  mine.replaceChildren(...(links.length ? [] : [el("tr", {}, el("td", { colspan: 4, class: "hint", text: "None yet." }))]));
  for (const x of links) {
    const st = el("td", { text: "…" });
    const row = el("tr", {}, el("td", { text: x.title }), el("td", { text: x.seat === null ? "spectator" : x.name }), st,
      el("td", {}, el("a", { href: x.link, class: "button" }, "Resume"), " ",
        el("button", { type: "button", class: "small", title: "Forget this link", onclick: () => { forgetLink(x.id, x.seat); refresh(); } }, "×")));
    mine.append(row);
    api(`/api/games/${x.id}/summary`).then((s) => { st.textContent = status(s); }).catch((e) => { st.textContent = e.status === 404 ? "gone" : "?"; });
  }
  const pub = $("#public-games tbody");
  try {
    const { games } = await api("/api/games");
    pub.replaceChildren(...(games.length ? [] : [el("tr", {}, el("td", { colspan: 4, class: "hint", text: "No games yet." }))]));
    for (const g of games) {
      pub.append(el("tr", {}, el("td", { text: `${g.title} (${g.variant})` }),
        el("td", { text: g.seats.map((s) => s.kind === "human" ? s.name : `${s.name} (${s.kind})`).join(", ") }),
        el("td", { text: status(g) }), el("td", {}, el("a", { href: g.spectator, class: "button" }, "Watch"))));
    }
  } catch (e) { pub.replaceChildren(el("tr", {}, el("td", { colspan: 4, class: "error", text: e.message }))); }
}

async function main() {
  META = await api("/api/meta");
  $("#game-select").replaceChildren(...META.games.map((g) => el("option", { value: g.id, text: g.title })));
  $("#bot-level").replaceChildren(...META.bot_levels.map((b) => el("option", { value: b, text: b })));
  $("#game-select").addEventListener("change", fillGame);
  $("#players").addEventListener("change", fillSeats);
  $("#create-form").addEventListener("submit", create);
  fillGame();
  refresh();
  document.body.dataset.ready = "1";
}

main();
