// The lobby: a card per game, "play against bots" in one click, a table set up with the
// variant's own options in words, the seat links of a new table, your tables and tables to watch.
// Everything shown comes from GET /api/catalog (the games' views) and is set as text, never HTML.
import { $, el, api, savedLinks, rememberLink, forgetLink } from "./common.js";

let CATALOG = null;
const NAME_KEY = "meeple.name";
const PEOPLE = "human";

function gameById(id) { return CATALOG.games.find((g) => g.id === id); }
function currentGame() { return gameById($("#game-select").value); }
function currentVariant() {
  const g = currentGame();
  return g.variants.find((v) => v.id === $("#variant-select").value) || g.variants[0];
}
function myName() { return ($("#my-name").value || "").trim(); }
function levels(test = false) { return CATALOG.bot_levels.filter((b) => b.test === test); }

// ------------------------------------------------------------------ game cards
function players(g) { return g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`; }

function gameCard(g) {
  const medium = CATALOG.bot_levels.find((b) => b.id === CATALOG.defaults.bot);
  const play = el("button", { type: "button", class: "primary play-bots", "data-game": g.id,
    title: `You and one ${medium.label.toLowerCase()} bot, ${g.variants[0].id} rules` }, "Play against bots");
  play.addEventListener("click", () => quickGame(g, play));
  const setup = el("button", { type: "button", class: "secondary set-up", "data-game": g.id }, "Set up a table");
  setup.addEventListener("click", () => openSetup(g.id));
  const facts = el("ul", { class: "facts" }, el("li", { class: "fact players" }, icon("players"), players(g)));
  if (g.length) facts.append(el("li", { class: "fact length" }, icon("clock"), g.length));
  facts.append(el("li", { class: "fact variants" }, `${g.variants.length} variant${g.variants.length > 1 ? "s" : ""}`));
  const how = el("details", { class: "how" }, el("summary", {}, "How to play"), el("div", { class: "how-text" }, el("p", { class: "hint", text: "Loading…" })));
  how.addEventListener("toggle", () => { if (how.open) loadHowTo(g, how.querySelector(".how-text")); }, { once: false });
  return el("article", { class: "game-card", id: `card-${g.id}`, "data-game": g.id },
    el("div", { class: "picture" }, el("img", { src: g.picture, alt: `${g.title}: the board at the start`, loading: "lazy", width: 640, height: 400 })),
    el("div", { class: "card-body" },
      el("h2", { class: "game-title", text: g.title }),
      facts,
      el("p", { class: "description", text: g.description }),
      how),
    el("div", { class: "card-actions" }, play, setup));
}

const ICONS = {   // small line icons (no emoji font needed)
  players: "M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 1a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM2 17c0-3.3 2.7-6 6-6s6 2.7 6 6zm13 0c0-1.9-.6-3.6-1.7-4.9A5 5 0 0 1 21 17z",
  clock: "M11 2a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm-1 2v5.4l4.2 2.5 1-1.7-3.2-1.9V6z",
};

function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 22 20");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

async function loadHowTo(g, box) {
  if (box.dataset.loaded) return;
  try {
    const rules = await api(`/api/rules/${encodeURIComponent(g.id)}`);
    const text = rules.how_to_play || "";
    box.replaceChildren(...(text ? text.split(/\n\s*\n/).map((p) => el("p", { text: p.trim() })) :
      [el("p", { class: "hint", text: "The rules are on the game page (the Rules button)." })]));
    box.dataset.loaded = "1";
  } catch (e) { box.replaceChildren(el("p", { class: "error", text: `The rules could not be loaded: ${e.message}` })); }
}

// One click: you and a bot at the default level, the first variant, the options a table with people gets.
async function quickGame(g, button) {
  if (button.disabled) return;
  button.disabled = true;
  $("#quick-error").hidden = true;
  const n = Math.max(g.min_players, CATALOG.defaults.num_players);
  const seats = [PEOPLE, ...Array(n - 1).fill(CATALOG.defaults.bot)];
  const names = [myName() || null, ...Array(n - 1).fill(null)];
  try {
    const made = await api("/api/games", { method: "POST", body: JSON.stringify({ game: g.id, variant: g.variants[0].id, num_players: n, seats, names }) });
    const mine = made.seats[0];
    rememberLink({ id: made.id, seat: 0, name: mine.name, title: made.title, link: mine.link });
    location.assign(mine.link);
  } catch (e) {
    const box = $("#quick-error");
    box.textContent = `The game could not be started: ${e.message}`;
    box.hidden = false;
    button.disabled = false;
  }
}

function openSetup(id) {
  $("#game-select").value = id;
  fillGame();
  $("#created").hidden = true;
  $("#new-game").scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "start" });
  $("#game-select").focus({ preventScroll: true });
}

// ------------------------------------------------------------------ the set-up form
function fillGame() {
  const g = currentGame();
  $("#setup-picture").src = g.picture;
  const variant = $("#variant-select");
  const keep = variant.value;
  variant.replaceChildren(...g.variants.map((v) => el("option", { value: v.id, text: variantName(v) })));
  if (g.variants.some((v) => v.id === keep)) variant.value = keep;
  const count = $("#players");
  const wanted = Number(count.value) || 2;
  count.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) count.append(el("option", { value: n, text: `${n}` }));
  count.value = String(Math.min(Math.max(wanted, g.min_players), g.max_players));
  fillVariant();
}

function variantName(v) {
  const name = v.id.replace(/[-_]/g, " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function fillVariant() {
  const v = currentVariant();
  $("#variant-text").textContent = v.text && v.text !== v.id ? v.text : "";
  fillOptions();
  fillSeats();
}

function optionsShown() {
  const g = currentGame();
  const applies = new Set(currentVariant().options);
  return g.options.filter((o) => applies.has(o.name));
}

function fillOptions() {
  const box = $("#options");
  const shown = optionsShown().filter((o) => o.control !== "seats");   // seat options sit on each seat
  box.replaceChildren();
  for (const o of shown) box.append(optionControl(o));
  $("#options-box").hidden = shown.length === 0;
}

function optionControl(o) {
  const id = `opt-${o.name}`;
  const help = o.help ? el("small", { class: "help", id: `${id}-help`, text: o.help }) : "";
  const described = o.help ? `${id}-help` : null;
  if (o.control === "checkbox") {
    return el("div", { class: "option check" },
      el("input", { type: "checkbox", id, "data-option": o.name, "data-kind": "bool", checked: !!o.default, "aria-describedby": described }),
      el("label", { for: id }, el("span", { class: "label", text: o.label }), help));
  }
  let input;
  if (o.control === "select") {
    input = el("select", { id, "data-option": o.name, "data-kind": "choice", "aria-describedby": described },
      ...o.choices.map((c, i) => el("option", { value: String(i), text: c.text, selected: c.value === o.default })));
  } else {   // number
    input = el("input", { type: "number", id, "data-option": o.name, "data-kind": "int", min: 0, step: 1, inputmode: "numeric",
      value: o.default === null ? "" : o.default, placeholder: o.empty || "", "aria-describedby": described });
  }
  return el("div", { class: "option" }, el("label", { for: id, class: "label", text: o.label }), input, help);
}

function seatOptions() { return optionsShown().filter((o) => o.control === "seats"); }

function fillSeats() {
  const n = Number($("#players").value);
  const box = $("#seats");
  const old = [...box.querySelectorAll(".seat")].map((row) => ({
    kind: row.querySelector("select").value, name: row.querySelector("input.seat-name").value,
    flags: [...row.querySelectorAll("input[data-seat-option]")].map((c) => [c.dataset.seatOption, c.checked]),
  }));
  const perSeat = seatOptions();
  box.replaceChildren(el("legend", { text: "Seats: who plays each seat" }));
  for (let i = 0; i < n; i++) {
    const prev = old[i] || { kind: i === 0 ? PEOPLE : CATALOG.defaults.bot, name: i === 0 ? myName() : "", flags: [] };
    const select = el("select", { class: "seat-kind", "data-seat": i, "aria-label": `Who plays seat ${i + 1}` },
      el("option", { value: PEOPLE, text: "A person (gets a link)", selected: prev.kind === PEOPLE }),
      el("optgroup", { label: "Bots" }, ...levels(false).map((b) => el("option", { value: b.id, text: `Bot: ${b.label}`, selected: prev.kind === b.id }))),
      el("optgroup", { label: "Bots for testing" }, ...levels(true).map((b) => el("option", { value: b.id, text: `Bot: ${b.label}`, selected: prev.kind === b.id }))));
    const name = el("input", { class: "seat-name", type: "text", maxlength: 24, "data-seat": i, value: prev.name || "",
      placeholder: i === 0 ? "Your name" : "Their name", "aria-label": `Name of the person at seat ${i + 1}`, spellcheck: "false" });
    const flags = perSeat.map((o) => {
      const id = `seat-${i}-${o.name}`;
      const on = prev.flags.some(([k, v]) => k === o.name && v);
      return el("span", { class: "seat-flag" }, el("input", { type: "checkbox", id, "data-seat-option": o.name, "data-seat": i, checked: on }),
        el("label", { for: id, title: o.help, text: o.label }));
    });
    const about = el("p", { class: "seat-about" });
    const row = el("div", { class: "seat", "data-seat": i },
      el("span", { class: "seat-no", "aria-hidden": "true", text: String(i + 1) }), select,
      el("div", { class: "seat-more" }, name, ...flags, about));
    const sync = () => {
      const bot = select.value !== PEOPLE;
      const level = CATALOG.bot_levels.find((b) => b.id === select.value);
      name.hidden = bot;
      row.classList.toggle("bot", bot);
      about.textContent = bot && level ? `${level.text.split(":")[0]}; it ${level.think}.` : (i === 0 ? "" : "They get their own private link to send them.");
    };
    select.addEventListener("change", sync);
    sync();
    box.append(row);
  }
  if (perSeat.length) box.append(...perSeat.map((o) => el("p", { class: "hint", text: `${o.label}: ${o.help}` })));
}

function readOptions() {
  const g = currentGame();
  const out = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const o = g.options.find((x) => x.name === input.dataset.option);
    if (input.dataset.kind === "bool") out[o.name] = input.checked;
    else if (input.dataset.kind === "choice") out[o.name] = o.choices[Number(input.value)].value;
    else out[o.name] = input.value === "" ? null : Number(input.value);
  }
  for (const o of seatOptions()) {
    out[o.name] = [...document.querySelectorAll(`#seats input[data-seat-option="${o.name}"]`)]
      .filter((c) => c.checked).map((c) => Number(c.dataset.seat));
  }
  return out;
}

