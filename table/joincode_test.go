package table

import (
	"strings"
	"testing"
)

// TestJoinCodeAvoidsLookAlikes draws many join codes: none holds a
// character that a person mixes up with another when reading a code
// aloud or typing it from a screen, and each is JoinCodeLen long.
func TestJoinCodeAvoidsLookAlikes(t *testing.T) {
	const lookAlikes = "0O1ILUVZSGB"
	for i := 0; i < 2000; i++ {
		c := NewJoinCode()
		if len(c) != JoinCodeLen {
			t.Fatalf("join code %q has %d characters, want %d", c, len(c), JoinCodeLen)
		}
		if j := strings.IndexAny(c, lookAlikes); j >= 0 {
			t.Fatalf("join code %q holds the look-alike %q", c, c[j])
		}
	}
	if got := NormalizeJoinCode(" acde-fhjk "); got != "ACDEFHJK" {
		t.Fatalf("NormalizeJoinCode = %q, want ACDEFHJK", got)
	}
}
