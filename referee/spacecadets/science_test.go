package spacecadets

import (
	"slices"
	"testing"

	"tablewarden/referee/kit"
)

// TestNukesExample plays the book's example: Estrada draws Geoffrey Tubes,
// Nukes and Beam Bias, builds Nukes at cost 2 without extra draws, draws
// three Component cards face down, sets aside the one with the Sensor
// token when the timer starts, the crew gathers the pieces in time, and the
// Captain gets Nukes with two uses; the components leave the game.
func TestNukesExample(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 11)
	tb.to("step1")
	tb.rigEE("Geoffrey Tubes", "Nukes", "Beam Bias")
	// Component 04 shows a sensor token (Sensors); 01 and 02 do not.
	tb.rigComp("Component 01", "Component 04", "Component 02")
	compBefore := tb.s.Science.CompDeck.Len()
	discardBefore := len(tb.s.Science.Discard)
	tb.do(officer, "science_draw", nil)
	if got, want := tb.s.Science.Drawn, []int{tb.card("Geoffrey Tubes"), tb.card("Nukes"), tb.card("Beam Bias")}; !slices.Equal(got, want) {
		t.Fatalf("drawn = %v, want %v", got, want)
	}
	if !tb.last.Reveals {
		t.Fatal("drawing Experimental Equipment must be marked as a reveal")
	}
	tb.fail(officer, "science_select", map[string]any{"card": "Nukes"}, "need_level")
	tb.fail(officer, "science_select", map[string]any{"card": "Nukes", "level": 4}, "need_level")
	tb.do(officer, "science_select", map[string]any{"card": "Nukes", "level": 2})
	tb.do(captain, "next_step", nil)
	if got, want := tb.s.Step, "science"; got != want {
		t.Fatalf("step = %s, want %s", got, want)
	}
	if got := len(tb.s.Science.Discard) - discardBefore; got != 2 {
		t.Fatalf("discard = %d cards, want the 2 not selected", got)
	}
	tb.do(officer, "science_build", nil)
	at := tb.s.Science.Attempt
	if got, want := len(at.FaceDown), 3; got != want {
		t.Fatalf("face-down component cards = %d, want %d (cost + 1)", got, want)
	}
	tb.fail(officer, "set_aside_component", map[string]any{"card": "Component 04"}, "not_revealed")
	tb.fail(officer, "report_workbench", map[string]any{"exact_match": true}, "timer_not_expired")
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	if got, want := tb.s.timer("science").DurationMS, int64(30000); got != want {
		t.Fatalf("science timer = %d ms, want %d", got, want)
	}
	if !tb.last.Reveals || len(tb.s.Science.Attempt.Revealed) != 3 {
		t.Fatal("starting the timer must turn the cards over")
	}
	tb.do(officer, "set_aside_component", map[string]any{"card": "Component 04"})
	tb.fail(officer, "report_workbench", map[string]any{"exact_match": true}, "timer_not_expired")
	tb.fail(captain, "next_step", nil, "science_in_progress")
	tb.expire("science")
	tb.fail(officer, "set_aside_component", map[string]any{"card": "Component 01"}, "too_late")
	tb.do(officer, "report_workbench", map[string]any{"exact_match": true})
	if got := tb.s.Equipment[len(tb.s.Equipment)-1]; got.Name != "Nukes" || got.Level != 2 || got.UsesLeft != 2 {
		t.Fatalf("Captain's new card = %+v, want Nukes level 2 with 2 uses", got)
	}
	removed := tb.s.Science.CompRemoved
	if !slices.Contains(removed, tb.comp("Component 01")) || !slices.Contains(removed, tb.comp("Component 02")) || slices.Contains(removed, tb.comp("Component 04")) {
		t.Fatalf("removed = %v, want Components 01 and 02 only", removed)
	}
	if got, want := tb.s.Science.CompDeck.Len(), compBefore-2; got != want {
		t.Fatalf("component deck = %d, want %d (unused card shuffled back)", got, want)
	}
	tb.do(captain, "next_step", nil)
	// Equipment in play: no per-turn limit; N-use cards count down.
	tb.do(captain, "use_equipment", map[string]any{"card": "Nukes"})
	tb.do(captain, "use_equipment", map[string]any{"card": "Experimental Equipment 05"})
	tb.do(captain, "use_equipment", map[string]any{"card": "Nukes"})
	if slices.ContainsFunc(tb.s.Equipment, func(e Equipment) bool { return e.Name == "Nukes" || e.Name == "Experimental Equipment 05" }) {
		t.Fatalf("equipment = %+v: used-up cards must leave the Captain", tb.s.Equipment)
	}
	tb.fail(captain, "use_equipment", map[string]any{"card": "Nukes"}, "no_such_equipment")
	tb.fail(officer, "use_equipment", map[string]any{"card": "Experimental Equipment 06"}, "not_captain")
	tb.do(captain, "use_equipment", map[string]any{"card": "Experimental Equipment 06"})
	if got := tb.s.Equipment[0]; got.Name != "Experimental Equipment 06" || got.UsesLeft != 1 {
		t.Fatalf("2-use card after one use = %+v, want 1 use left", got)
	}
}

