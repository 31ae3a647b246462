package lockup

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// englishChunks are the English words of the terms' texts that their
// pt-BR texts do not share ("crew token", "strength", "legend card"): a
// pt-BR view holding one names a thing in English.
func englishChunks() []string {
	var out []string
	letters := regexp.MustCompile(`[A-Za-z]{4,}`)
	for _, t := range allTerms() {
		for _, c := range regexp.MustCompile(`\{[a-z_]+\}`).Split(t.en, -1) {
			c = strings.TrimSpace(c)
			if letters.MatchString(c) && !strings.Contains(t.pt, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// englishByDesign are the kit's fields that hold English by contract,
// translated by the pages from their codes (kit.View): the prompt's and
// the outcome's sentences, the phase's and the statuses' names, the move
// catalog's labels and the tracks' labels.
var englishByDesign = regexp.MustCompile(`^(\.prompt\.text|\.phase_label|\.tracks\[\]\..*|\.moves\[\]\.(label|help|confirm|group|group_label)|\.moves\[\]\.args\[\]\.(name|label|help)|\.outcome\.(reason|side_label)|\.seats\[\]\.status_label)$`)

// TestViewsWriteTermsOut plays Lockup at three seats and solo and checks
// every view of every screen, in English and in Portuguese: no string (nor
// object key) holds a "§" term, and a pt-BR table's words for the game's
// things are Portuguese.
func TestViewsWriteTermsOut(t *testing.T) {
	t.Parallel()
	g := New()
	chunks := englishChunks()
	for _, seats := range []int{3, 1} {
		var opts json.RawMessage
		if seats == 1 {
			opts = json.RawMessage(`{"difficulty":"red"}`)
		}
		strs, ended := 0, false
		kittest.WalkConfig{Options: opts, Seats: seats, Seed: 5, Moves: 600, Linger: 4, Each: func(t testing.TB, st kit.State, _ []kit.View, no int) {
			ended = ended || g.Outcome(st) != nil
			for _, lang := range []string{"en", "pt-BR"} {
				for _, v := range kittest.Viewers(seats) {
					var tree any
					_ = json.Unmarshal([]byte(kittest.ViewJSON(t, g.View(st, v.In(lang)))), &tree)
					var walk func(path string, x any)
					walk = func(path string, x any) {
						switch x := x.(type) {
						case map[string]any:
							for k, e := range x {
								if strings.Contains(k, termMark) {
									t.Fatalf("%d seats, move %d, %s %s: key %s%s holds a term", seats, no, lang, v.Role, path, k)
								}
								walk(path+"."+k, e)
							}
						case []any:
							for _, e := range x {
								walk(path+"[]", e)
							}
						case string:
							strs++
							if strings.Contains(x, termMark) {
								t.Fatalf("%d seats, move %d, %s %s: %s = %q holds a term", seats, no, lang, v.Role, path, x)
							}
							// Codes (a space's id "ENTRANCE") are not words:
							// only the fields for people are read.
							name := path[strings.LastIndex(path, ".")+1:]
							name = strings.TrimSuffix(name, "[]")
							words := kittest.IsTextKey(name) || strings.HasPrefix(path, ".board.") && (name == "value" || name == "note")
							if lang != "pt-BR" || !words || englishByDesign.MatchString(path) {
								return
							}
							for _, c := range chunks {
								if strings.Contains(x, c) {
									t.Fatalf("%d seats, move %d, pt-BR %s: %s = %q holds the English %q", seats, no, v.Role, path, x, c)
								}
							}
						}
					}
					walk("", tree)
				}
			}
		}}.Play(t, g)
		if !ended || strs < 10000 {
			t.Fatalf("%d seats: the game ended %v, %d strings checked: the walk did not reach the end", seats, ended, strs)
		}
	}
}