let creating = false;

async function create(ev) {
  ev.preventDefault();
  $("#create-error").textContent = "";
  if (creating) return;  // a double click creates one table, not two
  const seats = [...document.querySelectorAll("#seats select.seat-kind")].map((s) => s.value);
  const names = [...document.querySelectorAll("#seats input.seat-name")].map((x, i) =>
    seats[i] === PEOPLE && x.value.trim() ? x.value.trim() : null);
  const config = {
    game: $("#game-select").value,
    variant: $("#variant-select").value,
    num_players: seats.length,
    seats, names,
    options: readOptions(),
    bot_level: $("#bot-level").value,
    timer_seconds: $("#timer").value ? Number($("#timer").value) : null,
  };
  if ($("#seed").value) config.seed = Number($("#seed").value);
  if (names[0] && !myName()) { $("#my-name").value = names[0]; saveName(); }
  const button = $("#create");
  creating = true;
  button.disabled = true;
  let made;
  try { made = await api("/api/games", { method: "POST", body: JSON.stringify(config) }); }
  catch (e) { $("#create-error").textContent = `The table could not be created: ${e.message}`; return; }
  finally { creating = false; button.disabled = false; }
  showCreated(made);
  refresh();
}

function linkRow(label, kind, url, href, cls, seat, first = false) {
  const input = el("input", { class: "link", readonly: true, value: url, "aria-label": `Link for ${label}` });
  input.addEventListener("focus", () => input.select());
  const copyButton = el("button", { type: "button", class: "copy" }, "Copy link");
  copyButton.addEventListener("click", () => copy(url, copyButton, input));
  const open = el("a", { class: `${cls} button${first ? " primary" : ""}`, href, "data-seat": seat }, seat === null ? "Watch" : first ? "Play: this is you" : "Play this seat");
  return el("tr", {}, el("th", { scope: "row" }, el("span", { class: "who", text: label }), el("small", { text: kind })),
    el("td", { class: "link-cell" }, input), el("td", { class: "buttons" }, copyButton, " ", open));
}