func TestBuildFailure(t *testing.T) {
	for _, tc := range []struct {
		name   string
		finish func(tb *table)
		code   string
	}{
		{"NoMatch", func(tb *table) {
			tb.do(officer, "set_aside_component", map[string]any{"card": "Component 01"})
			tb.expire("science")
			tb.do(officer, "report_workbench", map[string]any{"exact_match": false})
		}, "build_failed"},
		{"NothingSetAside", func(tb *table) { tb.expire("science") }, "build_failed"},
		{"Abort", func(tb *table) { tb.do(officer, "abort_science", nil) }, "build_failed"},
		{"CancelTimer", func(tb *table) { tb.do(captain, "cancel_timer", map[string]any{"name": "science"}) }, "build_failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t, `{"mission":"7"}`, 4, 5)
			tb.to("step1")
			tb.rigEE("Beam Bias", "Nukes", "Geoffrey Tubes")
			tb.rigComp("Component 01", "Component 02", "Component 03")
			compBefore := tb.s.Science.CompDeck.Len()
			tb.do(officer, "science_draw", nil)
			tb.fail(officer, "science_select", map[string]any{"card": "Beam Bias", "level": 3}, "not_x")
			tb.fail(officer, "science_select", map[string]any{"card": "Experimental Equipment 20"}, "not_drawn")
			tb.do(officer, "science_select", map[string]any{"card": "Beam Bias"})
			tb.do(captain, "next_step", nil)
			tb.do(officer, "science_build", nil)
			tb.fail(officer, "science_build", nil, "attempt_in_progress")
			tb.do(captain, "start_timer", map[string]any{"name": "science"})
			tc.finish(tb)
			if !tb.hasEvent(tc.code) {
				t.Fatalf("no %s event", tc.code)
			}
			if tb.s.Science.Attempt != nil || !slices.Contains(tb.s.Science.Discard, tb.card("Beam Bias")) {
				t.Fatal("a failed build discards the card")
			}
			if got := tb.s.Science.CompDeck.Len(); got != compBefore {
				t.Fatalf("component deck = %d, want %d: every card returns", got, compBefore)
			}
			if slices.ContainsFunc(tb.s.Equipment, func(e Equipment) bool { return e.Name == "Beam Bias" }) {
				t.Fatal("a failed build gives the Captain nothing")
			}
		})
	}
}

