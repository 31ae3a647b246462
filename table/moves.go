package table

import (
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// SystemKeyPrefix starts the idempotency keys of the moves the server
// makes itself (timer expiries). No client may send a key in it, so no
// client can take a server move's key first.
const SystemKeyPrefix = "sys:"

// ClientKeyAllowed reports whether a client may send an idempotency key.
func ClientKeyAllowed(key string) bool { return !strings.HasPrefix(key, SystemKeyPrefix) }

// printableKey reports whether an idempotency key is valid UTF-8 without
// control characters: PostgreSQL cannot store a NUL byte or invalid UTF-8
// as text, and both engines must answer a key alike.
func printableKey(key string) bool {
	if !utf8.ValidString(key) {
		return false
	}
	for _, r := range key {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// MovedBy is a log entry's actor as stored: the referee's actor, and
// whether the host played the move for a seat without a device. Replay
// reads it as a kit.Actor, which ignores ByHost.
type MovedBy struct {
	kit.Actor
	ByHost bool `json:"by_host,omitempty"`
}

// SameMove reports whether a stored move is the move that by asks for
// with the given type and compacted args: an idempotency key names one
// move, so a key reused for another move is refused.
func SameMove(prev db.Move, by MovedBy, typ, args string) bool {
	var was MovedBy
	if json.Unmarshal([]byte(prev.Actor), &was) != nil {
		return false
	}
	return was == by && prev.Type == typ && prev.Args == args
}

// The values of a move's reveals column: undo refuses both.
const (
	RevealsHidden = 1 // the move revealed hidden information
	RevealsRandom = 2 // the move drew randomness (dice, a shuffle, a draw)
)

// Reveals returns the reveals column of a move Apply accepted with the
// context c of move seq at a table with the given seed: RevealsHidden if
// the referee said it revealed hidden information, RevealsRandom if it
// drew from the move's generator, else 0.
//
// A referee may draw only from Ctx.RNG (DESIGN.md), seeded by (table seed,
// move number), so the generator gives its first number after Apply only
// if Apply drew nothing: comparing it with a fresh generator's first
// number finds every die, shuffle and draw without the referee's help.
// Undo refuses such a move, so a table can never roll again for another
// result.
func Reveals(res kit.Result, c kit.Ctx, seed uint64, seq int64) int64 {
	switch {
	case res.Reveals:
		return RevealsHidden
	case c.RNG.Uint64() != kit.NewRNG(seed, uint64(seq)).Uint64():
		return RevealsRandom
	}
	return 0
}
