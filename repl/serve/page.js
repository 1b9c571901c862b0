// A seat's page (or the watchers'): shows the state the referee streams to
// this page, whole each time, and sends the moves tapped, clicked or
// typed. It knows only what its link's seat may: the server sends nothing
// else. (Built after page_cards.js, which draws cards and dice, and
// page_choose.js, which makes a move of the cards tapped.)
"use strict";

const base = location.pathname.replace(/\/+$/, "");
let source = null;
let sending = false;
let lastState = null;

function $(id) { return document.getElementById(id); }

function fill(node, texts, tag) {
  node.replaceChildren(...texts.map((text) => {
    const item = document.createElement(tag || "li");
    item.textContent = text;
    return item;
  }));
}

function seatName(state, seat) {
  const s = state.seats.find((x) => x.seat === seat);
  return s ? s.name : "seat " + seat;
}

// A seat as people call it at the table: "Ann", or "seat 2" unnamed.
function shortName(state, seat) {
  const m = /\((.*)\)$/.exec(seatName(state, seat));
  return m ? m[1] : "seat " + seat;
}

function showTurn(state) {
  const turn = $("turn");
  const d = state.decision;
  const dice = state.dice;
  turn.className = "";
  if (countdown) { clearInterval(countdown); countdown = null; }
  if (dice && dice.yours) {
    turn.className = "yours";
    turn.textContent = (dice.seat ? "Lift the cup and type" : "The dice are lifted: type")
      + " what the dice show (" + dice.n + " number" + (dice.n > 1 ? "s" : "") + " from 1 to "
      + dice.faces + ")";
  } else if (dice) {
    turn.textContent = "Waiting for " + (dice.seat ? seatName(state, dice.seat) : "someone")
      + " to type what the dice show";
  } else if (state.result) {
    turn.className = "over";
    turn.textContent = state.result.map((line) => line.trim()).join("\n");
  } else if (d && d.yours) {
    turn.className = "yours";
    turn.textContent = "Your move" + (d.prompt ? ": " + d.prompt.join(" ") : " (" + d.kind + ")");
    countDown(turn, d, state);
  } else if (d) {
    const who = d.waiting.map((s) => seatName(state, s)).join(", ");
    turn.textContent = "Waiting for " + who + " (" + d.kind + ")";
    countDown(turn, d, state);
  } else {
    turn.textContent = "";
  }
}

// A claim window with a time closes by itself, silence passing; with a
// clock (--clock) a decision's time runs out and the rules' default
// answer is played. The seconds left are counted down beside the turn.
let countdown = null;
function countDown(turn, d, state) {
  const clock = state.clock;
  if (d.closes_in === undefined && !clock) return;
  const base = turn.textContent;
  const ends = Date.now() + (d.closes_in !== undefined ? d.closes_in : clock.left) * 1000;
  const then = d.closes_in !== undefined ? (left) => "closes in " + left + " s, silence passes"
    : clock.seat === state.seat
      ? (left) => "decide within " + left + " s: then " + (clock.then ? "'" + clock.then + "' is played for you" : "the table is told")
      : (left) => left + " s left on the clock";
  const tick = () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    turn.textContent = base + " \u2014 " + then(left);
    if (left === 0 && countdown) { clearInterval(countdown); countdown = null; }
  };
  tick();
  countdown = setInterval(tick, 1000);
}

// ---- the table, drawn ----

// A zone as people name it: "your hand", "Bob's hand", "stock".
function zoneLabel(state, zone) {
  if (!zone.seat) return zone.kind;
  return (zone.seat === state.seat ? "your" : shortName(state, zone.seat) + "'s") + " " + zone.kind;
}

// What a tap on a card does now: pick it for a move, or show what an
// action card does; null when a tap does nothing.
function tapFor(state, name, picking) {
  const text = state.card_text && state.card_text[name];
  if (!picking.has(cardKey(name)) && !text) return null;
  return () => {
    if (text) {
      $("cardtext").hidden = false;
      $("cardtext").textContent = actionWords(name) + ": " + text;
    }
    if (picking.has(cardKey(name))) {
      tapCard(name);
      $("refusal").textContent = "";
      showPicked();
      showReadout(lastState);
    }
  };
}

