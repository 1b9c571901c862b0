// A seat's page (or the watchers'): shows the state the referee streams to
// this page, whole each time, and sends the moves clicked or typed. It
// knows only what its link's seat may: the server sends nothing else.
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
    countDown(turn, d);
  } else if (d) {
    const who = d.waiting.map((s) => seatName(state, s)).join(", ");
    turn.textContent = "Waiting for " + who + " (" + d.kind + ")";
    countDown(turn, d);
  } else {
    turn.textContent = "";
  }
}

// A claim window with a time closes by itself, silence passing: the
// seconds left are counted down beside the turn line.
let countdown = null;
function countDown(turn, d) {
  if (d.closes_in === undefined) return;
  const base = turn.textContent;
  const ends = Date.now() + d.closes_in * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    turn.textContent = base + " \u2014 closes in " + left + " s, silence passes";
    if (left === 0 && countdown) { clearInterval(countdown); countdown = null; }
  };
  tick();
  countdown = setInterval(tick, 1000);
}

function showMoves(state) {
  const d = state.decision;
  if (state.dice) {
    $("yours").hidden = !state.dice.yours;
    $("moves").replaceChildren();
    $("text").placeholder = state.dice.n > 1 ? "such as 6 5" : "such as 4";
    return;
  }
  const yours = !state.result && d && d.yours;
  $("yours").hidden = !yours;
  if (!yours) return;
  const buttons = d.moves.map((move) => {
    const b = document.createElement("button");
    b.type = "button";
    // A claim's word alone (BAMM!'s "bamm") is a claim of no cards, which
    // the rules may punish: its button starts the claim in the box, for
    // the cards to be added, and Enter sends it as it stands.
    const claim = d.claims.includes(move);
    b.textContent = claim ? move + " …" : move;
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
  });
  $("moves").replaceChildren(...buttons);
  $("text").placeholder = d.claims.length
    ? "or type a move (" + d.claims.map((w) => w + " CARDS…").join(", ") + ")"
    : "or type a move";
}

function showSeats(state) {
  $("seats").replaceChildren(...state.seats.map((s) => {
    const item = document.createElement("li");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.textContent = "\u25CF ";
    item.append(dot, s.name + (s.plays === "person" ? "" : " (" + s.plays + ")")
      + (s.plays === "person" && !s.connected ? ": not connected" : ""));
    if (!s.connected) item.className = "off";
    return item;
  }));
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
  showMoves(state);
  fill($("table"), state.table || [], "div");
  fill($("status"), state.status || []);
  showSeats(state);
  const log = $("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  fill(log, state.log || []);
  if (atEnd) log.scrollTop = log.scrollHeight;
  fill($("recent"), (state.log || []).slice(-RECENT).map((line) => line.trim()));
  cueTurn(state);
}

async function send(text) {
  // One move at a time; but the dice a move waits for go while it waits.
  const dice = lastState && lastState.dice && lastState.dice.yours;
  if ((sending && !dice) || !text.trim()) return;
  sending = true;
  $("refusal").textContent = "";
  document.querySelectorAll("#moves button").forEach((b) => { b.disabled = true; });
  try {
    const reply = await fetch(base + "/move", {
      method: "POST", body: text, headers: { "Content-Type": "text/plain" }, cache: "no-store",
    });
    if (!reply.ok) {
      $("refusal").textContent = (await reply.text()).trim();
    } else {
      const verdict = await reply.json();
      if (!verdict.played) $("refusal").textContent = verdict.why;
      else $("text").value = "";
    }
  } catch (e) {
    $("refusal").textContent = "the referee cannot be reached: try again in a moment";
  } finally {
    sending = false;
    document.querySelectorAll("#moves button").forEach((b) => { b.disabled = false; });
  }
}

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
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (!source || source.readyState === EventSource.CLOSED)) connect();
});
connect();
