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
