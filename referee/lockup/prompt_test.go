package lockup

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// TestPromptsPerViewer: each screen is told what to do next, by name, in
// English and in pt-BR.
func TestPromptsPerViewer(t *testing.T) {
	g := New()
	st := setup(t, 9, "", "Ana", "Bia", "Caio")
	for _, tc := range []struct {
		v        kit.Viewer
		code, en string
	}{
		{kit.SeatViewer(0), "prompt.your_assign", "Your turn: assign one crew token to a location."},
		{kit.SeatViewer(1), "prompt.wait_assign", "Waiting for Ana to assign a crew token."},
		{kit.HostViewer, "prompt.wait_assign", "Waiting for Ana to assign a crew token."},
		{kit.BoardViewer, "prompt.board_assign", "Ana's turn: assigning a crew token."},
	} {
		p := g.View(st, tc.v).Prompt
		if p.Code != tc.code || p.Text != tc.en {
			t.Fatalf("%s %d prompt = %s %q, want %s %q", tc.v.Role, tc.v.Seat, p.Code, p.Text, tc.code, tc.en)
		}
		pt := kit.Translate(g.Info(), "pt-BR", p.Code, p.Params, p.Text)
		if pt == p.Text || strings.Contains(pt, "{") {
			t.Fatalf("pt-BR prompt = %q", pt)
		}
	}
	st = atLegend(t, "Ana", "Bia")
	if got, want := g.View(st, kit.HostViewer).Prompt.Code, "prompt.host_legend"; got != want {
		t.Fatalf("host prompt at the legend = %s, want %s", got, want)
	}
	var primary []string
	for _, m := range g.View(st, kit.HostViewer).Moves {
		if m.Primary {
			primary = append(primary, m.Type)
		}
	}
	if len(primary) != 1 || primary[0] != MoveResolveLegend {
		t.Fatalf("host primary moves = %v, want [resolve_legend]", primary)
	}
	s := stepFrom(t, st, "STAIRS")
	if got, want := g.View(s, kit.SeatViewer(0)).Prompt.Code, "prompt.your_advance"; got != want {
		t.Fatalf("advancing player's prompt = %s, want %s", got, want)
	}
	if got, want := g.View(s, kit.HostViewer).Prompt.Text, "Waiting for Ana to advance their lantern."; got != want {
		t.Fatalf("host prompt = %q, want %q", got, want)
	}
	// While an advance waits, the host is offered nothing to tap.
	if m := g.View(s, kit.HostViewer).Moves; len(m) != 0 {
		t.Fatalf("host moves while Ana advances = %+v, want none", m)
	}
}

// TestPromptListsAgree: the end's winners and the players the final
// scoring waits for are list params (kit.ListParam) with their count, so
// that each language writes its own list and picks its plural form from
// the catalog ("P0, P1 e P2 venceram"); English writes "P0, P1 and P2".
func TestPromptListsAgree(t *testing.T) {
	st := setup(t, 1, "", "P0", "P1", "P2")
	st.Phase = PhaseGameOver
	p := st.prompt(kit.BoardViewer, &kit.Outcome{Winners: []int{0, 1, 2}})
	if got, want := p.Text, "The game is over: P0, P1 and P2 won."; got != want {
		t.Fatalf("prompt = %q, want %q", got, want)
	}
	if got, want := p.Params["winners"], `["P0","P1","P2"]`; got != want {
		t.Fatalf("winners param = %q, want %q", got, want)
	}
	if got, want := p.Params["count"], "3"; got != want {
		t.Fatalf("count param = %q, want %q", got, want)
	}
	pt := Messages()["pt-BR"]
	if got, want := pt["prompt.game_over#other"], "O jogo terminou: {winners} venceram."; got != want {
		t.Fatalf("pt-BR plural = %q, want %q", got, want)
	}
	if got, want := pt["prompt.wait_scores#other"], "Aguardando {names} enviarem a pontuação."; got != want {
		t.Fatalf("pt-BR plural = %q, want %q", got, want)
	}
	if got, want := pt["gender.category.dryad"], "f"; got != want {
		t.Fatalf("Dríade's gender = %q, want %q", got, want)
	}
	st.Phase = PhaseFinalScoring
	st.Players[1].Finished = true
	p = st.prompt(kit.BoardViewer, nil)
	if got, want := p.Text, "Waiting for P0 and P2 to submit their scores."; got != want {
		t.Fatalf("prompt = %q, want %q", got, want)
	}
}
