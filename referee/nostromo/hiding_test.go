package nostromo

import (
	"testing"
)

// lastBlipsThenCrewPlacesAll has the Alien place its last two Blips
// (Jonesy and the Breakdown) in rooms jonesy and breakdown, then checks
// that the crew's seat 1 places next and, with the Alien out of Blips,
// must place every token: after one in crewRoom, done_placing is refused
// (name is the refusal's name in the test's messages).
func (x *tg) lastBlipsThenCrewPlacesAll(name string, jonesy, breakdown, crewRoom int) {
	x.t.Helper()
	x.ok(0, "place_blip", map[string]any{"blip": BlipJonesy, "room": jonesy})
	x.ok(0, "place_blip", map[string]any{"blip": BlipBreakdown, "room": breakdown})
	if got, want := x.st.hidingPlacer(), 1; got != want {
		x.t.Fatalf("placer = %d, want %d", got, want)
	}
	x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": crewRoom})
	x.refuse(name, 1, "done_placing", nil, "must_place_all")
}

func TestHiding3Players(t *testing.T) {
	x := newTG(t, 3, "")
	s := x.st
	own := tokenValue(s.Reserve[1][0])
	other := tokenValue(s.Reserve[2][0])
	x.refuse("ErrNotYourTurn", 2, "place_crew_token", map[string]any{"token": other, "room": 1}, "not_your_turn")
	x.refuse("ErrNotYourToken", 1, "place_crew_token", map[string]any{"token": other, "room": 1}, "not_your_token")
	x.refuse("ErrBadRoom", 1, "place_crew_token", map[string]any{"token": own, "room": 11}, "bad_room")
	x.refuse("ErrMustPlaceOne", 1, "done_placing", nil, "must_place_one")
	x.refuse("ErrBlipBeforeCrew", 0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1}, "wrong_phase")
	x.ok(1, "place_crew_token", map[string]any{"token": own, "room": 10})
	x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 10})
	x.ok(1, "done_placing", nil)
	x.ok(2, "place_crew_token", map[string]any{"token": other, "room": 3})
	x.ok(2, "done_placing", nil)
	// Step 2: the window opens before the Alien places.
	if !x.windowOpen() {
		t.Fatal("no mission-order window before the Alien's placement step")
	}
	x.refuse("ErrBlipDuringWindow", 0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1}, "wrong_phase")
	// Mission orders are always allowed in the hiding phase.
	x.hand(2, epA1)
	x.fail(1, "play_mission_order", map[string]any{"card": epA1}, "not_in_hand")
	x.ok(2, "play_mission_order", map[string]any{"card": epA1})
	x.ok(2, "end_effect", nil)
	if !x.windowOpen() {
		t.Fatal("the window did not reopen after the mission order")
	}
	// The other crew seat sees the Crew tokens during hiding.
	if pv := x.st.privateView(2); len(pv.CrewTokens) != 12 {
		t.Fatalf("crew seat sees %d Crew tokens, want 12", len(pv.CrewTokens))
	}
	if pv := x.st.privateView(0); len(pv.CrewTokens) != 0 || len(pv.Blips) != 3 {
		t.Fatalf("Alien private view = %+v, want its 3 Blips and no Crew token", pv)
	}
	x.pass()
	x.refuse("ErrBlipInShuttle", 0, "place_blip", map[string]any{"blip": BlipAlien, "room": 10}, "blip_in_shuttle")
	x.refuse("ErrCrewPlacesDuringAlienStep", 1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 1}, "wrong_phase")
	x.refuse("ErrAlienMustPlaceOne", 0, "done_placing", nil, "must_place_one")
	x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 3})
	x.refuse("ErrBlipRoomTaken", 0, "place_blip", map[string]any{"blip": BlipJonesy, "room": 3}, "blip_room_taken")
	x.refuse("ErrNoSuchBlip", 0, "place_blip", map[string]any{"blip": BlipAlien, "room": 4}, "no_such_blip")
	x.refuse("ErrNotAlien", 1, "place_blip", map[string]any{"blip": BlipJonesy, "room": 4}, "not_alien")
	x.ok(0, "done_placing", nil)
	if got, want := x.st.hidingPlacer(), 1; got != want {
		t.Fatalf("placer = %d, want %d (steps alternate)", got, want)
	}
	// The Alien places its last 2 Blips; then the crew must place all.
	x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 5}).ok(1, "done_placing", nil)
	x.ok(2, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[2][0]), "room": 5}).ok(2, "done_placing", nil)
	x.pass()
	x.lastBlipsThenCrewPlacesAll("ErrMustPlaceAll", 4, 5, 2)
	for len(x.st.Reserve[1]) > 0 {
		x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 2})
	}
	for len(x.st.Reserve[2]) > 0 {
		x.ok(2, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[2][0]), "room": 2})
	}
	if got, want := len(x.st.Board), 12; got != want {
		t.Fatalf("tokens on board = %d, want %d", got, want)
	}
	if !x.windowOpen() || x.st.Phase != PhaseHiding {
		t.Fatal("no mission-order window before the posture phase")
	}
	x.pass()
	if got, want := x.st.Phase, PhasePosture; got != want {
		t.Fatalf("phase = %s, want %s", got, want)
	}
	for seat := 0; seat < 3; seat++ {
		if pv := x.st.privateView(seat); len(pv.CrewTokens)+len(pv.Blips) != 0 {
			t.Fatalf("seat %d still sees tokens after hiding: %+v", seat, pv)
		}
	}
}

