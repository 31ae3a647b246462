package nostromo

import (
	"reflect"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// toAction plays a 2-player turn to the action phase: Aggressive (novice:
// 1 hunting action, no windows), the Alien appears in 9 and moves to
// room hunt.
func toAction(t *testing.T, opts string, _ int, crew ...pl) *tg {
	x := toHunting(t, opts, Aggressive, 9, crew...)
	for x.st.HuntLeft > 0 {
		for _, r := range x.st.huntRooms() {
			if !x.st.hasCrewTokens(r) {
				x.ok(0, "hunt", map[string]any{"room": r})
				break
			}
		}
	}
	if x.st.Phase != PhaseAction {
		t.Fatalf("phase = %s, want action", x.st.Phase)
	}
	return x
}

func TestActionPhase(t *testing.T) {
	x := toAction(t, "", 9, pl{"Red/presence", 1}, pl{"Blue/presence", 4}, pl{"Green/presence", 10},
		pl{"Yellow/presence", 5}, pl{"Purple/presence", 6}, pl{"Red/passage", 1})
	x.fail(1, "resolve_room", map[string]any{"room": 1}, "wrong_phase") // the window comes first
	x.pass()
	x.fail(1, "resolve_room", map[string]any{"room": 4}, "mother_first")
	x.fail(0, "resolve_room", map[string]any{"room": 1}, "not_crew")
	x.hand(1, wey3)
	x.ok(1, "resolve_room", map[string]any{"room": 1})
	if got, want := x.st.Removed, []CrewToken{{"Red", Passage}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("removed = %v, want %v", got, want)
	}
	red := x.boardToken("Red/presence")
	x.hand(1, wey3, epA1)
	x.stack(epC1, epD1)
	x.fail(0, "action_draw", map[string]any{"token": red.Handle}, "not_crew")
	x.ok(1, "action_room", map[string]any{"token": red.Handle})
	if got, want := x.st.Discard[len(x.st.Discard)-2:], []int{epC1, epD1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Mother discarded %v, want %v", got, want)
	}
	x.fail(1, "activate_procedure", map[string]any{"card": wey3}, "not_procedure")
	x.fail(1, "activate_procedure", map[string]any{"card": epB1}, "not_in_hand")
	x.ok(1, "activate_procedure", map[string]any{"card": epA1})
	if got, want := x.st.Activated, []int{epA1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("activated = %v, want %v", got, want)
	}
	x.pass()
	x.fail(1, "resolve_room", map[string]any{"room": 10}, "shuttle_last")
	x.fail(1, "resolve_room", map[string]any{"room": 3}, "room_empty")
	// Kitchen: draw 3.
	x.ok(1, "resolve_room", map[string]any{"room": 4})
	hand := len(x.st.Hands[1])
	x.ok(1, "action_room", map[string]any{"token": x.boardToken("Blue/presence").Handle})
	if got, want := len(x.st.Hands[1]), hand+3; got != want {
		t.Fatalf("hand = %d, want %d", got, want)
	}
	// Infirmary: a card of the player's choice from the discard pile.
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 5})
	x.ok(1, "action_room", map[string]any{"token": x.boardToken("Yellow/presence").Handle})
	x.fail(1, "infirmary_take", map[string]any{"card": epA1}, "not_in_discard")
	x.ok(1, "infirmary_take", map[string]any{"card": epD1})
	// Armory: pick the Flame-thrower; no room effect.
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 6})
	purple := x.boardToken("Purple/presence")
	x.fail(1, "action_room", map[string]any{"token": purple.Handle}, "no_room_effect")
	x.fail(1, "action_pick_item", map[string]any{"token": purple.Handle, "item": MotionDetector}, "item_not_here")
	x.ok(1, "action_pick_item", map[string]any{"token": purple.Handle, "item": FlameThrower})
	if got, want := x.st.heldItems(1), []string{FlameThrower}; !reflect.DeepEqual(got, want) {
		t.Fatalf("held = %v, want %v", got, want)
	}
	// Ladderway: powers; a card holds only 1 Presence token.
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 8})
	orange := x.boardToken("Orange/presence")
	x.ok(1, "action_power", map[string]any{"token": orange.Handle, "crew_card": 0})
	if got, want := x.st.CrewCards[0].Presence, "Orange"; got != want {
		t.Fatalf("Presence on card = %q, want %q", got, want)
	}
	// The power moves Green from the Shuttle to the Kitchen, resolved already.
	green := x.boardToken("Green/presence")
	x.ok(1, "effect_move_token", map[string]any{"token": green.Handle, "room": 4})
	x.ok(1, "end_effect", nil)
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 4}) // resolved a second time
	x.fail(1, "action_power", map[string]any{"token": green.Handle, "crew_card": 0}, "crew_card_taken")
	x.ok(1, "action_draw", map[string]any{"token": green.Handle})
	// No token left: window before the end of the turn, then turn 2.
	if x.st.hasCrewTokens(0) {
		t.Fatalf("tokens left on board: %v", x.st.Board)
	}
	x.pass()
	if got, want := x.st.Round, 2; got != want {
		t.Fatalf("round = %d, want %d", got, want)
	}
	if got, want := len(x.st.Reserve[1]), 12; got != want {
		t.Fatalf("crew tokens back = %d, want %d", got, want)
	}
	if x.st.CrewCards[0].Presence != "" {
		t.Fatal("Presence token left on a crew member card")
	}
	if got, want := x.st.ActivatedThisTurn, 0; got != want {
		t.Fatalf("activated this turn = %d, want %d", got, want)
	}
}

