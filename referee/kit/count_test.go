package kit

import "testing"

func TestCount(t *testing.T) {
	even := func(x int) bool { return x%2 == 0 }
	for _, c := range []struct {
		xs   []int
		want int
	}{{nil, 0}, {[]int{1, 3}, 0}, {[]int{2, 3, 4, 6}, 3}} {
		if got, want := Count(c.xs, even), c.want; got != want {
			t.Fatalf("Count(%v, even) = %d, want %d", c.xs, got, want)
		}
	}
}