func TestScienceRules(t *testing.T) {
	t.Run("ErrNotEnoughComponents", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.to("step1")
		tb.rigEE("Experimental Equipment 03", "Nukes", "Beam Bias")
		tb.do(officer, "science_draw", nil)
		tb.do(officer, "science_select", map[string]any{"card": "Experimental Equipment 03"}) // cost 3
		tb.do(captain, "next_step", nil)
		sc := &tb.s.Science
		sc.CompRemoved = append(sc.CompRemoved, sc.CompDeck.Cards[3:]...)
		sc.CompDeck.Cards = sc.CompDeck.Cards[:3]
		tb.fail(officer, "science_build", nil, "not_enough_components")
		tb.do(captain, "next_step", nil)
		if !slices.Contains(tb.s.Science.Discard, tb.card("Experimental Equipment 03")) {
			t.Fatal("an unbuilt selection is discarded")
		}
	})
	t.Run("ErrDraws", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.to("step1")
		tb.fail(officer, "science_draw_extra", map[string]any{"station": "Helm"}, "draw_first")
		tb.fail(crew, "science_draw", nil, "not_science_officer")
		tb.do(officer, "science_draw", nil)
		tb.fail(officer, "science_draw", nil, "already_drawn")
		tb.do(officer, "science_draw_extra", map[string]any{"station": "Weapons"})
		tb.do(officer, "science_draw_extra", map[string]any{"station": "Shields"})
		if got, want := len(tb.s.Science.Drawn), 5; got != want {
			t.Fatalf("drawn = %d, want %d", got, want)
		}
		tb.fail(officer, "science_draw_extra", map[string]any{"station": "Bar"}, "bad_station")
		tb.fail(officer, "science_build", nil, "wrong_step")
		tb.fail(officer, "science_unselect", nil, "nothing_selected")
		tb.do(captain, "next_step", nil)
		if got, want := tb.s.Step, "step2"; got != want {
			t.Fatalf("with nothing selected the Science step is skipped: step = %s, want %s", got, want)
		}
	})
	t.Run("EmptyDeckReshuffles", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.to("step1")
		sc := &tb.s.Science
		sc.Discard = append(sc.Discard, sc.Deck.Cards[1:]...)
		sc.Deck.Cards = sc.Deck.Cards[:1]
		tb.do(officer, "science_draw", nil)
		if got := len(tb.s.Science.Drawn); got != 3 {
			t.Fatalf("drawn = %d, want 3 after reshuffling the discards", got)
		}
		if got := len(tb.s.Science.Discard); got != 0 {
			t.Fatalf("discard = %d, want 0 after the reshuffle", got)
		}
	})
	t.Run("InactiveStationComponentsMatch", func(t *testing.T) {
		// Mission 9: Weapons and Jump are inactive. Component 03 shows a
		// torpedo (Weapons) and a Helm card; Component 07 a Jump die only.
		opts := dataOption(t, func(d *GameData) {
			d.Components[2].Pieces = []Piece{{Station: "Weapons", Piece: "torpedo"}}
			d.Components[6].Pieces = []Piece{{Station: "Jump", Piece: "Jump die"}}
		})
		tb := newTable(t, `{"mission":"9","game_data":`+opts+`}`, 4, 5)
		tb.to("step1")
		tb.rigEE("Experimental Equipment 10", "Nukes", "Beam Bias") // cost 1
		tb.rigComp("Component 03", "Component 07")
		tb.do(officer, "science_draw", nil)
		tb.do(officer, "science_select", map[string]any{"card": "Experimental Equipment 10"})
		tb.do(captain, "next_step", nil)
		tb.do(officer, "science_build", nil)
		tb.do(captain, "start_timer", map[string]any{"name": "science"})
		tb.do(officer, "set_aside_component", map[string]any{"card": "Component 07"})
		pub := tb.g.View(tb.s, kit.BoardViewer).Public.(publicView)
		if got := pub.Science.Attempt.InactiveAutoMatch; len(got) != 1 || len(pub.Science.Attempt.Gather) != 0 {
			t.Fatalf("auto-matched = %v, gather = %v", got, pub.Science.Attempt.Gather)
		}
		tb.expire("science")
		if !slices.ContainsFunc(tb.s.Equipment, func(e Equipment) bool { return e.Name == "Experimental Equipment 10" }) {
			t.Fatal("components from inactive stations count as matched: the build succeeds")
		}
	})
	t.Run("ErrResearch", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.selectScience("Beam Bias")
		tb.fail(officer, "research", map[string]any{"points": 2}, "not_in_mission")

		k := newTable(t, `{"mission":"10"}`, 4, 5)
		k.to("step1")
		k.do(officer, "science_draw", nil)
		k.do(captain, "next_step", nil)
		if got := k.s.Step; got != "step2" {
			t.Fatalf("step = %s: without a selection and after drawing, no Science step", got)
		}
		k.to("step1")
		k.to("science")
		k.fail(officer, "research", map[string]any{"points": 0}, "bad_points")
		k.fail(officer, "research", map[string]any{"points": 4}, "bad_points")
		k.do(officer, "research", map[string]any{"points": 2})
		if got := len(k.s.Science.Attempt.FaceDown); got != 3 {
			t.Fatalf("research 2 draws %d component cards, want 3", got)
		}
		k.do(captain, "start_timer", map[string]any{"name": "science"})
		k.do(officer, "set_aside_component", map[string]any{"card": k.s.D().Components[k.s.Science.Attempt.Revealed[0]].Name})
		k.expire("science")
		k.do(officer, "report_workbench", map[string]any{"exact_match": true})
		if got := k.s.Science.ResearchPts; got != 2 {
			t.Fatalf("research points = %d, want 2", got)
		}
		k.fail(officer, "research", map[string]any{"points": 1}, "already_researched")
	})
	t.Run("ErrScienceAndResearch", func(t *testing.T) {
		k := newTable(t, `{"mission":"10"}`, 4, 5)
		k.selectScience("Beam Bias")
		k.fail(officer, "research", map[string]any{"points": 1}, "science_and_research")
	})
}