func TestHidingAlienOutOfBlips(t *testing.T) {
	// When the Alien has placed every Blip, the crew places all its tokens.
	x := newTG(t, 4, "")
	for _, seat := range []int{1, 2, 3} {
		x.ok(seat, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[seat][0]), "room": 2}).ok(seat, "done_placing", nil)
	}
	x.pass()
	x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1})
	x.ok(0, "place_blip", map[string]any{"blip": BlipJonesy, "room": 2})
	x.ok(0, "place_blip", map[string]any{"blip": BlipBreakdown, "room": 3})
	x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 2})
	x.fail(1, "done_placing", nil, "must_place_all")
}

func TestHidingCrewOutOfTokens(t *testing.T) {
	// When the crew has placed every token, the Alien places all its Blips.
	x := newTG(t, 7, "")
	for _, seat := range []int{1, 2, 3, 4, 5, 6} {
		x.ok(seat, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[seat][0]), "room": 2})
		x.ok(seat, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[seat][0]), "room": 2})
	}
	x.pass()
	x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1})
	x.fail(0, "done_placing", nil, "must_place_all")
}

func TestHiding2Players(t *testing.T) {
	x := newTG(t, 2, "")
	x.refuse("ErrCrewFirst", 1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 1}, "wrong_phase")
	x.pass()
	x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1})
	x.refuse("ErrAlienPlacesAll", 0, "done_placing", nil, "must_place_all")
	x.lastBlipsThenCrewPlacesAll("ErrCrewPlacesAll", 2, 3, 1)
}

func TestHidingSurvivalPool(t *testing.T) {
	x := newTG(t, 3, `{"survival":true}`)
	if got, want := len(x.st.Pool), 12; got != want {
		t.Fatalf("pool = %d tokens, want %d", got, want)
	}
	// Seat 1 may place a token of a color held by seat 2.
	c := x.st.Data.Colors[x.st.setsOf(2)[0]]
	x.ok(1, "place_crew_token", map[string]any{"token": c + "/presence", "room": 4})
	x.fail(1, "place_crew_token", map[string]any{"token": c + "/presence", "room": 4}, "not_your_token")
	if got, want := x.st.owner(c), 2; got != want {
		t.Fatalf("owner = %d, want %d (ownership stays with the color)", got, want)
	}
}