function showCreated(made) {
  const body = $("#links tbody");
  body.replaceChildren();
  const origin = location.origin;
  let first = true;
  for (const s of made.seats) {
    if (!s.link) {
      const level = CATALOG.bot_levels.find((b) => b.id === s.kind);
      body.append(el("tr", { class: "bot" }, el("th", { scope: "row" }, el("span", { class: "who", text: s.name }), el("small", { text: "bot" })),
        el("td", { colspan: 2, class: "hint", text: `${level ? level.label : s.kind} bot: ${level ? level.think : ""}` })));
      continue;
    }
    rememberLink({ id: made.id, seat: s.seat, name: s.name, title: made.title, link: s.link });
    body.append(linkRow(s.name, first ? "your private link" : "their private link", origin + s.link, s.link, "seat-link", s.seat, first));
    first = false;
  }
  body.append(linkRow("Spectators", "anyone may watch", origin + made.spectator, made.spectator, "spectator-link", null));
  $("#created").hidden = false;
  $("#created").scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "nearest" });
}

async function copy(text, button, input) {
  try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; }
  catch { input.focus(); input.select(); button.textContent = "Press Ctrl+C"; }
  setTimeout(() => { button.textContent = "Copy link"; }, 1800);
}

// ------------------------------------------------------------------ lists
function status(summary) {
  if (summary.terminal) return summary.winners && summary.winners.length ? `Finished: ${summary.winners.join(" and ")} won` : "Finished";
  return `${summary.current_name} to play`;
}