const FAN_FROM = 8;

function drawZone(state, zone, picking) {
  const box = document.createElement("div");
  box.className = "zone";
  const label = document.createElement("h3");
  label.textContent = zoneLabel(state, zone);
  const cards = document.createElement("div");
  cards.className = "cards";
  const n = zone.cards.length;
  const seen = zone.cards.filter((c) => c !== null);
  if (!n) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = "empty";
    cards.append(empty);
  } else if (!seen.length) {
    cards.append(drawPile(n));
  } else if (zone.top_only && n > 1) {
    const top = seen[seen.length - 1];
    cards.append(drawPile(n - 1), drawCard(top, tapFor(state, top, picking)));
  } else {
    for (const name of zone.cards) cards.append(name === null ? drawCard(null, null) : drawCard(name, tapFor(state, name, picking)));
    // Many cards that are not yours to play with (a points pile) are
    // fanned: each shows its corner.
    if (n > FAN_FROM && !zone.cards.some((c) => c !== null && picking.has(cardKey(c)))) cards.classList.add("fan");
  }
  label.textContent += " (" + n + ")";
  box.append(label, cards);
  return box;
}

function showBoard(state, picking) {
  const board = $("board"), hand = $("hand");
  const t = state.table;
  if (!t) { board.replaceChildren(); hand.hidden = true; return; }
  const mine = t.zones.filter((z) => state.seat && z.owner === state.seat);
  board.replaceChildren(...t.zones.filter((z) => !mine.includes(z)).map((z) => drawZone(state, z, picking)));
  if (t.dice.length) {
    const dice = document.createElement("div");
    dice.className = "zone dice";
    const label = document.createElement("h3");
    label.textContent = "dice";
    dice.append(label, ...t.dice.map(drawDie));
    board.append(dice);
  }
  const line = document.createElement("p");
  line.className = "turnline";
  const credits = t.credits.map((a) => (a.seat ? shortName(state, a.seat) : a.name) + " " + a.balance);
  const who = [];
  if (t.turn) who.push("turn: " + shortName(state, t.turn));
  if (t.dealer) who.push("dealer: " + shortName(state, t.dealer));
  if (state.seats.length > 2) who.push(t.direction > 0 ? "clockwise" : "counter-clockwise");
  if (t.out.length) who.push("out: " + t.out.map((s) => shortName(state, s)).join(", "));
  line.textContent = [credits.length ? "credits: " + credits.join(", ") : "", who.join(", ")].filter(Boolean).join(" \u00b7 ");
  board.append(line);
  hand.hidden = !mine.length;
  hand.replaceChildren(...mine.map((z) => drawZone(state, z, picking)));
  showPicked();
}

// A card picked shows so (on the cards as they are: a tap redraws
// nothing, so the focus stays where a keyboard left it); a dual card's
// face picked first comes first.
function showPicked() {
  document.querySelectorAll("button.card").forEach((node) => {
    const p = Choose.picked.find((x) => x.name === node.dataset.card);
    node.classList.toggle("picked", !!p);
    node.classList.toggle("flipped", !!(p && p.face));
    if (picking.has(cardKey(node.dataset.card))) node.setAttribute("aria-pressed", String(!!p));
  });
}

// ---- your move ----

let picking = new Set(); // the keys of the cards a tap picks now

function decisionKey(state) {
  const d = state.decision;
  return d ? state.moves_played + "|" + d.kind + "|" + (d.moves || []).join(",") : "";
}

function shownKeys(state) {
  const keys = new Set();
  for (const z of (state.table ? state.table.zones : [])) for (const c of z.cards) if (c !== null) keys.add(cardKey(c));
  return keys;
}

function moveButton(move, d) {
  const b = document.createElement("button");
  b.type = "button";
  // A claim's word alone (BAMM!'s "bamm") is a claim of no cards, which
  // the rules may punish: its button starts the claim in the box, for
  // the cards to be added, and Enter sends it as it stands.
  const claim = d.claims.includes(move);
  b.textContent = claim ? move + " \u2026" : move;
  // At a real deck a move of a card the referee cannot see reads CARD:
  // it goes to the box, for the card's name to be typed in its place.
  b.addEventListener("click", () => {
    if (claim || /\bCARD\b/.test(move)) {
      $("text").value = claim ? move + " " : move.replace(/\bCARD\b.*/, "");
      $("text").focus();
    } else {
      send(move);
    }
  });
  return b;
}

