package jumpship

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// ruleOf applies a move that must be refused and returns its error.
func (tb *table) ruleOf(seat int, typ string, args any) *kit.RuleError {
	tb.t.Helper()
	_, err := tb.try(seat, typ, args, tb.ctx())
	re, ok := kit.AsRuleError(err)
	if !ok {
		tb.t.Fatalf("%s %v: error %v, want a RuleError", typ, args, err)
	}
	return re
}

// TestRefusalsNameTheBook checks that the generic refusals name the section
// of the rulebook they enforce, not a bare "Move" or "Setup".
func TestRefusalsNameTheBook(t *testing.T) {
	t.Run("BadArgsNamesTheMove", func(t *testing.T) {
		tb := std7(t)
		for _, c := range []struct {
			typ  string
			args any
			rule string
		}{
			{MoveDraw, map[string]int{"n": 3}, ruleOnYourTurn},
			{MoveGive, map[string]string{"to": "Bo"}, ruleBasicTokens},
			{MoveScan, map[string]any{"target": "x"}, rulePerformScan},
			{MoveKill, map[string]any{"target": 1.5}, ruleKill},
		} {
			re := tb.ruleOf(0, c.typ, c.args)
			if got, want := re.Code+" "+re.Rule, "bad_args "+c.rule; got != want {
				t.Fatalf("%s %v: refusal = %q, want %q", c.typ, c.args, got, want)
			}
		}
	})
	t.Run("GameOverNamesTheEnding", func(t *testing.T) {
		tb := std7(t)
		tb.st.End = &End{Side: SideAliens, Reason: "test", Rule: ruleShipRepair}
		tb.st.Phase = PhaseOver
		re := tb.ruleOf(0, MoveDraw, nil)
		if got, want := re.Code+" "+re.Rule, "game_over "+ruleShipRepair; got != want {
			t.Fatalf("refusal = %q, want %q", got, want)
		}
	})
	t.Run("BadOptionNamesTheOption'sSection", func(t *testing.T) {
		for opts, want := range map[string]string{
			`{"quarantine_track":0}`: ruleQuarantine,
			`{"eject_track":"five"}`: ruleEject,
			`{"kill_track":16}`:      ruleKill,
			`{"tracks":5}`:           ruleSetUp,
			`[1]`:                    ruleSetUp,
			`{"quarantine_cards":[{"name":"X","text":"x"}]}`: ruleComponents,
			`{"quarantine_cards":"three"}`:                   ruleComponents,
		} {
			_, err := setup(t, 5, opts, 1)
			re, ok := kit.AsRuleError(err)
			if !ok || re.Code != "bad_option" || re.Rule != want {
				t.Fatalf("options %s: refusal %v, want bad_option naming %q", opts, err, want)
			}
		}
	})
	t.Run("EveryRuleIsJumpship's", func(t *testing.T) {
		tb := std7(t)
		for _, re := range []*kit.RuleError{
			tb.ruleOf(0, "steal", nil), tb.ruleOf(-1, MoveDraw, nil), tb.ruleOf(1, MoveDraw, nil),
		} {
			if !strings.HasPrefix(re.Rule, "Jumpship › ") {
				t.Fatalf("%s names %q, want a Jumpship section", re.Code, re.Rule)
			}
		}
	})
}

// TestOutcomeReasonCode checks that every ending of random games carries a
// catalog key whose template, filled with the params, is the English
// reason, and that the params name players of the table.
func TestOutcomeReasonCode(t *testing.T) {
	codes := map[string]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		n := 5 + int(seed%6)
		st := randomGame(t, n, `{"quarantine_track":2,"eject_track":2,"kill_track":3}`, seed, func(*State, int) {})
		o := New().Outcome(st)
		tmpl, ok := outcomeReasons[o.ReasonCode]
		if !ok {
			t.Fatalf("seed %d: reason code %q is not in the catalog (reason %q)", seed, o.ReasonCode, o.Reason)
		}
		if got, want := fill(tmpl, o.ReasonParams), o.Reason; got != want || strings.Contains(got, "{") {
			t.Fatalf("seed %d: filled template = %q, want %q", seed, got, want)
		}
		for k, v := range o.ReasonParams {
			if !strings.Contains(strings.Join(kittest.FuzzNames[:n], " "), v) {
				t.Fatalf("seed %d: param %s = %q names no player", seed, k, v)
			}
		}
		codes[o.ReasonCode] = true
	}
	if len(codes) < 3 {
		t.Fatalf("random games ended only with %v", codes)
	}
}
