package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
)

// TestCatalog checks the catalog and the handlers name the same moves, and
// every move a view offers is in the catalog with the same Host flag.
func TestCatalog(t *testing.T) {
	in := game.Info()
	if got, want := in.ID, "captainisdead"; got != want {
		t.Fatalf("ID = %s, want %s", got, want)
	}
	if got, want := in.MaxPlayers, 7; got != want {
		t.Fatalf("MaxPlayers = %d, want %d (21 role cards, 3 per colour)", got, want)
	}
	seen := map[string]bool{}
	for _, m := range in.Moves {
		if _, ok := handlers[m.Type]; !ok {
			t.Fatalf("catalog move %s has no handler", m.Type)
		}
		if seen[m.Type] {
			t.Fatalf("catalog lists %s twice", m.Type)
		}
		seen[m.Type] = true
	}
	for typ := range handlers {
		if !seen[typ] {
			t.Fatalf("handler %s is not in the catalog", typ)
		}
	}
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	put(s, Infantry, "Infirmary", 1)
	for _, v := range []kit.Viewer{kit.HostViewer, kit.SeatViewer(0), kit.SeatViewer(1)} {
		for _, m := range game.View(s, v).Moves {
			spec, ok := in.Spec(m.Type)
			if !ok || spec.Host != m.Host || len(spec.Args) != len(m.Args) {
				t.Fatalf("view move %s (host %v, %d args) does not match the catalog", m.Type, m.Host, len(m.Args))
			}
		}
	}
}