// The move's controls: the readout of the cards picked, a hint, and the
// moves that take no cards (buttons, or a picker for many of one verb).
function showChoosing(state) {
  const d = state.decision;
  const yours = !state.result && !state.dice && d && d.yours;
  const keys = shownKeys(state);
  const sorted = yours ? sortMoves(d, keys) : { byVerb: new Map(), rest: [] };
  picking = yours ? tappable(sorted, d, keys) : new Set();
  if (decisionKey(state) !== Choose.decision) {
    Choose.decision = decisionKey(state);
    Choose.picked = [];
  }
  Choose.picked = Choose.picked.filter((p) => picking.has(cardKey(p.name)));
  Choose.sorted = sorted;
  showBoard(state, picking);
  $("dock").classList.toggle("choosing", picking.size > 0);
  $("typed").hidden = !(yours || (state.dice && state.dice.yours));
  if (state.dice) {
    $("yours").hidden = !state.dice.yours;
    $("moves").replaceChildren();
    $("readout").replaceChildren();
    $("hint").textContent = "";
    $("text").placeholder = state.dice.n > 1 ? "such as 6 5" : "such as 4";
    return;
  }
  $("yours").hidden = !yours;
  if (!yours) return;
  showReadout(state);
  $("moves").replaceChildren(...moveControls(sorted.rest).map((m) => (typeof m === "string" ? moveButton(m, d) : m)));
  $("text").placeholder = d.claims.length
    ? "or type a move (" + d.claims.map((w) => w + " CARDS\u2026").join(", ") + ")"
    : "or type a move";
}

// The hint, or the buttons that read out the move of the cards picked.
function showReadout(state) {
  const d = state.decision, sorted = Choose.sorted;
  const verbs = [...sorted.byVerb.keys()].map((v) => v || d.kind);
  $("hint").textContent = sorted.byVerb.size && !Choose.picked.length
    ? "Tap cards to " + verbs.join(", ") + " them." : "";
  $("readout").replaceChildren(...readout(sorted, d.kind));
}

function showSeats(state) {
  $("seats").replaceChildren(...state.seats.map((s) => {
    const item = document.createElement("li");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.textContent = "\u25CF ";
    dot.setAttribute("aria-hidden", "true");
    item.append(dot, s.name + (s.plays === "person" ? "" : " (" + s.plays + ")")
      + (s.plays === "person" ? (s.connected ? ": connected" : ": not connected") : ""));
    if (!s.connected) item.className = "off";
    return item;
  }));
}

// ---- table talk ----

function showTalk(state) {
  const talk = state.talk;
  $("talk").hidden = !talk || (!talk.on && !talk.said.length);
  if (!talk) return;
  fill($("said"), talk.said.map((m) => shortName(state, m.seat) + ": " + m.text));
  $("say").hidden = !talk.on || !state.seat;
  if (!talk.on) $("talk-refusal").textContent = "the host has turned table talk off";
  else if ($("talk-refusal").textContent === "the host has turned table talk off") $("talk-refusal").textContent = "";
}

// ---- your turn reaches you ----
// A vibration where the phone allows it, a short tone when sound is on
// (made here: nothing is fetched), and a notification when the page is
// hidden (asked for once, by a tap). Each when the turn becomes yours, or
// when the table nudges you.
let soundOn = false;
let audio = null;
let wasYours = false;
let nudged = null;

function tone() {
  if (!soundOn) return;
  audio = audio || new (window.AudioContext || window.webkitAudioContext)();
  const osc = audio.createOscillator(), gain = audio.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.35);
}

function cue(state, why) {
  document.body.dataset.cues = String(Number(document.body.dataset.cues || 0) + 1);
  if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
  tone();
  if (document.hidden && window.Notification && Notification.permission === "granted") {
    new Notification(state.game + ": " + why, { tag: "referee-turn" });
  }
}

