package table

import (
	"fmt"
	"testing"
	"time"
)

func TestLoadedLRU(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLoadedLRU(3, time.Minute)
	for i := 0; i < 3; i++ {
		if got := l.touch(fmt.Sprint(i), t0); len(got) != 0 {
			t.Fatalf("within the bound, touch picked %v", got)
		}
	}
	if got := l.touch("3", t0.Add(time.Second)); len(got) != 0 {
		t.Fatalf("tables used a second ago were picked: %v", got)
	}
	l.touch("0", t0.Add(2*time.Minute)) // 0 is now the most recent
	got := l.touch("4", t0.Add(2*time.Minute))
	if len(got) != 2 || got[0] != "1" || got[1] != "2" {
		t.Fatalf("picked %v, want the two least recently used idle tables [1 2]", got)
	}
	l.remove("1")
	l.remove("2")
	if got, want := l.len(), 3; got != want {
		t.Fatalf("len = %d, want %d", got, want)
	}
}