func TestStartingEquipment(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.rigStart("Nukes", "Beam Bias", "Experimental Equipment 03", "Experimental Equipment 06", "Experimental Equipment 08")
		tb.fail(crew, "keep_starting", map[string]any{"card": "Beam Bias"}, "not_captain")
		tb.fail(officer, "keep_starting", map[string]any{"card": "Geoffrey Tubes"}, "not_in_draw")
		tb.do(officer, "keep_starting", map[string]any{"card": "Beam Bias"})
		tb.fail(officer, "keep_starting", map[string]any{"card": "Beam Bias"}, "already_kept")
		tb.fail(captain, "keep_starting", map[string]any{"card": "Nukes", "level": 2}, "over_three_points")
		tb.fail(captain, "finish_starting", nil, "start_points")
		tb.fail(captain, "next_step", nil, "wrong_step")
		tb.do(captain, "keep_starting", map[string]any{"card": "Nukes", "level": 1})
		tb.do(captain, "finish_starting", nil)
		if got := len(tb.s.Equipment); got != 2 {
			t.Fatalf("equipment = %d, want 2", got)
		}
		if got := len(tb.s.Science.Discard); got != 3 {
			t.Fatalf("discard = %d, want the 3 not chosen", got)
		}
		if tb.s.Step != "step1" || tb.s.Turn != 1 {
			t.Fatalf("after setup: step %s turn %d", tb.s.Step, tb.s.Turn)
		}
	})
	t.Run("NoExactThree", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		// Five cards of cost 2 (EE 02 = Beam Bias, 06, 09, 12, 16): no 3.
		tb.rigStart("Beam Bias", "Experimental Equipment 06", "Experimental Equipment 09", "Experimental Equipment 12", "Experimental Equipment 16")
		if got, want := bestStartPoints(tb.s.D(), tb.s.Science.StartDraw), 2; got != want {
			t.Fatalf("best = %d, want %d", got, want)
		}
		tb.fail(captain, "finish_starting", nil, "start_points")
		tb.do(captain, "keep_starting", map[string]any{"card": "Beam Bias"})
		tb.fail(captain, "keep_starting", map[string]any{"card": "Experimental Equipment 06"}, "over_three_points")
		tb.do(captain, "finish_starting", nil)
	})
}

// TestRipperParasite: an attached Ripper Parasite draws a Component card in
// Step 1 and removes it from the game; parasites deal internal damage in
// Step 7 from the turn they attach.
func TestRipperParasite(t *testing.T) {
	tb := newTable(t, `{"mission":"H4"}`, 4, 5)
	tb.to("step2")
	e := addEnemy(tb.s, enemyCardByName(tb.s.D(), "Ripper Parasite"), 0, 2, 2)
	id := e.ID
	tb.fail(crew, "parasite_attach", map[string]any{"enemy": id}, "not_locked")
	tb.do(crew, "enemy_lock", map[string]any{"enemy": id, "locked": true})
	tb.do(crew, "parasite_attach", map[string]any{"enemy": id})
	tb.fail(crew, "tractor_enemy", map[string]any{"enemy": id}, "attached_parasite")
	tb.fail(crew, "enemy_obstacle", map[string]any{"enemy": id, "obstacle": "Null Zone"}, "attached_parasite")
	tb.fail(crew, "enemy_lock", map[string]any{"enemy": id, "locked": false}, "attached_parasite")
	tb.fail(crew, "parasite_attach", map[string]any{"enemy": tb.s.Enemies[0].ID}, "not_parasite")
	tb.do(crew, "ship_moved", map[string]any{"row": 4, "col": 4, "facing": "E"})
	if got := tb.s.enemy(id); got.Row != 4 || got.Col != 4 {
		t.Fatalf("attached parasite at %d,%d, want it to move with the ship", got.Row, got.Col)
	}
	tb.to("step7")
	if !tb.hasEvent("parasite_damage") {
		t.Fatal("no internal damage in Step 7 on the turn it attached")
	}
	removed := len(tb.s.Science.CompRemoved)
	tb.do(captain, "next_step", nil)
	if got := len(tb.s.Science.CompRemoved); got != removed+1 {
		t.Fatalf("removed component cards = %d, want %d", got, removed+1)
	}
}
