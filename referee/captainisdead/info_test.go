package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestConformance(t *testing.T) {
	kittest.Conformance(t, New(), State{},
		kittest.ConformanceCase{Name: "default", Seats: 3},
		kittest.ConformanceCase{Name: "two", Seats: 2},
		kittest.ConformanceCase{Name: "elimination-novice", Options: []byte(`{"elimination":true,"difficulty":"Novice"}`), Seats: 4},
		kittest.ConformanceCase{Name: "veteran-seven", Options: []byte(`{"difficulty":"Veteran"}`), Seats: 7},
	)
}

// TestCatalog checks the catalog, and that every move a view offers is in
// the catalog with the same arguments.
func TestCatalog(t *testing.T) {
	in := game.Info()
	if got, want := in.ID, "captainisdead"; got != want {
		t.Fatalf("ID = %s, want %s", got, want)
	}
	if got, want := in.MaxPlayers, 7; got != want {
		t.Fatalf("MaxPlayers = %d, want %d (21 role cards, 3 per colour)", got, want)
	}
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	put(s, Infantry, "Infirmary", 1)
	for _, v := range []kit.Viewer{kit.HostViewer, kit.SeatViewer(0), kit.SeatViewer(1)} {
		for _, m := range game.View(s, v).Moves {
			spec, ok := in.Spec(m.Type)
			if !ok || len(spec.Args) != len(m.Args) || m.Host != (spec.Host && v.Role == kit.RoleHost) {
				t.Fatalf("view move %s (host %v, %d args) does not match the catalog", m.Type, m.Host, len(m.Args))
			}
		}
	}
}
