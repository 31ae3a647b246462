package captainisdead

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestContraband(t *testing.T) {
	ann, host := kit.SeatActor(0), kit.HostActor
	s := playing(t, "", "Spy", "First Officer")
	t.Run("OwnActionAlarm", func(t *testing.T) {
		res, err := try(s, ann, MoveCardAction, cardActionArgs{Card: "Skill card", Actions: 1, Bell: true})
		if err != nil {
			t.Fatal(err)
		}
		s := res.State.(*State)
		if !s.Players[0].Contraband.Held {
			t.Fatal("no contraband after an own-action alarm")
		}
		for _, e := range res.Events {
			if e.Code == "contraband_gained" && (len(e.To) != 1 || e.To[0] != 0) {
				t.Fatalf("contraband event to %v, want only seat 0", e.To)
			}
		}
		t.Run("NotASecondOne", func(t *testing.T) {
			s := apply(t, s, ann, MoveCardAction, cardActionArgs{Actions: 1, Bell: true})
			if got, want := s.ContrabandSupply, 7; got != want {
				t.Fatalf("contraband deck = %d, want %d", got, want)
			}
		})
		t.Run("LostWhenUsed", func(t *testing.T) {
			s := apply(t, s, ann, MoveUseContraband, nil)
			if s.Players[0].Contraband.Held || s.ContrabandGone != 1 {
				t.Fatalf("contraband held=%v gone=%d, want lost", s.Players[0].Contraband.Held, s.ContrabandGone)
			}
			refuse(t, s, ann, MoveUseContraband, nil, "no_contraband")
		})
		t.Run("LostWhenRevealed", func(t *testing.T) {
			s := apply(t, s, ann, MoveRevealContraband, nil)
			if s.Players[0].Contraband.Held {
				t.Fatal("contraband kept after being revealed")
			}
		})
		t.Run("ErrOtherSeat", func(t *testing.T) {
			refuse(t, s, kit.SeatActor(1), MoveUseContraband, nil, "no_contraband")
			refuse(t, s, host, MoveUseContraband, nil, "seat_only")
		})
	})
	t.Run("HostEnteredAlarmOnTurnCounts", func(t *testing.T) {
		s := apply(t, s, host, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
		if !s.Players[0].Contraband.Held {
			t.Fatal("an alarm from the player's card during the turn gave no contraband")
		}
	})
	t.Run("AlertAlarmNone", func(t *testing.T) {
		s := apply(t, s, ann, MoveEndTurn, nil)
		s = apply(t, s, host, MoveSoundAlarm, alarmArgs{Cause: "alert overridden"})
		for i, p := range s.Players {
			if p.Contraband.Held {
				t.Fatalf("seat %d gained contraband from an alert's alarm", i)
			}
		}
	})
	t.Run("SuppressedAlarmStillCounts", func(t *testing.T) {
		s := apply(t, s, host, MoveGainItem, gainArgs{Seat: 1, Item: toolPrefix + SuppressorTool})
		s = apply(t, s, host, MoveArmSuppression, suppressArgs{SuppressionSources[0]})
		s = apply(t, s, ann, MoveCardAction, cardActionArgs{Actions: 1, Bell: true})
		if !s.Players[0].Contraband.Held {
			t.Fatal("a suppressed own-action alarm gave no contraband")
		}
	})
}

// viewsJSON marshals every viewer's view except seat's own.
func otherViews(t *testing.T, s *State, seat int) map[string][]byte {
	out := map[string][]byte{}
	viewers := map[string]kit.Viewer{"host": kit.HostViewer, "board": kit.BoardViewer}
	for i := range s.Players {
		if i != seat {
			viewers["seat"+string(rune('0'+i))] = kit.SeatViewer(i)
		}
	}
	for name, v := range viewers {
		b, err := json.Marshal(game.View(s, v))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// TestContrabandLeak varies seat 0's contraband and checks every other
// viewer's view is byte-identical and no public event carries it.
func TestContrabandLeak(t *testing.T) {
	ann := kit.SeatActor(0)
	base := playing(t, "", "Spy", "First Officer", "Hacker")
	res, err := try(base, ann, MoveCardAction, cardActionArgs{Actions: 1, Bell: true})
	if err != nil {
		t.Fatal(err)
	}
	held := res.State.(*State)
	noted := apply(t, held, ann, MoveNoteContraband, noteArgs{"Cloaking Device"})
	// The same alarm without contraband: the supply is empty.
	empty := base.Clone()
	empty.ContrabandSupply, empty.ContrabandGone = 0, 8
	res2, err := try(empty, ann, MoveCardAction, cardActionArgs{Actions: 1, Bell: true})
	if err != nil {
		t.Fatal(err)
	}
	notHeld := res2.State.(*State)
	a, b, c := otherViews(t, notHeld, 0), otherViews(t, held, 0), otherViews(t, noted, 0)
	for name := range a {
		if !bytes.Equal(a[name], b[name]) || !bytes.Equal(a[name], c[name]) {
			t.Fatalf("%s's view changes with seat 0's contraband:\n%s\n%s", name, a[name], b[name])
		}
	}
	own := kittest.ViewJSON(t, game.View(noted, kit.SeatViewer(0)))
	if !strings.Contains(own, "Cloaking Device") || !strings.Contains(own, MoveUseContraband) {
		t.Fatalf("holder's view lacks the contraband: %s", own)
	}
	for _, views := range []map[string][]byte{b, c} {
		for name, v := range views {
			if strings.Contains(string(v), "Cloaking Device") || strings.Contains(string(v), "contraband_name") {
				t.Fatalf("%s's view shows the contraband", name)
			}
		}
	}
	var pub []string
	for _, e := range res.Events {
		if e.VisibleTo(kit.BoardViewer) {
			pub = append(pub, e.Code)
		}
	}
	var pub2 []string
	for _, e := range res2.Events {
		if e.VisibleTo(kit.BoardViewer) {
			pub2 = append(pub2, e.Code)
		}
	}
	if strings.Join(pub, ",") != strings.Join(pub2, ",") {
		t.Fatalf("public events differ with contraband: %v vs %v", pub, pub2)
	}
	for _, e := range res.Events {
		if e.VisibleTo(kit.SeatViewer(1)) && strings.Contains(strings.ToLower(e.Text), "contraband") {
			t.Fatalf("event %q visible to seat 1 mentions contraband", e.Text)
		}
	}
	res3, err := try(noted, ann, MoveUseContraband, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res3.Events {
		if e.VisibleTo(kit.HostViewer) || e.VisibleTo(kit.SeatViewer(1)) {
			t.Fatalf("using contraband made event %q visible to others", e.Text)
		}
	}
}

// TestSecretsNotInOtherViews walks every private and hidden leaf of a
// state holding a noted contraband and checks the host and board views
// carry none of the string secrets.
func TestSecretsNotInOtherViews(t *testing.T) {
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	s.Players[0].Contraband = Contraband{Held: true, Name: "Xylophone Key"}
	s.ContrabandSupply--
	found := false
	for _, sec := range kit.Secrets(s) {
		str, ok := sec.Value.(string)
		if !ok || str == "" {
			continue
		}
		found = true
		for _, v := range []kit.Viewer{kit.HostViewer, kit.BoardViewer, kit.SeatViewer(1)} {
			if strings.Contains(kittest.ViewJSON(t, game.View(s, v)), str) {
				t.Fatalf("%s (%s) leaks into the %s view", sec.Path, str, v.Role)
			}
		}
	}
	if !found {
		t.Fatal("no string secret found to check")
	}
}
