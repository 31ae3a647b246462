package lockup

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
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
// parameters filled.
func TestTranslateRuleError(t *testing.T) {
	st := atLegend(t, "Ana", "Bia")
	st = stepFrom(t, st, "STAIRS")
	_, err := New().Apply(st, seat(0), kitMove("advance", `{"to":"FLOODED_HALL"}`), kit.NewCtx(1, 99, st0Time))
	re, ok := kit.AsRuleError(err)
	if !ok {
		t.Fatalf("err = %v, want a rule error", err)
	}
	got := kit.Translate(New().Info(), "pt-BR", re.Code, re.Params, re.Message)
	if want := "O caminho para Flooded Hall custa 1 iron; ele só pode ser seguido pagando o custo."; got != want {
		t.Fatalf("pt-BR = %q, want %q", got, want)
	}
	if !strings.HasPrefix(re.Rule, "Lockup: Breakout › ") {
		t.Fatalf("rule = %q, want a section of the book", re.Rule)
	}
}