async function refresh() {
  const mine = $("#my-games tbody");
  const links = savedLinks();
  if (links.length && $("#tables").parentElement !== $(".lobby-main")) $("#games").before($("#tables"));  // resume first
  mine.replaceChildren(...(links.length ? [] : [el("tr", {}, el("td", { colspan: 4, class: "hint", text: "None yet: start a game above." }))]));
  for (const x of links) {
    const st = el("td", { class: "status", text: "…" });
    const forget = el("button", { type: "button", class: "small ghost", title: "Forget this link", "aria-label": `Forget ${x.title}` }, "×");
    forget.addEventListener("click", () => { forgetLink(x.id, x.seat); refresh(); });
    mine.append(el("tr", {}, el("td", { text: x.title }), el("td", { text: x.seat === null ? "watching" : x.name }), st,
      el("td", { class: "buttons" }, el("a", { href: x.link, class: "button" }, x.seat === null ? "Watch" : "Resume"), " ", forget)));
    api(`/api/games/${encodeURIComponent(x.id)}/summary`).then((s) => { st.textContent = status(s); })
      .catch((e) => { st.textContent = e.status === 404 ? "no longer on this server" : "not reachable"; });
  }
  const pub = $("#public-games tbody");
  try {
    const { games } = await api("/api/games");
    pub.replaceChildren(...(games.length ? [] : [el("tr", {}, el("td", { colspan: 4, class: "hint", text: "No tables yet." }))]));
    for (const g of games.slice(0, 30)) {
      const who = g.seats.map((s) => s.kind === PEOPLE ? s.name : `${s.name}, ${s.kind} bot`).join(" · ");
      pub.append(el("tr", {}, el("td", { text: `${g.title} (${g.variant})` }), el("td", { class: "who", text: who }),
        el("td", { class: "status", text: status(g) }), el("td", { class: "buttons" }, el("a", { href: g.spectator, class: "button" }, "Watch"))));
    }
  } catch (e) { pub.replaceChildren(el("tr", {}, el("td", { colspan: 4, class: "error", text: `The list could not be loaded: ${e.message}` }))); }
}

function saveName() {
  try { localStorage.setItem(NAME_KEY, myName()); } catch { /* private mode: not kept */ }
  const first = document.querySelector("#seats input.seat-name[data-seat='0']");
  if (first && !first.dataset.touched) first.value = myName();
}

function botHelp() {
  $("#bot-levels").replaceChildren(...levels(false).flatMap((b) => [
    el("dt", {}, el("b", { text: b.label }), el("span", { class: "think", text: ` · ${b.think}` })),
    el("dd", { text: b.text })]));
  $("#bot-level").replaceChildren(...CATALOG.bot_levels.filter((b) => !b.test).map((b) =>
    el("option", { value: b.id, text: `${b.label}: ${b.think}`, selected: b.id === "easy" })));
}

async function main() {
  try { $("#my-name").value = localStorage.getItem(NAME_KEY) || ""; } catch { /* no storage */ }
  try { CATALOG = await api("/api/catalog"); }
  catch (e) {
    $("#game-cards").replaceChildren(el("p", { class: "error", text: `The games could not be loaded (${e.message}). Is the server running? Reload the page to try again.` }));
    document.body.dataset.ready = "1";
    return;
  }
  $("#game-cards").replaceChildren(...CATALOG.games.map(gameCard));
  $("#game-select").replaceChildren(...CATALOG.games.map((g) => el("option", { value: g.id, text: g.title })));
  botHelp();
  $("#game-select").addEventListener("change", fillGame);
  $("#variant-select").addEventListener("change", fillVariant);
  $("#players").addEventListener("change", fillSeats);
  $("#create-form").addEventListener("submit", create);
  $("#my-name").addEventListener("change", saveName);
  $("#seats").addEventListener("input", (ev) => { if (ev.target.matches("input.seat-name[data-seat='0']")) ev.target.dataset.touched = "1"; });
  fillGame();
  refresh();
  document.body.dataset.ready = "1";
}

main();