// clear8 resolves the Ladderway (room 8, where toPosture puts the other
// tokens) with draws, so that the Shuttle may be resolved.
func clear8(x *tg) {
	x.t.Helper()
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 8})
	for len(x.st.Acting) > 0 {
		x.ok(1, "action_draw", map[string]any{"token": x.st.Acting[0]})
	}
}

func TestProcedures(t *testing.T) {
	t.Run("ErrProcedureActive", func(t *testing.T) {
		x := toAction(t, "", 9, pl{"Red/presence", 10})
		x.st.Activated = nil
		x.hand(1, epA1, epA2)
		clear8(x)
		x.hand(1, epA1, epA2)
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 10})
		x.st.Hands[1], _ = without(x.st.Hands[1], epA1)
		x.st.Activated = []int{epA1}
		x.fail(1, "action_room", map[string]any{"token": x.boardToken("Red/presence").Handle}, "no_procedure")
	})
	for _, c := range []struct {
		name, opts string
		code       string
	}{{"ErrLimit", "", "procedure_limit"}, {"SurvivalNoLimit", `{"survival":true}`, ""}} {
		t.Run(c.name, func(t *testing.T) {
			x := toAction(t, c.opts, 9, pl{"Red/presence", 10})
			clear8(x)
			x.hand(1, epC1, epA1, epB1)
			x.st.Hands[1] = []int{epC1}
			x.st.Activated = []int{epA1, epB1}
			x.st.ActivatedThisTurn = 2
			x.pass()
			x.ok(1, "resolve_room", map[string]any{"room": 10})
			red := x.boardToken("Red/presence")
			if c.code != "" {
				x.fail(1, "action_room", map[string]any{"token": red.Handle}, c.code)
				return
			}
			x.ok(1, "action_room", map[string]any{"token": red.Handle})
			x.ok(1, "activate_procedure", map[string]any{"card": epC1})
			if got, want := x.st.ActivatedThisTurn, 3; got != want {
				t.Fatalf("activated this turn = %d, want %d", got, want)
			}
		})
	}
	t.Run("ErrHeroicPower", func(t *testing.T) {
		x := toAction(t, `{"heroic":true}`, 9, pl{"Red/presence", 3})
		x.st.CrewCards[0].Owner = -1
		x.st.CrewCards[1].Captured = true
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 3})
		red := x.boardToken("Red/presence")
		x.fail(1, "action_power", map[string]any{"token": red.Handle, "crew_card": 0}, "not_your_crew_card")
		x.fail(1, "action_power", map[string]any{"token": red.Handle, "crew_card": 1}, "crew_card_captured")
		x.ok(1, "action_power", map[string]any{"token": red.Handle, "crew_card": 2})
	})
	t.Run("NestLiberation", func(t *testing.T) {
		x := toAction(t, `{"survival":true}`, 9, pl{"Red/presence", 7}, pl{"Red/passage", 5})
		x.st.Captured = []string{"Blue"}
		for i, tok := range x.st.Board {
			if tok.Token == (CrewToken{"Blue", Presence}) {
				x.st.Board = append(x.st.Board[:i], x.st.Board[i+1:]...)
				break
			}
		}
		x.st.CrewCards[3].Captured = true
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 7})
		x.ok(1, "action_room", map[string]any{"token": x.boardToken("Red/presence").Handle})
		x.fail(1, "liberate", map[string]any{"color": "Green", "crew_card": 3}, "not_captured")
		x.fail(1, "liberate", map[string]any{"color": "Blue", "crew_card": 0}, "not_captured")
		x.ok(1, "liberate", map[string]any{"color": "Blue", "crew_card": 3})
		if len(x.st.Captured) != 0 || x.st.CrewCards[3].Captured {
			t.Fatal("crew member not liberated")
		}
	})
	t.Run("ErrNestNotSurvival", func(t *testing.T) {
		x := toAction(t, "", 9, pl{"Red/presence", 7})
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 7})
		x.fail(1, "action_room", map[string]any{"token": x.boardToken("Red/presence").Handle}, "no_room_effect")
	})
}

