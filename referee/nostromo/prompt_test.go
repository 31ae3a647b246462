package nostromo

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// promptOf returns the prompt a viewer reads.
func promptOf(x *tg, v kit.Viewer) *kit.Prompt {
	return x.g.View(x.st, v).Prompt
}

func wantPrompt(t *testing.T, x *tg, v kit.Viewer, code, text string) {
	t.Helper()
	p := promptOf(x, v)
	if p == nil || p.Code != code || !strings.Contains(p.Text, text) {
		t.Fatalf("viewer %+v: prompt = %+v, want code %q with %q", v, p, code, text)
	}
}

func TestPrompts(t *testing.T) {
	t.Run("Setup", func(t *testing.T) {
		g := New()
		st := kittest.Setup(t, g, nil, 3, 1)
		x := &tg{t: t, g: g, st: st.(*State)}
		wantPrompt(t, x, kit.HostViewer, "prompt.designate", "26 April 1979")
		wantPrompt(t, x, kit.SeatViewer(1), "prompt.wait_designate", "Waiting for the host")
		wantPrompt(t, x, kit.BoardViewer, "prompt.wait_designate", "Waiting for the host")
	})
	x := newTG(t, 3, "")
	t.Run("Hiding", func(t *testing.T) {
		wantPrompt(t, x, kit.SeatViewer(1), "prompt.hiding", "Your turn: place your Crew tokens face down")
		for _, v := range []kit.Viewer{kit.SeatViewer(0), kit.SeatViewer(2), kit.HostViewer, kit.BoardViewer} {
			wantPrompt(t, x, v, "prompt.wait_hiding", "Waiting for Bob to place Crew tokens face down.")
		}
		if got, want := x.g.View(x.st, kit.BoardViewer).PhaseLabel, "Hiding phase"; got != want {
			t.Fatalf("phase label = %q, want %q", got, want)
		}
	})
	x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 4}).ok(1, "done_placing", nil)
	x.ok(2, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[2][0]), "room": 4}).ok(2, "done_placing", nil)
	t.Run("Window", func(t *testing.T) {
		wantPrompt(t, x, kit.SeatViewer(0), "prompt.window_ask", "Ask the crew whether they play mission orders")
		wantPrompt(t, x, kit.SeatViewer(1), "prompt.window", "Mission orders? Play one or pass")
		wantPrompt(t, x, kit.BoardViewer, "prompt.wait_window", "Waiting for Bob and Cat: mission orders or pass")
	})
}

func TestMoveHints(t *testing.T) {
	for typ, want := range map[string]struct {
		primary bool
		group   string
		confirm bool
	}{
		MovePassMissionOrders: {true, "", false},
		MoveDonePlacing:       {true, "", false},
		MoveEndEffect:         {true, "", false},
		MovePlayMissionOrder:  {true, groupOrders, true}, // the window's prompt: "Play one or pass"
		MoveSkipOrders:        {false, groupOrders, true},
		MoveEffectDraw:        {false, groupEffect, true},
		MoveActionDraw:        {false, groupActions, true},
		MoveHunt:              {true, "", true},
		MoveDesignateAlien:    {true, "", true},
	} {
		sp, ok := New().Info().Spec(typ)
		if !ok || sp.Primary != want.primary || sp.Group != want.group || (sp.Confirm != "") != want.confirm {
			t.Fatalf("%s: primary %v group %q confirm %q, want %+v", typ, sp.Primary, sp.Group, sp.Confirm, want)
		}
	}
}

// TestAttackBanner: the public view names the room of an attack and who
// was caught; the phase label says "Alien attack in …".
func TestAttackBanner(t *testing.T) {
	banner := func(x *tg) *AttackView {
		return x.g.View(x.st, kit.BoardViewer).Public.(PublicView).Attack
	}
	t.Run("Caught", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9})
		v := x.g.View(x.st, kit.SeatViewer(1))
		if got, want := v.PhaseLabel, "Alien attack in 9 Shed"; got != want {
			t.Fatalf("phase label = %q, want %q", got, want)
		}
		if b := banner(x); b == nil || b.Room != "9 Shed" || b.Over || len(b.Caught) != 0 {
			t.Fatalf("banner = %+v, want an attack in 9 Shed", b)
		}
		x.pass()
		if b := banner(x); b == nil || len(b.Caught) != 1 || b.Caught[0] != (CaughtView{Color: "Red", Seat: 1, Label: "Bob's Red Presence token"}) {
			t.Fatalf("banner = %+v, want Bob's Red Presence token caught", b)
		}
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		if b := banner(x); b == nil || !b.Over || !strings.Contains(b.Text, "it caught Bob's Red Presence token") {
			t.Fatalf("banner = %+v, want the attack over with Bob's token caught", b)
		}
	})
	t.Run("NobodyCaught", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9})
		x.st.Items[0].Holder, x.st.Items[0].Room = 1, 0
		x.ok(1, "use_item", map[string]any{"item": FlameThrower})
		x.pass()
		if b := banner(x); b == nil || !b.Over || b.Text != "The Alien attacked in 9 Shed: nobody was caught." {
			t.Fatalf("banner = %+v, want nobody caught", b)
		}
		if got, want := x.g.View(x.st, kit.BoardViewer).PhaseLabel, "Hunting phase"; got != want {
			t.Fatalf("phase label = %q, want %q", got, want)
		}
	})
}