function cueTurn(state) {
  const yours = !!(state.decision && state.decision.yours) || !!(state.dice && state.dice.yours);
  if (yours && !wasYours) cue(state, "your move");
  wasYours = yours;
  if (nudged !== null && state.nudged > nudged && yours) cue(state, "the table is waiting for you");
  nudged = state.nudged || 0;
}

$("sound").addEventListener("click", () => {
  soundOn = !soundOn;
  $("sound").textContent = soundOn ? "sound on" : "sound off";
  $("sound").setAttribute("aria-pressed", String(soundOn));
  tone();
});
if (window.Notification && Notification.permission === "default") {
  $("notify").hidden = false;
  $("notify").addEventListener("click", async () => {
    await Notification.requestPermission();
    $("notify").hidden = true;
  });
}

// What just happened, at the top: the last few events.
const RECENT = 4;

function show(state) {
  // The moves played so far: a test waits on it, a person never sees it.
  document.body.dataset.moves = state.moves_played;
  document.body.dataset.over = state.result ? "yes" : "no";
  $("title").textContent = state.game;
  $("you").textContent = state.seat ? "you are " + state.you : "watching";
  document.title = state.game + (state.decision && state.decision.yours ? " \u2022 your move" : "");
  // The table's own trouble (its save failing): every page is told.
  $("notice").hidden = !state.notice;
  $("notice").textContent = state.notice || "";
  showTurn(state);
  showChoosing(state);
  fill($("status"), state.status || []);
  showSeats(state);
  showTalk(state);
  const log = $("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  fill(log, state.log || []);
  if (atEnd) log.scrollTop = log.scrollHeight;
  fill($("recent"), (state.log || []).slice(-RECENT).map((line) => line.trim()));
  cueTurn(state);
}

// Sends what a page asks of the referee (a move, a move to judge, words
// to the table): the verdict's JSON, or null with why shown in `shown`.
async function ask(what, text, shown) {
  try {
    const reply = await fetch(base + "/" + what, {
      method: "POST", body: text, headers: { "Content-Type": "text/plain" }, cache: "no-store",
    });
    if (!reply.ok) {
      shown.textContent = (await reply.text()).trim();
      return null;
    }
    return await reply.json();
  } catch (e) {
    shown.textContent = "the referee cannot be reached: try again in a moment";
    return null;
  }
}

async function send(text) {
  // One move at a time; but the dice a move waits for go while it waits.
  const dice = lastState && lastState.dice && lastState.dice.yours;
  if ((sending && !dice) || !text.trim()) return;
  sending = true;
  $("refusal").textContent = "";
  const controls = document.querySelectorAll("#moves button, #readout button");
  controls.forEach((b) => { b.disabled = true; });
  try {
    const verdict = await ask("move", text, $("refusal"));
    if (verdict && !verdict.played) $("refusal").textContent = verdict.why;
    else if (verdict) { $("text").value = ""; Choose.picked = []; }
  } finally {
    sending = false;
    controls.forEach((b) => { b.disabled = false; });
  }
}

// A move of tapped cards the list does not hold: the referee says whether
// it is legal, and why not, before anything is played.
async function judge(text) {
  $("refusal").textContent = "";
  const verdict = await ask("judge", text, $("refusal"));
  if (verdict && !verdict.legal) $("refusal").textContent = verdict.why;
  return verdict;
}

Choose.onSend = send;
Choose.onJudge = judge;

function setLink(up, text) {
  $("link").className = "link " + (up ? "up" : "down");
  $("link").textContent = text;
}

// The stream sends the whole state on every change and at once on
// (re)connecting, so a page that slept misses nothing.
function connect() {
  if (source) source.close();
  source = new EventSource(base + "/events");
  source.onmessage = (event) => {
    setLink(true, "connected");
    lastState = JSON.parse(event.data);
    show(lastState);
  };
  source.onerror = () => {
    setLink(false, "reconnecting…");
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1500);
  };
}

$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  send($("text").value);
});
$("say").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("talk-refusal").textContent = "";
  const verdict = await ask("talk", $("words").value, $("talk-refusal"));
  if (verdict && !verdict.said) $("talk-refusal").textContent = verdict.why;
  else if (verdict) $("words").value = "";
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (!source || source.readyState === EventSource.CLOSED)) connect();
});
connect();