// TestMotherBeyondTheLimit: the 2-per-turn limit refuses only the
// activation; Mother's 2 discards still happen (Room Resolution; When
// Activating Emergency Procedure). The old referee refused the whole room
// effect with procedure_limit.
func TestMotherBeyondTheLimit(t *testing.T) {
	for _, c := range []struct {
		name   string
		hand   []int
		reason string
	}{
		{"Limit", []int{epC1}, "more than 2"},
		{"NoProcedureInHand", []int{wey3}, "no emergency procedure card"},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := toAction(t, "", 9, pl{"Red/presence", 1})
			x.hand(1, epA1, epB1)
			x.st.Activated, x.st.Hands[1] = x.st.Hands[1], nil
			x.hand(1, c.hand...)
			x.stack(epD1, epE1, epA2)
			x.st.ActivatedThisTurn = 2
			if c.name != "Limit" {
				x.st.ActivatedThisTurn = 0
			}
			x.pass()
			x.ok(1, "resolve_room", map[string]any{"room": 1})
			deck := x.st.Deck.Len()
			x.ok(1, "action_room", map[string]any{"token": x.boardToken("Red/presence").Handle})
			if got, want := x.st.Discard[len(x.st.Discard)-2:], []int{epD1, epE1}; !reflect.DeepEqual(got, want) {
				t.Fatalf("Mother discarded %v, want %v", got, want)
			}
			if got, want := x.st.Deck.Len(), deck-2; got != want {
				t.Fatalf("Mission deck = %d cards, want %d", got, want)
			}
			if got, want := x.st.Activated, []int{epA1, epB1}; !reflect.DeepEqual(got, want) {
				t.Fatalf("activated = %v, want %v (no activation beyond the limit)", got, want)
			}
			if !reflect.DeepEqual(x.st.Hands[1], c.hand) {
				t.Fatalf("hand = %v, want %v", x.st.Hands[1], c.hand)
			}
			found := false
			for _, e := range x.last.Events {
				if e.Code == "no_activation" && strings.Contains(e.Text, c.reason) {
					found = true
				}
			}
			if !found {
				t.Fatalf("no no_activation event naming %q in %v", c.reason, x.eventCodes())
			}
			if t := x.st.top(); t != nil && t.Kind == taskActivate {
				x.t.Fatal("the game waits for an activation that cannot happen")
			}
		})
	}
}

