-- BAM!, the app (seeds/000): the tabletop rules of rules/bam.lua without
-- play-or-fold and redraw, the trump turned automatically, and a campaign
-- of levels. Seat 1 is the person ("You"; players.people refuses a person
-- elsewhere); the others are the AI players. Each level's first dealer is
-- drawn at random (seed 000, RULINGS.md), then the deal rotates.
--
-- Points are rounds won; the score adds up over the game. A level is a
-- number of hands with its own hand amount, cards per hand and AI
-- strength; a level's points target reached by its last hand advances to
-- the next level, else the level is played again. The game ends when you
-- bust or clear the last level.
--
-- Readings of our own: credits carry over from level to level (the app
-- gives credits per game, not per level); if every AI player busts, you
-- have won the game; the points of a level count only the hands of its
-- current attempt.

local game = inherit("bam", { fold = false, redraw = false })
local lib = import("cards")
game.description = "BAM! as the app: you against AI players, level by level"
game.players = { min = 2, max = 6, people = { 1 } } -- "You" are seat 1

local LEVELS = {
  { hands = 3, target = 7, hand_amount = 50, cards = 4, ai = "easy" },
  { hands = 4, target = 12, hand_amount = 100, cards = 5, ai = "medium" },
  { hands = 5, target = 18, hand_amount = 200, cards = 6, ai = "hard" },
}

local function check_levels(levels)
  if #levels == 0 then return nil, "give at least one level" end
  for i, l in ipairs(levels) do
    if math.type(l.hands) ~= "integer" or l.hands < 1 then return nil, ("level %d: hands must be a whole number of at least 1"):format(i) end
    if math.type(l.target) ~= "integer" or l.target < 0 then return nil, ("level %d: target must be a whole number of points"):format(i) end
    if math.type(l.hand_amount) ~= "integer" or l.hand_amount < 1 then return nil, ("level %d: hand_amount must be a whole number of at least 1"):format(i) end
    if math.type(l.cards) ~= "integer" or l.cards < 3 or l.cards > 6 then return nil, ("level %d: cards must be 3 to 6"):format(i) end
  end
  return true
end

for _, option in ipairs(game.options) do
  if option.name == "cards" or option.name == "hand_amount" then
    option.help = option.help .. " (the levels decide it in the app)"
  end
end
table.insert(game.options, { name = "levels", default = LEVELS, check = check_levels,
  help = "the campaign: a list of {hands, target, hand_amount, cards, ai}" })

local function level(t) return t.vars.opts.levels[t.vars.level] end

function game.hand_amount(t) return level(t).hand_amount end
function game.cards_per_hand(t) return level(t).cards end

local setup = game.setup
function game.setup(t, opts)
  t.vars.level, t.vars.level_hand, t.vars.level_points = 1, 0, 0
  t.vars.score = {}
  for s = 1, t.nseats do t.vars.score[s] = 0 end
  t.vars.ai = opts.levels[1].ai
  t.vars.level_starts = "drawn" -- the first level's dealer: setup draws it
  setup(t, opts)
end

-- "The Trump suit is automatically selected and displayed": a random card
-- of the dealer's hand is turned and kept.
function game.turn_trump(t)
  local hand = t:cards("hand" .. t:dealer())
  game.turn(t, hand[t:random(#hand)])
end

local function name(seat) return seat == 1 and "You" or ("Seat %d"):format(seat) end

-- The app's messages, everyone's credits, then the level's bookkeeping.
function game.after_hand(t, result)
  local v = t.vars
  if #result.bamboozled > 0 then t:note("BamBoozalled!") end
  if result.winner == 1 then t:note("You won the Hand!")
  elseif result.winner then t:note(name(result.winner) .. " won the Hand!")
  else t:note("SPLIT POT!") end
  local credits = {}
  for s = 1, t.nseats do
    v.score[s] = v.score[s] + v.won[s]
    credits[#credits + 1] = ("%s %d"):format(name(s), t:balance("seat" .. s))
  end
  t:note("Credits: " .. table.concat(credits, ", ") .. (" (pot %d)"):format(t:balance("pot")))
  v.level_hand, v.level_points = v.level_hand + 1, v.level_points + v.won[1]
  local l = level(t)
  if v.level_hand < l.hands then return end
  if v.level_points >= l.target then
    t:notef("Level %d cleared with %d points (target %d)", v.level, v.level_points, l.target)
    if v.level == #v.opts.levels then
      v.cleared = true
      return
    end
    v.level = v.level + 1
  else
    t:notef("Level %d again: %d points of %d", v.level, v.level_points, l.target)
  end
  v.level_hand, v.level_points, v.ai = 0, 0, level(t).ai
  v.level_starts = true
end

-- A level's start in the record (t:event): its number and its dealer.
local LEVEL = event_fields("level", "level", "dealer")

-- "At the commencement of a Level, the dealer for the first hand is
-- randomly selected" (the first level's by setup), then it rotates.
local start_hand = game.start_hand
function game.start_hand(t)
  local v = t.vars
  if v.level_starts then
    if v.level_starts ~= "drawn" then
      local seats = {}
      for s = 1, t.nseats do
        if t:active(s) then seats[#seats + 1] = s end
      end
      t:set_dealer(seats[t:random(#seats)])
      v.level_note = true
    end
    v.level_starts = nil
    -- The level and its drawn dealer, in the record before the level's
    -- pay-in: a game that ends there shares its pot from the dealer's left.
    t:event(LEVEL, v.level, t:dealer())
  end
  start_hand(t)
end

-- The level's note names who really deals: a drawn dealer who goes out at
-- the level's first pay-in passes the deal to the next player (as in every
-- hand; the hand's event names them), and the note says so.
local pay_in = game.pay_in
function game.pay_in(t)
  pay_in(t)
  local v = t.vars
  if v.level_note and not game.game_over(t) then
    if not t:active(t:dealer()) then t:rotate_dealer() end
    t:notef("Level %d: %s deal%s first", v.level, name(t:dealer()), t:dealer() == 1 and "" or "s")
  end
  v.level_note = nil
end

local game_over = game.game_over
function game.game_over(t)
  return t.vars.cleared or not t:active(1) or game_over(t)
end

function game.result(t)
  local v = t.vars
  if not v.over then return nil end
  local scores = {}
  for s = 1, t.nseats do scores[s] = t:balance("seat" .. s) end
  local won = v.cleared or (t:active(1) and t:active_count() == 1)
  local message
  if v.cleared then
    message = ("You cleared all %d levels with a score of %d"):format(#v.opts.levels, v.score[1])
  elseif not t:active(1) then
    message = ("You are out of credits on level %d, with a score of %d"):format(v.level, v.score[1])
  elseif won then
    message = ("Every AI player is out: you win on level %d with a score of %d"):format(v.level, v.score[1])
  else
    message = ("The game stops on level %d with a score of %d"):format(v.level, v.score[1])
  end
  local winners = { 1 }
  if not won then
    -- Otherwise the most credits, among you (if still in) and the AI players.
    local candidates = {}
    for s = t:active(1) and 1 or 2, t.nseats do candidates[#candidates + 1] = s end
    winners = lib.leaders(candidates, function(s) return scores[s] end)
  end
  return { winners = winners, scores = scores, points = v.score, level = v.level, message = message }
end

return game
