// Choosing a move by touching the cards. A decision's moves that name
// cards the page shows ("discard 6H 4S", "meld 7H 7S", "take 7S", "8S")
// are made by tapping those cards, then one button that reads the move
// out. A move of the tapped cards that is not listed (a claim a person
// finds, BAMM!'s "bamm 8D/5S 8S 8C") is judged by the referee before it
// is sent, and refused with its reason, the game untouched. A dual card
// tapped again offers its other face first; a third tap lets it go.
"use strict";

const Choose = {
  picked: [],       // [{name, face}] in the order tapped; face 1: the other face first
  decision: null,   // the decision the picks are for (a new one clears them)
  sorted: null,     // its moves sorted (sortMoves)
  onSend: null,     // send(text)
  onJudge: null,    // judge(text) -> Promise of {legal, why}
};

// The words of a move as a card move: its verb ("" for a move that is
// a card alone, BAM!'s "8S") and its cards, or null when a word is no
// card this page shows (keys: the card keys shown).
function cardMove(move, keys) {
  const words = move.split(" ");
  const verb = keys.has(cardKey(words[0])) ? "" : words[0];
  const cards = verb === "" ? words : words.slice(1);
  if (!cards.length || !cards.every((w) => keys.has(cardKey(w)))) return null;
  return { verb, cards, move };
}

// The picked cards as a move names them: each face-first as tapped.
function pickedNames() {
  return Choose.picked.map((p) => (p.face && p.name.includes("/") ? p.name.split("/").reverse().join("/") : p.name));
}

function sameCards(a, b, exact) {
  const norm = (list) => list.map(exact ? (x) => x : cardKey).sort().join(" ");
  return a.length === b.length && norm(a) === norm(b);
}

// Sorts a decision's moves into card moves (by verb), claims to be found
// (verbs the rules judge: d.claims), and the rest.
function sortMoves(d, keys) {
  const byVerb = new Map(), rest = [];
  for (const move of d.moves) {
    const cm = cardMove(move, keys);
    if (cm) {
      if (!byVerb.has(cm.verb)) byVerb.set(cm.verb, []);
      byVerb.get(cm.verb).push(cm);
    } else {
      rest.push(move); // a claim's word alone too: its button starts the claim in the box
    }
  }
  for (const claim of d.claims) if (!byVerb.has(claim)) byVerb.set(claim, []);
  return { byVerb, rest };
}

// The cards that may be tapped: those some card move names; for a claim
// to be found, every card shown face up.
function tappable(sorted, d, shown) {
  const keys = new Set();
  for (const list of sorted.byVerb.values()) for (const cm of list) for (const c of cm.cards) keys.add(cardKey(c));
  if (d.claims.length) for (const k of shown) keys.add(k);
  return keys;
}

function tapCard(name) {
  const at = Choose.picked.findIndex((p) => p.name === name);
  if (at < 0) Choose.picked.push({ name, face: 0 });
  else if (name.includes("/") && !Choose.picked[at].face) Choose.picked[at].face = 1;
  else Choose.picked.splice(at, 1);
}

// The buttons that read out the move of the picked cards, one a verb
// that takes cards: a listed move is sent; one not listed is judged first.
function readout(sorted, kind) {
  const names = pickedNames();
  if (!names.length) return [];
  const buttons = [];
  for (const [verb, list] of sorted.byVerb) {
    const listed = list.find((cm) => sameCards(cm.cards, names, true)) ||
      list.find((cm) => sameCards(cm.cards, names, false));
    const text = listed ? listed.move : (verb ? verb + " " : "") + names.join(" ");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "readout" + (listed ? "" : " unlisted");
    b.textContent = verb ? text : (kind ? kind + ": " : "") + text;
    b.addEventListener("click", async () => {
      if (listed) return Choose.onSend(text);
      const verdict = await Choose.onJudge(text);
      if (verdict && verdict.legal) Choose.onSend(text);
    });
    buttons.push(b);
  }
  return buttons;
}

// Many moves of one verb that take no cards (the dice game's 35
// declarations) as one compact picker: a list and the verb's button.
const PICKER_FROM = 7;

function verbOf(move) {
  const sp = move.indexOf(" ");
  return sp > 0 ? move.slice(0, sp) : null;
}

// The rest of the moves in their order, each a button, but a verb with
// many moves one picker where its first move was.
function moveControls(rest) {
  const count = new Map();
  for (const m of rest) if (verbOf(m)) count.set(verbOf(m), (count.get(verbOf(m)) || 0) + 1);
  const out = [], made = new Set();
  for (const move of rest) {
    const verb = verbOf(move);
    if (!verb || count.get(verb) < PICKER_FROM) {
      out.push(move);
    } else if (!made.has(verb)) {
      made.add(verb);
      out.push(picker(verb, rest.filter((m) => verbOf(m) === verb)));
    }
  }
  return out;
}

function picker(verb, moves) {
  const wrap = document.createElement("span");
  wrap.className = "picker";
  const select = document.createElement("select");
  select.setAttribute("aria-label", verb + ": which");
  for (const move of moves) {
    const o = document.createElement("option");
    o.value = move;
    o.textContent = move.slice(verb.length + 1);
    select.append(o);
  }
  const go = document.createElement("button");
  go.type = "button";
  go.textContent = verb;
  go.addEventListener("click", () => Choose.onSend(select.value));
  wrap.append(select, go);
  return wrap;
}
