package lockup

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestPortugueseMessages: every move type, argument, option, phase, error
// code and event code has a pt-BR text with the same placeholders.
func TestPortugueseMessages(t *testing.T) {
	in := New().Info()
	pt := in.Messages["pt-BR"]
	need := map[string]string{}
	for _, m := range in.Moves {
		need[m.Type] = m.Label
		for _, a := range m.Args {
			need["arg."+a.Name] = a.Label
		}
	}
	for _, o := range in.Options {
		need["option."+o.Name] = o.Label
	}
	for p := range phaseTexts {
		need["phase."+p] = p
	}
	for c := range categoryTexts {
		need["category."+c] = c
	}
	for k, v := range errorTexts {
		need[k] = v.en
	}
	for k, v := range eventTexts {
		need[k] = v.en
	}
	ph := regexp.MustCompile(`\{[a-z_]+\}`)
	for k, en := range need {
		got, ok := pt[k]
		if !ok || got == "" {
			t.Errorf("no pt-BR text for %q", k)
			continue
		}
		a, b := ph.FindAllString(en, -1), ph.FindAllString(got, -1)
		if strings.Join(sorted(a), ",") != strings.Join(sorted(b), ",") {
			t.Errorf("%q: placeholders %v in English, %v in pt-BR", k, a, b)
		}
	}
}

func sorted(x []string) []string {
	out := map[string]bool{}
	for _, s := range x {
		out[s] = true
	}
	var r []string
	for s := range out {
		r = append(r, s)
	}
	for i := range r {
		for j := i + 1; j < len(r); j++ {
			if r[j] < r[i] {
				r[i], r[j] = r[j], r[i]
			}
		}
	}
	return r
}

// TestEveryCodeUsedHasAText scans the sources: every error or event code
// the referee emits is in the message tables (ruleErr and event panic
// otherwise, so this finds them before a player does).
func TestEveryCodeUsedHasAText(t *testing.T) {
	re := regexp.MustCompile(`(?:ruleErr|event)\("([a-z_]+)"`)
	files, _ := os.ReadDir(".")
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		b, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			n++
			if _, ok := errorTexts[m[1]]; ok {
				continue
			}
			if _, ok := eventTexts[m[1]]; !ok {
				t.Errorf("%s: code %q has no message", f.Name(), m[1])
			}
		}
	}
	if n < 50 {
		t.Fatalf("found only %d codes in the sources", n)
	}
}

// TestTranslateRuleError: a refusal renders in Portuguese with its
// parameters filled, the names of its terms (a space, a resource)
// translated as the pages do.
func TestTranslateRuleError(t *testing.T) {
	st := atLegend(t, "Ana", "Bia")
	st = stepFrom(t, st, "STAIRS")
	_, err := New().Apply(st, seat(0), kitMove("advance", `{"to":"FLOODED_HALL"}`), kit.NewCtx(1, 99, st0Time))
	re, ok := kit.AsRuleError(err)
	if !ok {
		t.Fatalf("err = %v, want a rule error", err)
	}
	pt := map[string]string{}
	for k, v := range re.Params {
		pt[k] = expandTerms(v, "pt-BR")
	}
	got := kit.Translate(New().Info(), "pt-BR", re.Code, pt, re.Message)
	if want := "O caminho para Salão Inundado custa 1 ferro; ele só pode ser seguido pagando o custo."; got != want {
		t.Fatalf("pt-BR = %q, want %q", got, want)
	}
	if !strings.HasPrefix(re.Rule, "Lockup: Breakout › ") {
		t.Fatalf("rule = %q, want a section of the book", re.Rule)
	}
}

