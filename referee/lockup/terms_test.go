package lockup

import (
	"regexp"
	"slices"
	"testing"
)

// termPattern is what a term is, written as a pattern; nextTerm scans for
// it by hand, and TestNextTermIsThePattern holds the two together.
var termPattern = regexp.MustCompile(`§([A-Za-z0-9_.-]+)(?:\(([^()§]*)\))?`)

// scanTerms is nextTerm's matches in the pattern's index form.
func scanTerms(s string) [][]int {
	var out [][]int
	for from := 0; ; {
		start, end, c0, c1, v0, v1, ok := nextTerm(s, from)
		if !ok {
			return out
		}
		out = append(out, []int{start, end, c0, c1, v0, v1})
		from = end
	}
}

func TestNextTermIsThePattern(t *testing.T) {
	t.Parallel()
	for _, s := range termSamples {
		if got, want := scanTerms(s), termPattern.FindAllStringSubmatchIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%q: scan %v, pattern %v", s, got, want)
		}
	}
}

func FuzzNextTermIsThePattern(f *testing.F) {
	for _, s := range termSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := scanTerms(s), termPattern.FindAllStringSubmatchIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%q: scan %v, pattern %v", s, got, want)
		}
	})
}

var termSamples = []string{
	"", "§", "§§", "§(", "§token", "§token(", "§token()", "§token(n=2;strength=1)", "Ana: §token(n=2;strength=1) and §loot",
	"§a(b(c)", "§a(b§c)", "§a)b", "§-.x_9(n=1))", "x§ §y(z=1)§w", "§\xff(a)", "§token(n=\xffé)", "§é", "(§a)", "§a((b))",
	"§token(n=2;strength=1)§token(n=3;strength=2)", "§card.legend-3",
}
