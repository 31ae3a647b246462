package jumpship

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func setup(t *testing.T, n int, opts string, seed uint64) (*State, error) {
	t.Helper()
	var raw json.RawMessage
	if opts != "" {
		raw = json.RawMessage(opts)
	}
	s, err := New().Setup(raw, names[:n], kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		return nil, err
	}
	return s.(*State), nil
}

func TestInfo(t *testing.T) {
	in := New().Info()
	if got, want := in.ID, "jumpship"; got != want {
		t.Fatalf("ID = %q, want %q", got, want)
	}
	if in.MinPlayers != 5 || in.MaxPlayers != 10 {
		t.Fatalf("players = %d–%d, want 5–10", in.MinPlayers, in.MaxPlayers)
	}
	for _, o := range in.Options {
		if o.Source != "assumed" {
			t.Fatalf("option %s source = %q, want assumed", o.Name, o.Source)
		}
	}
	for _, typ := range []string{MoveDraw, MoveRedraw, MoveGive, MovePlaceRepair, MoveScan, MoveChef, MoveDoctor, MoveEngineer, MoveSecurity, MoveCaptainBreak, MoveQuarantine, MoveKill, MoveKillNobody} {
		if _, ok := in.Spec(typ); !ok {
			t.Fatalf("catalog lacks %q", typ)
		}
	}
}

func TestData(t *testing.T) {
	if got, want := totalTokens(), 69; got != want {
		t.Fatalf("tokens = %d, want %d (Components)", got, want)
	}
	if got, want := len(data.Roles.Rank), 10; got != want {
		t.Fatalf("roles = %d, want %d", got, want)
	}
	if got, want := len(data.QuarantineCards.Cards), 3; got != want {
		t.Fatalf("quarantine cards = %d, want %d", got, want)
	}
	for name, src := range map[string]string{
		"bio_ids": data.BioIDs.Source, "tokens": data.Tokens.Source, "roles": data.Roles.Source,
		"repair_track": data.RepairTrack.Source, "scan": data.Scan.Source,
		"countdown_tracks": data.CountdownTracks.Source, "quarantine_cards": data.QuarantineCards.Source,
	} {
		if src != "rulebook" && src != "assumed" {
			t.Fatalf("%s source = %q, want rulebook or assumed", name, src)
		}
	}
	if data.CountdownTracks.Source != "assumed" || data.QuarantineCards.Source != "assumed" {
		t.Fatalf("track lengths and quarantine cards must be marked assumed")
	}
}

func TestSetup(t *testing.T) {
	t.Run("ErrPlayerCount", func(t *testing.T) {
		for _, n := range []int{0, 4} {
			if _, err := setup(t, n, "", 1); kit.ErrorCode(err) != "player_count" {
				t.Fatalf("%d players: error %v, want player_count", n, err)
			}
		}
		_, err := New().Setup(nil, append(names, "Kim"), kit.NewCtx(1, 0, kittest.Epoch))
		if got, want := kit.ErrorCode(err), "player_count"; got != want {
			t.Fatalf("11 players: code = %q, want %q", got, want)
		}
	})
	t.Run("BioIDChart", func(t *testing.T) {
		want := map[int][2]int{5: {3, 1}, 6: {4, 1}, 7: {5, 1}, 8: {6, 1}, 9: {6, 2}, 10: {7, 2}}
		for n, hw := range want {
			for seed := uint64(1); seed <= 20; seed++ {
				st, err := setup(t, n, "", seed)
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]int{}
				for _, s := range st.Seats {
					got[s.BioID]++
				}
				if got[Human] != hw[0] || got[Alien] != hw[1] || got[Queen] != 1 {
					t.Fatalf("%d players: Bio IDs %v, want %d Humans, %d Aliens, 1 Queen", n, got, hw[0], hw[1])
				}
			}
		}
	})
	t.Run("RolesRandomAndDistinct", func(t *testing.T) {
		used := map[string]bool{}
		queenSeats := map[int]bool{}
		cards := map[string]bool{}
		for seed := uint64(1); seed <= 60; seed++ {
			st, err := setup(t, 5, "", seed)
			if err != nil {
				t.Fatal(err)
			}
			var roles []string
			for i, s := range st.Seats {
				if slices.Contains(roles, s.Role) {
					t.Fatalf("seed %d: role %s dealt twice", seed, s.Role)
				}
				roles = append(roles, s.Role)
				used[s.Role] = true
				if s.BioID == Queen {
					queenSeats[i] = true
				}
			}
			cards[st.Card.Name] = true
		}
		if len(used) != 10 || len(queenSeats) != 5 || len(cards) != 3 {
			t.Fatalf("over 60 deals: %d roles used, Queen at %d seats, %d cards; want all 10, 5, 3", len(used), len(queenSeats), len(cards))
		}
	})
	t.Run("FirstPlayer", func(t *testing.T) {
		for seed := uint64(1); seed <= 40; seed++ {
			st, err := setup(t, 5, "", seed)
			if err != nil {
				t.Fatal(err)
			}
			first := st.Order.Seat()
			for _, s := range st.Seats {
				if rank(s.Role) < rank(st.Seats[first].Role) {
					t.Fatalf("seed %d: %s starts but %s outranks", seed, st.Seats[first].Role, s.Role)
				}
			}
			if got, want := st.Order.Order, kit.Clockwise(first, 5); !slices.Equal(got, want) {
				t.Fatalf("order = %v, want %v", got, want)
			}
		}
	})
	t.Run("Bag", func(t *testing.T) {
		st, err := setup(t, 7, "", 3)
		if err != nil {
			t.Fatal(err)
		}
		for k, n := range data.Tokens.Counts {
			if got := st.Bag.Count(k); got != n {
				t.Fatalf("bag holds %d %s, want %d", got, k, n)
			}
		}
	})
	t.Run("TrackLengthOptions", func(t *testing.T) {
		st, err := setup(t, 5, `{"quarantine_track":3,"eject_track":4,"kill_track":6}`, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := st.TrackLengths, [3]int{3, 4, 6}; got != want {
			t.Fatalf("lengths = %v, want %v", got, want)
		}
		st, _ = setup(t, 5, "", 1)
		if got, want := st.TrackLengths, [3]int{5, 5, 5}; got != want {
			t.Fatalf("default lengths = %v, want %v", got, want)
		}
	})
	t.Run("QuarantineCardsOption", func(t *testing.T) {
		st, err := setup(t, 5, `{"quarantine_cards":[{"name":"X","text":"x"},{"name":"Y","text":"y"},{"name":"Z","text":"z"}]}`, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains("XYZ", st.Card.Name) || st.Card.Source != "table-entered" {
			t.Fatalf("card = %+v, want one of X, Y, Z, table-entered", st.Card)
		}
	})
	t.Run("ErrBadOption", func(t *testing.T) {
		for _, opts := range []string{
			`{"kill_track":0}`, `{"kill_track":16}`, `{"eject_track":"five"}`, `{"tracks":5}`,
			`{"quarantine_cards":[{"name":"X","text":"x"}]}`,
			`{"quarantine_cards":[{"name":"X","text":""},{"name":"Y","text":"y"},{"name":"Z","text":"z"}]}`,
		} {
			if _, err := setup(t, 5, opts, 1); kit.ErrorCode(err) != "bad_option" {
				t.Fatalf("options %s: error %v, want bad_option", opts, err)
			}
		}
	})
}