func TestGameEnd(t *testing.T) {
	t.Run("CrewWins", func(t *testing.T) {
		x := toAction(t, `{"survival":true}`, 9, pl{"Red/presence", 10})
		clear8(x)
		x.hand(1, epE1, epA1, epB1, epC1, epD1)
		x.st.Hands[1] = []int{epE1}
		x.st.Activated = []int{epA1, epB1, epC1, epD1}
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 10})
		x.ok(1, "action_room", map[string]any{"token": x.boardToken("Red/presence").Handle})
		x.ok(1, "activate_procedure", map[string]any{"card": epE1})
		o := x.g.Outcome(x.st)
		if o == nil || o.Side != "crew" || !reflect.DeepEqual(o.Winners, []int{1}) {
			t.Fatalf("outcome = %+v, want the crew", o)
		}
		if got, want := o.ReasonCode, "crew_escaped"; got != want {
			t.Fatalf("reason code = %q, want %q", got, want)
		}
		x.fail(1, "pass_mission_orders", nil, "game_over")
		_, err := x.apply(kit.SeatActor(1), "pass_mission_orders", nil)
		if re, _ := kit.AsRuleError(err); re == nil || re.Rule != ruleGameEnd {
			t.Fatalf("game_over names %v, want %q", err, ruleGameEnd)
		}
	})
	t.Run("AlienWinsSixCards", func(t *testing.T) {
		x := toHunting(t, "", Aggressive, 9, pl{"Red/presence", 9})
		for i := 1; i < 6; i++ {
			x.st.CrewCards[i].Captured = true
		}
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		o := x.g.Outcome(x.st)
		if o == nil || o.Side != "alien" || !reflect.DeepEqual(o.Winners, []int{0}) {
			t.Fatalf("outcome = %+v, want the Alien", o)
		}
		if got, want := o.ReasonCode, "all_crew_captured"; got != want {
			t.Fatalf("reason code = %q, want %q", got, want)
		}
	})
	for _, c := range []struct {
		name, opts string
		over       bool
	}{{"AlienWinsDeckDepleted", "", true}, {"SurvivalReshuffles", `{"survival":true}`, false}} {
		t.Run(c.name, func(t *testing.T) {
			x := toAction(t, c.opts, 9, pl{"Red/presence", 3})
			x.pass()
			x.ok(1, "resolve_room", map[string]any{"room": 3})
			// Leave 1 card in the deck.
			x.st.Discard = append(x.st.Discard, x.st.Deck.Cards[1:]...)
			x.st.Deck.Cards = x.st.Deck.Cards[:1]
			x.ok(1, "action_draw", map[string]any{"token": x.boardToken("Red/presence").Handle})
			if got := x.st.Phase == PhaseOver; got != c.over {
				t.Fatalf("game over = %v, want %v", got, c.over)
			}
			if o := x.g.Outcome(x.st); c.over && (o == nil || o.ReasonCode != "mission_deck_depleted") {
				t.Fatalf("outcome = %+v, want reason code mission_deck_depleted", o)
			}
			if !c.over && x.st.Deck.Len() == 0 {
				t.Fatal("the discard pile was not shuffled into a new deck")
			}
		})
	}
}

// playTurn plays a whole simple turn of an n-player game: every crew
// token in room 8, Blips in 1–3 (more Breakdowns in 4–6), Aggressive,
// 1 hunt to room 5, every Presence draws.
func playTurn(x *tg) {
	x.t.Helper()
	s := x.st
	for _, seat := range s.crewSeats() {
		for len(x.st.placeable(seat)) > 0 && x.st.hidingPlacer() == seat {
			x.ok(seat, "place_crew_token", map[string]any{"token": tokenValue(x.st.placeable(seat)[0]), "room": 8})
		}
	}
	if !x.windowOpen() {
		x.t.Fatalf("phase %s/%s placer %d: no window", x.st.Phase, x.st.Stage, x.st.hidingPlacer())
	}
	x.pass()
	rooms := []int{1, 2, 3, 4, 5, 6}
	for i := 0; len(x.st.BlipReserve) > 0; i++ {
		x.ok(0, "place_blip", map[string]any{"blip": x.st.BlipReserve[0], "room": rooms[i]})
	}
	x.pass()
	x.ok(0, "choose_posture", map[string]any{"posture": Aggressive})
	for x.st.top() != nil && x.st.top().Kind == taskEffect {
		x.ok(0, "end_effect", nil)
	}
	for x.st.Phase == PhaseHunting {
		x.ok(0, "hunt", map[string]any{"room": x.st.huntRooms()[0]})
	}
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 8})
	for len(x.st.Acting) > 0 {
		h := x.st.Acting[0]
		x.ok(x.st.owner(x.st.Board[x.st.tokenIndex(h)].Shown.Color), "action_draw", map[string]any{"token": h})
	}
	x.pass()
}