// TestEveryEmittedKeyTranslated plays random games from the offered moves
// and checks that every catalog key the game emits has pt-BR text whose
// placeholders are exactly the params given: each viewer's prompt, each
// log entry, the outcome's reason, each phase, each fixed choice offered;
// and that the kit's own refusals, which carry no params (but bad_args,
// whose detail is its sentence), have pt-BR text without placeholders.
func TestEveryEmittedKeyTranslated(t *testing.T) {
	g := New()
	pt := g.Info().Messages["pt-BR"]
	ph := regexp.MustCompile(`\{[a-z_]+\}`)
	seen := map[string]bool{}
	check := func(code string, params map[string]string) {
		if seen[code] {
			return
		}
		seen[code] = true
		tmpl, ok := pt[code]
		if !ok || tmpl == "" {
			t.Errorf("no pt-BR text for %q", code)
			return
		}
		var want []string
		for k := range params {
			if k == "count" { // selects a plural variant; never written
				continue
			}
			want = append(want, "{"+k+"}")
		}
		// The variants a page may pick instead ("<code>#other", "<code>#f")
		// take the same params.
		for key, tmpl := range pt {
			if key != code && !strings.HasPrefix(key, code+"#") {
				continue
			}
			if got := sorted(ph.FindAllString(tmpl, -1)); strings.Join(got, ",") != strings.Join(sorted(want), ",") {
				t.Errorf("%q: pt-BR placeholders %v, params %v", key, got, sorted(want))
			}
		}
	}
	fixed := map[string]bool{"face_down": true, "use": true, "upgrade": true, "text_allows": true, "can_pay": true,
		"guards_rewarded": true, "token": true, "loot": true, "source": true}
	for _, n := range []int{1, 3, 5} {
		for seed := uint64(1); seed <= 2; seed++ {
			st := kittest.Setup(t, g, nil, n, seed)
			for _, e := range kit.SetupEvents(g, st) {
				check(e.Code, e.Params)
			}
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for i := 0; i < 2000 && g.Outcome(st) == nil; i++ {
				for _, v := range kittest.Viewers(n) {
					view := g.View(st, v)
					check(view.Prompt.Code, view.Prompt.Params)
					check("phase."+view.Phase, nil)
					checkTerms(t, view)
					// The pages show the private data whole, nested keys
					// included; the public data is drawn as the board.
					for i, part := range []any{view.Public, view.Private} {
						b, _ := json.Marshal(part)
						var tree any
						_ = json.Unmarshal(b, &tree)
						keys := fieldKeys(tree)
						if i == 0 {
							keys = topKeys(tree)
						}
						for _, k := range keys {
							check("panel."+k, nil)
						}
					}
					for _, s := range view.Seats {
						for k := range s.Facts {
							// A fact's words beside its code show in the
							// code's place, under the code's key.
							if base, ok := strings.CutSuffix(k, "_label"); ok && s.Facts[base] != nil {
								continue
							}
							check("fact."+k, nil)
						}
						if s.Status != "" {
							check("status."+s.Status, nil)
						}
					}
					for _, tr := range view.Tracks {
						check("track."+tr.Name, nil)
					}
					for _, m := range view.Moves {
						check(m.Type, nil)
						if m.Group != "" {
							check("group."+m.Group, nil)
						}
						for _, a := range m.Args {
							if a.Name != "to" {
								continue
							}
							for _, c := range a.Choices {
								check("choice."+fmt.Sprint(c.Value), nil)
							}
						}
						for _, a := range m.Args {
							if !fixed[a.Name] {
								continue
							}
							for _, c := range a.Choices {
								v := fmt.Sprint(c.Value)
								if !strings.HasPrefix(v, "item:") && !strings.HasPrefix(v, "tome:") {
									check("choice."+v, nil)
								}
							}
						}
					}
				}
				cands := kittest.OfferedMoves(g, st, n, r)
				// Favour the moves that move the game on, so that games end.
				c := cands[r.IntN(len(cands))]
				for _, o := range cands {
					if sp, _ := g.Info().Spec(o.Move.Type); sp.Primary && r.IntN(4) > 0 {
						c = o
						break
					}
				}
				res, err := g.Apply(st, c.Who, c.Move, kit.NewCtx(seed, i+1, kittest.Epoch))
				if err != nil {
					t.Fatalf("offered %s refused: %v", c.Move.Type, err)
				}
				for _, e := range res.Events {
					check(e.Code, e.Params)
					checkTerms(t, e)
				}
				st = res.State
			}
			o := g.Outcome(st)
			if o == nil {
				t.Fatalf("%d seats, seed %d: the game did not end", n, seed)
			}
			check(o.ReasonCode, o.ReasonParams)
			view := g.View(st, kit.BoardViewer)
			check(view.Prompt.Code, view.Prompt.Params)
		}
	}
	for _, code := range []string{"game_over", "unknown_move", "host_only", "seat_only", "system_only", "wrong_phase", "not_offered"} {
		check(code, nil)
	}
	// bad_args carries its plain sentence as a term (kit.ArgTerms) in detail.
	check("bad_args", map[string]string{"detail": ""})
	for code := range confirmTexts {
		check("confirm."+code, nil)
	}
	for code := range groupTexts {
		check(code, nil)
	}
	for code := range factTexts {
		check("fact."+code, nil)
	}
	for code := range statusTexts {
		check("status."+code, nil)
	}
}

