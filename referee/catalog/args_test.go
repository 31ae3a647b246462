package catalog

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// decoderText is what Go's JSON decoder writes in its errors.
var decoderText = regexp.MustCompile(`json:|Go struct|Go value|unmarshal|jsontext|unknown field`)

// wrongValue is a JSON value of another kind than an argument takes.
func wrongValue(a kit.ArgSpec) string {
	switch a.Kind {
	case kit.ArgInt, kit.ArgSeat:
		return `"abc"`
	case kit.ArgBool:
		return `"maybe"`
	}
	return `[1,2]`
}

// TestBadArgsPlainSentences plays every game at random and, in every state
// of the first moves, sends each offered move with each argument of the
// wrong kind and with an unknown argument: every refusal is "bad_args" in
// a plain sentence naming the argument, never the JSON decoder's text.
// Lockup's pt-BR catalog turns each into Portuguese.
func TestBadArgsPlainSentences(t *testing.T) {
	for _, g := range All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			n := max(info.MinPlayers, 2)
			tried := 0
			each := func(t testing.TB, st kit.State, views []kit.View, no int) {
				if no > 25 {
					return
				}
				for i, v := range kittest.Viewers(n) {
					for _, m := range views[i].Moves {
						cases := map[string]string{"zz_unknown": `{"zz_unknown":1}`}
						for _, a := range m.Args {
							cases[a.Name] = fmt.Sprintf(`{%q:%s}`, a.Name, wrongValue(a))
						}
						for arg, args := range cases {
							_, err := g.Apply(st, kittest.ActorOf(v), kit.Move{Type: m.Type, Args: json.RawMessage(args)}, kit.NewCtx(1, no+1, kittest.Epoch))
							re, ok := kit.AsRuleError(err)
							if !ok {
								t.Fatalf("%s %s: %v, want a refusal", m.Type, args, err)
							}
							if re.Code != "bad_args" && re.Code != "not_offered" {
								continue // a handler that checks something else first
							}
							tried++
							if decoderText.MatchString(re.Message) || !strings.Contains(re.Message, arg) {
								t.Fatalf("%s %s: message %q quotes the decoder or does not name %s", m.Type, args, re.Message, arg)
							}
							if info.ID == "lockup" && re.Code == "bad_args" {
								checkPortuguese(t, info, re)
							}
						}
					}
				}
			}
			w := kittest.WalkConfig{Seats: n, Seed: 11, Moves: 25, Each: each}
			if info.ID == "spacecadets" {
				w.Options = json.RawMessage(`{"mission":"10"}`)
				w.Seats = 4
				n = 4
			}
			w.Play(t, g)
			if tried < 5 {
				t.Fatalf("only %d bad arguments tried", tried)
			}
		})
	}
}

var termRE = regexp.MustCompile(`§([A-Za-z0-9_.-]+)(?:\(([^()§]*)\))?`)

// checkPortuguese renders a refusal as a pt-BR page does (the catalog's
// text for its code, its params' terms expanded) and checks it is the
// Portuguese sentence, naming the argument.
func checkPortuguese(t testing.TB, info kit.Info, re *kit.RuleError) {
	t.Helper()
	cat := info.Messages["pt-BR"]
	tmpl, ok := cat[re.Code]
	if !ok {
		t.Fatalf("pt-BR has no %s", re.Code)
	}
	for k, v := range re.Params {
		v = termRE.ReplaceAllStringFunc(v, func(m string) string {
			sub := termRE.FindStringSubmatch(m)
			s, ok := cat["term."+sub[1]]
			if !ok {
				t.Fatalf("pt-BR has no term.%s", sub[1])
			}
			for _, kv := range strings.Split(sub[2], ";") {
				if k, v, ok := strings.Cut(kv, "="); ok {
					s = strings.ReplaceAll(s, "{"+k+"}", v)
				}
			}
			return s
		})
		tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
	}
	if strings.Contains(tmpl, "{") && regexp.MustCompile(`\{[a-z_]+\}`).MatchString(tmpl) || decoderText.MatchString(tmpl) ||
		!regexp.MustCompile(`deve ser|não é um dos argumentos|não são um JSON|devem ser|vêm seguidos|valor do tipo`).MatchString(tmpl) {
		t.Fatalf("pt-BR bad_args reads %q (params %v), want a Portuguese sentence", tmpl, re.Params)
	}
	if a := re.Params["arg"]; a != "" && !strings.Contains(tmpl, a) {
		t.Fatalf("pt-BR bad_args %q does not name %s", tmpl, a)
	}
}

// TestBadGameDataPlainSentences: a table's game data override of the
// wrong shape is refused (bad_option) in plain words (kit.LoadData), for
// every game that takes one through it. Nostromo reads its flat "data"
// option itself first (referee/nostromo/data.go) and is not checked here.
func TestBadGameDataPlainSentences(t *testing.T) {
	n := 0
	for _, g := range All() {
		info := g.Info()
		if info.ID == "nostromo" {
			continue
		}
		for _, o := range info.Options {
			if o.Kind != kit.OptJSON {
				continue
			}
			for _, bad := range []string{`"zz"`, `{"zz_unknown":1}`, `{"rounds":{"value":"x"}}`, `{"enemies":"x"}`, `{"rooms":5}`} {
				names := []string{"A", "B", "C", "D", "E"}[:max(info.MinPlayers, 2)]
				if info.MinPlayers > 5 {
					continue
				}
				_, err := g.Setup(json.RawMessage(fmt.Sprintf(`{%q:%s}`, o.Name, bad)), names, kit.NewCtx(1, 0, kittest.Epoch))
				re, ok := kit.AsRuleError(err)
				if !ok {
					continue // an override the game takes
				}
				n++
				if decoderText.MatchString(re.Message) {
					t.Errorf("%s %s %s: %q quotes the decoder", info.ID, o.Name, bad, re.Message)
				}
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d bad overrides refused", n)
	}
}
