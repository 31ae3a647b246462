package kit

import "testing"

func TestEach(t *testing.T) {
	roles := []string{"First Officer", "Hacker", "Crewman"}
	if got, want := ListOr(Each("the ", roles)), "the First Officer, the Hacker or the Crewman"; got != want {
		t.Fatalf("ListOr(Each) = %q, want %q", got, want)
	}
	if got, want := ListAnd(Each("the ", roles[:1])), "the First Officer"; got != want {
		t.Fatalf("one item = %q, want %q", got, want)
	}
	if got := Each("the ", nil); len(got) != 0 {
		t.Fatalf("Each(nil) = %q, want none", got)
	}
	if roles[0] != "First Officer" {
		t.Fatalf("Each modified its input: %q", roles)
	}
}