// TestNoCatalogKeyCollision: the message catalog is one flat map, so a key
// used by two tables (a move type that is also an event code) would give
// a button the log's sentence with unfilled placeholders ("As
// fichas de {seat} na localização {location} vão para a BIBLIOTECA." on
// the Latecomers button).
func TestNoCatalogKeyCollision(t *testing.T) {
	owner := map[string]string{}
	for name, m := range map[string]map[string]text{"move": moveTexts, "arg": argTexts, "error": errorTexts, "event": eventTexts,
		"prompt": promptTexts, "outcome": outcomeTexts, "board": boardTexts, "group": groupTexts} {
		for k := range m {
			if o, dup := owner[k]; dup {
				t.Errorf("key %q is both a %s and a %s text", k, o, name)
			}
			owner[k] = name
		}
	}
	if got, want := New().Info().Messages["pt-BR"]["latecomer"], moveTexts["latecomer"].pt; got != want {
		t.Fatalf("pt-BR latecomer button = %q, want %q", got, want)
	}
}

// fieldKeys lists the keys of every object in a view's data, nested ones
// included, that a page looks up as "panel.<key>": the lower-case field
// names, not data used as keys (a room called "Deep Vault").
func fieldKeys(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		// A thing with its words in "label" (and no "text") shows as its
		// label alone (app.js, readable): its keys are not shown.
		if _, ok := x["label"].(string); ok && x["text"] == nil {
			return nil
		}
		for k, sub := range x {
			// A seat number is left out of the panels.
			if k == "seat" {
				continue
			}
			if fieldName.MatchString(k) {
				out = append(out, k)
			}
			out = append(out, fieldKeys(sub)...)
		}
	case []any:
		for _, sub := range x {
			out = append(out, fieldKeys(sub)...)
		}
	}
	return out
}

// topKeys lists the keys of a view's data object.
func topKeys(v any) []string {
	var out []string
	if x, ok := v.(map[string]any); ok {
		for k := range x {
			out = append(out, k)
		}
	}
	return out
}

var fieldName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// unfilled is a placeholder left in a text.
var unfilled = regexp.MustCompile(`\{[a-z_]+\}`)

// termsChecked holds the strings checkTerms has passed: the same texts
// come back in every view of every state.
var termsChecked sync.Map

// checkTerms fails on a term in x (a view, an event) that has no text, or
// whose values do not fill its pt-BR text.
func checkTerms(t *testing.T, x any) {
	t.Helper()
	b, _ := json.Marshal(x)
	var tree any
	_ = json.Unmarshal(b, &tree)
	var walk func(any)
	walk = func(n any) {
		switch n := n.(type) {
		case string:
			if _, ok := termsChecked.Load(n); ok {
				return
			}
			for _, m := range termPattern.FindAllStringSubmatch(n, -1) {
				if _, ok := allTerms()[m[1]]; !ok {
					t.Fatalf("term %q in %q has no text", m[1], n)
				}
			}
			for _, lang := range []string{"en", "pt-BR"} {
				if got := expandTerms(n, lang); strings.Contains(got, termMark) || unfilled.MatchString(got) {
					t.Fatalf("%q in %s reads %q: a term not expanded or not filled", n, lang, got)
				}
			}
			termsChecked.Store(n, true)
		case []any:
			for _, v := range n {
				walk(v)
			}
		case map[string]any:
			for k, v := range n {
				walk(k)
				walk(v)
			}
		}
	}
	walk(tree)
}

// TestTermsTranslated: every term has an English and a pt-BR text with
// the same placeholders, and both catalogs carry it.
func TestTermsTranslated(t *testing.T) {
	msgs := New().Info().Messages
	ph := regexp.MustCompile(`\{[a-z_]+\}`)
	for code, tx := range allTerms() {
		if tx.en == "" || tx.pt == "" {
			t.Errorf("term %q: en %q, pt-BR %q", code, tx.en, tx.pt)
		}
		if a, b := sorted(ph.FindAllString(tx.en, -1)), sorted(ph.FindAllString(tx.pt, -1)); strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("term %q: placeholders %v in English, %v in pt-BR", code, a, b)
		}
		if got, want := msgs["pt-BR"]["term."+code], tx.pt; got != want {
			t.Errorf("pt-BR catalog term.%s = %q, want %q", code, got, want)
		}
		if got, want := msgs["en"]["term."+code], tx.en; got != want {
			t.Errorf("en catalog term.%s = %q, want %q", code, got, want)
		}
	}
	if got, want := english(tokenLabel(CrewToken{ID: "crew3", Strength: 2})), "crew token 3 (strength 2)"; got != want {
		t.Errorf("a crew token reads %q in English, want %q", got, want)
	}
	if got, want := expandTerms(tokenLabel(CrewToken{ID: "crew3", Strength: 2}), "pt-BR"), "ficha de equipe 3 (força 2)"; got != want {
		t.Errorf("a crew token reads %q in pt-BR, want %q", got, want)
	}
}
