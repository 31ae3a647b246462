package kittest

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
)

// SetupRefusal is a table that Setup must refuse: Options (JSON, "" for
// none) for Seats players, refused with Code and, when Rule is not "",
// naming that section of the book.
type SetupRefusal struct {
	Name    string
	Options string
	Seats   int
	Code    string
	Rule    string
}

// SetupRefusals checks, in a subtest named by each case's Name, that
// g.Setup refuses the case with its code (and its rule, when it names one).
func SetupRefusals(t *testing.T, g kit.Game, cases ...SetupRefusal) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			_, err := g.Setup(json.RawMessage(c.Options), make([]string, c.Seats), kit.NewCtx(1, 0, Epoch))
			if got, want := kit.ErrorCode(err), c.Code; got != want {
				t.Fatalf("Setup(%s) for %d seats: error %v, want %q", c.Options, c.Seats, err, want)
			}
			if re, _ := kit.AsRuleError(err); c.Rule != "" && (re == nil || re.Rule != c.Rule) {
				t.Fatalf("Setup(%s) = %v, want it to name %q", c.Options, err, c.Rule)
			}
		})
	}
}
