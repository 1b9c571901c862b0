// Cards and dice as a page draws them: made here from a card's name (no
// image is fetched). "6H" is a six of hearts, "10D" a ten of diamonds,
// "JK1" a joker, "8D/5S" one of BAMM!'s dual cards (two faces), any other
// name an action card of its game (its text, from the rules, on a tap).
// Every card and die says what it is to a screen reader.
"use strict";

const SUITS = { C: ["\u2663", "clubs"], D: ["\u2666", "diamonds"], H: ["\u2665", "hearts"], S: ["\u2660", "spades"] };
const RANKS = { A: "ace", J: "jack", Q: "queen", K: "king" };
const FACE = /^(10|[2-9JQKA])([CDHS])$/;

// A face's parts, or null for a name that is no playing card's.
function faceOf(name) {
  const m = FACE.exec(name);
  return m ? { rank: m[1], suit: m[2] } : null;
}

function isJoker(name) { return /^JK\d*$/.test(name); }

// What a card is, in words: "six of hearts"... for a screen reader.
function cardWords(name) {
  if (name === null) return "a card face down";
  if (name.includes("/")) return name.split("/").map(cardWords).join(", or ");
  if (isJoker(name)) return "joker";
  const f = faceOf(name);
  if (f) return (RANKS[f.rank] || f.rank) + " of " + SUITS[f.suit][1];
  return actionWords(name);
}

// "FreshStart" as "Fresh Start", "MyBad" as "My Bad".
function actionWords(name) { return name.replace(/([a-z])([A-Z])/g, "$1 $2"); }

// Whether a word names a card of this game a page can draw: a playing
// card, a joker, a dual card, or one of the cards it knows by name.
function cardKey(name) {
  return name.includes("/") ? name.split("/").map((f) => f.toUpperCase()).sort().join("/") : name;
}

function faceNode(name, small) {
  const span = document.createElement("span");
  const f = faceOf(name);
  if (isJoker(name)) {
    span.className = "face joker";
    span.textContent = small ? "\u2605" : "\u2605 joker";
  } else if (f) {
    span.className = "face " + (f.suit === "D" || f.suit === "H" ? "red" : "black");
    const rank = document.createElement("b");
    rank.textContent = f.rank;
    const suit = document.createElement("i");
    suit.textContent = SUITS[f.suit][0];
    span.append(rank, suit);
  } else {
    span.className = "face action";
    span.textContent = actionWords(name);
  }
  return span;
}

// A card: a button when it may be tapped (tap(name) is called), else a
// figure. A null name is a card's back.
function drawCard(name, tap) {
  const node = document.createElement(tap ? "button" : "span");
  if (tap) node.type = "button";
  node.className = "card" + (name === null ? " back" : "");
  if (!tap) node.setAttribute("role", "img");
  if (name !== null) {
    node.dataset.card = name;
    if (name.includes("/")) {
      node.classList.add("dual");
      const [top, bottom] = name.split("/");
      const low = faceNode(bottom, true);
      low.classList.add("bottom");
      node.append(faceNode(top, true), low);
    } else {
      if (!faceOf(name) && !isJoker(name)) node.classList.add("action");
      node.append(faceNode(name, false));
    }
  }
  // Its name, for a screen reader: what it shows ("A♥"), then in
  // words ("ace of hearts"): a voice command may say what it sees.
  const shows = node.textContent.trim();
  const words = cardWords(name);
  node.setAttribute("aria-label", shows && shows !== words ? shows + " " + words : words);
  if (tap) node.addEventListener("click", () => tap(name, node));
  return node;
}

// A pile of cards face down, drawn as one back with how many.
function drawPile(count) {
  const node = drawCard(null, null);
  node.classList.add("pile");
  node.setAttribute("aria-label", count + " card" + (count === 1 ? "" : "s") + " face down");
  node.textContent = String(count);
  return node;
}

// A die as its pips (SVG), or a "?" where its value is not seen.
const PIPS = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
  4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
  6: [[8, 8], [22, 8], [8, 15], [22, 15], [8, 22], [22, 22]] };

function drawDie(die) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 30 30");
  svg.setAttribute("class", "die" + (die.value === null ? " unseen" : ""));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", die.value === null ? "a die you cannot see" : "a die showing " + die.value);
  const face = document.createElementNS(ns, "rect");
  for (const [k, v] of [["x", 1], ["y", 1], ["width", 28], ["height", 28], ["rx", 5]]) face.setAttribute(k, v);
  svg.append(face);
  if (die.value !== null && PIPS[die.value]) {
    for (const [x, y] of PIPS[die.value]) {
      const pip = document.createElementNS(ns, "circle");
      pip.setAttribute("cx", x); pip.setAttribute("cy", y); pip.setAttribute("r", 3);
      svg.append(pip);
    }
  } else {
    const text = document.createElementNS(ns, "text");
    text.setAttribute("x", 15); text.setAttribute("y", 20); text.setAttribute("text-anchor", "middle");
    text.textContent = die.value === null ? "?" : String(die.value);
    svg.append(text);
  }
  return svg;
}