func TestEndOfTurnPassing(t *testing.T) {
	t.Run("FivePlayers", func(t *testing.T) {
		x := newTG(t, 5, `{"heroic":true}`)
		x.st.Deck.Cards = append(x.st.Deck.Cards, x.st.Discard...)
		x.st.Discard = nil
		playTurn(x)
		tp := x.st.top()
		if tp == nil || tp.Kind != taskPassSet || !reflect.DeepEqual(tp.Handles, []int{1, 2}) || !reflect.DeepEqual(tp.Takers, []int{3, 4}) {
			t.Fatalf("top = %+v, want seats 1 and 2 passing to 3 and 4", tp)
		}
		c1 := x.st.Data.Colors[x.st.setsOf(1)[0]]
		own := x.st.ownCrewCards(1)
		x.fail(3, "pass_set", map[string]any{"color": c1, "to": 4}, "not_your_turn")
		x.fail(1, "pass_set", map[string]any{"color": x.st.Data.Colors[x.st.setsOf(3)[0]], "to": 3, "crew_card": own[0]}, "not_your_set")
		x.fail(1, "pass_set", map[string]any{"color": c1, "to": 2, "crew_card": own[0]}, "bad_receiver")
		x.fail(1, "pass_set", map[string]any{"color": c1, "to": 3}, "must_pass_crew_card")
		x.fail(1, "pass_set", map[string]any{"color": c1, "to": 3, "crew_card": x.st.ownCrewCards(2)[0]}, "not_your_crew_card")
		x.ok(1, "pass_set", map[string]any{"color": c1, "to": 3, "crew_card": own[0]})
		x.fail(2, "pass_set", map[string]any{"color": x.st.Data.Colors[x.st.setsOf(2)[0]], "to": 3, "crew_card": x.st.ownCrewCards(2)[0]}, "bad_receiver")
		x.ok(2, "pass_set", map[string]any{"color": x.st.Data.Colors[x.st.setsOf(2)[0]], "to": 4, "crew_card": x.st.ownCrewCards(2)[0]})
		for seat, want := range []int{0, 1, 1, 2, 2} {
			if got := len(x.st.setsOf(seat)); got != want {
				t.Fatalf("seat %d sets = %d, want %d", seat, got, want)
			}
			if got := len(x.st.Reserve[seat]); got != 2*want {
				t.Fatalf("seat %d tokens = %d, want %d", seat, got, 2*want)
			}
		}
		if got, want := x.st.CrewCards[own[0]].Owner, 3; got != want {
			t.Fatalf("crew card owner = %d, want %d", got, want)
		}
		if got, want := x.st.Phase, PhaseHiding; got != want {
			t.Fatalf("phase = %s, want %s", got, want)
		}
	})
	t.Run("SixPlayersToTheLeft", func(t *testing.T) {
		x := newTG(t, 6, "")
		playTurn(x)
		tp := x.st.top()
		if tp == nil || !reflect.DeepEqual(tp.Handles, []int{1}) || !reflect.DeepEqual(tp.Takers, []int{2}) {
			t.Fatalf("top = %+v, want seat 1 passing to seat 2", tp)
		}
		x.fail(1, "pass_set", map[string]any{"color": x.st.Data.Colors[x.st.setsOf(1)[0]], "to": 5}, "bad_receiver")
		x.ok(1, "pass_set", map[string]any{"color": x.st.Data.Colors[x.st.setsOf(1)[0]], "to": 2})
	})
	t.Run("FocusedBreakdownNextTurn", func(t *testing.T) {
		x := newTG(t, 3, "")
		x.st.Breakdowns = 2
		playTurn(x)
		if got, want := x.st.BlipReserve, []string{BlipAlien, BlipJonesy, BlipBreakdown, BlipBreakdown}; !reflect.DeepEqual(got, want) {
			t.Fatalf("Blips = %v, want %v", got, want)
		}
	})
}

// TestNoWindowOutsideWindows: passing answers a window, so there is none to
// pass outside one (playing a mission order is allowed at any time of the
// action phase: TestOrdersAlways).
func TestNoWindowOutsideWindows(t *testing.T) {
	x := toAction(t, "", 9, pl{"Red/presence", 3})
	x.pass()
	x.fail(1, "pass_mission_orders", nil, "no_window")
	x.fail(0, "pass_mission_orders", nil, "not_crew")
	x.ok(1, "resolve_room", map[string]any{"room": 3})
}
