package captainisdead

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// goSlice matches a Go slice or map printed into a message with %v:
// "[First Officer Hacker Crewman]", "map[…]", or a bad verb "%!".
var goSlice = regexp.MustCompile(`\[[^\]]*\]|map\[|%!`)

// wantWords fails when a message a player reads has a Go value printed in
// it instead of words.
func wantWords(t testing.TB, where, msg string) {
	t.Helper()
	if m := goSlice.FindString(msg); m != "" {
		t.Fatalf("%s: %q prints a Go value (%s) instead of words", where, msg, m)
	}
}

// TestListsInWords: a list in a message is written in words ("the First
// Officer, the Hacker or the Crewman"), never as a Go slice.
func TestListsInWords(t *testing.T) {
	host := kit.HostActor
	for _, c := range []struct {
		name, code, want string
		state            func(t *testing.T) *State
		who              kit.Actor
		typ              string
		args             any
	}{
		{"NotYourColour", "not_your_colour", "choose the First Officer, the Hacker or the Crewman.",
			func(t *testing.T) *State {
				s := setup(t, "", 2)
				s.Players[0].Colour = "Red"
				return s
			}, kit.SeatActor(0), MoveChooseRole, roleArgs{"Spy"}},
		{"UnknownSource", "unknown_source", "suppressed by the Alarm Suppressor tool, a ship upgrade, a character or veteran ability or a Battle Plan; \"luck\" is none of them.",
			func(t *testing.T) *State { return playing(t, "", "Spy", "First Officer") }, host, MoveArmSuppression, suppressArgs{"luck"}},
		{"UnknownCause", "unknown_cause", "comes from a bell icon, an alert overridden or a card effect; \"sneeze\" is none of them.",
			func(t *testing.T) *State { return playing(t, "", "Spy", "First Officer") }, host, MoveSoundAlarm, alarmArgs{Cause: "sneeze"}},
		{"RoleUnavailable", "role_unavailable", "You may spawn only the Hacker or the Crewman.",
			func(t *testing.T) *State {
				s := playing(t, `{"elimination":true}`, "First Officer", "Spy")
				p := &s.Players[0]
				p.Alive, p.Dead = false, []string{"First Officer"}
				return s
			}, kit.SeatActor(0), MoveRespawn, roleArgs{"First Officer"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := try(c.state(t), c.who, c.typ, c.args)
			re, ok := kit.AsRuleError(err)
			if !ok || re.Code != c.code {
				t.Fatalf("error = %v, want code %s", err, c.code)
			}
			wantWords(t, c.code, re.Message)
			if !strings.Contains(re.Message, c.want) {
				t.Fatalf("message = %q, want it to say %q", re.Message, c.want)
			}
		})
	}
	t.Run("SetupLog", func(t *testing.T) {
		s := setup(t, "", 2)
		s.Players[0].Colour = "Red"
		found := false
		for _, e := range kit.SetupEvents(game, s) {
			wantWords(t, e.Code, e.Text)
			found = found || strings.Contains(e.Text, "choose the First Officer, the Hacker or the Crewman.")
		}
		if !found {
			t.Fatal("the setup log does not name the Red roles in words")
		}
	})
}

// TestMessagesInWords plays random games and reads every log entry, every
// prompt and the refusal of every move type tried by every screen in every
// state: none prints a Go value instead of words.
func TestMessagesInWords(t *testing.T) {
	info := game.Info()
	read := 0
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		w := kittest.WalkConfig{Options: []byte(`{"elimination":true}`), Seats: 3, Seed: seed, Moves: 120, Linger: 8,
			Each: func(t testing.TB, st kit.State, views []kit.View, no int) {
				for _, v := range views {
					if v.Prompt != nil {
						wantWords(t, "prompt", v.Prompt.Text)
						read++
					}
				}
				for _, v := range kittest.Viewers(3) {
					for _, spec := range info.Moves {
						_, err := game.Apply(st, kittest.ActorOf(v), kit.RandomMove(spec, r), kit.NewCtx(seed, no+1, kittest.Epoch))
						if re, ok := kit.AsRuleError(err); ok {
							wantWords(t, re.Code, re.Message)
							read++
						}
					}
				}
			}}.Play(t, game)
		for _, e := range w.Events {
			wantWords(t, e.Code, e.Text)
			read++
		}
	}
	t.Logf("%d messages read", read)
}
