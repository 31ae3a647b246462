package table

import (
	"crypto/rand"
	"strings"
	"time"

	"tablewarden/db"
)

// Hand-over codes.
//
// A hand-over code is a credential: whoever holds it takes the seat. It is
// read aloud or typed as easily as scanned, so it is short and avoids
// look-alike characters: HandoverCodeLen characters of the join codes'
// alphabet (no 0/O, 1/I/L, U/V), shown as two groups of five
// ("7KQ3M-XW9RT"). The alphabet has 25 characters, so 25^10 ≈ 9.5e13 codes
// (46.4 bits). What makes that enough: a code is valid for ten minutes
// (handoverTTL), a seat has at most one open code, and the server answers
// failed claims slowly once a client address has failed a few (api, claim
// limit). An attacker answered a thousand wrong codes a second, with ten
// thousand codes open on the server at every moment, hits one about once
// in 9.5e13 / (1,000 × 10,000) s ≈ 110 days.

// HandoverCodeLen is the number of characters of a hand-over code, without
// its dash.
const HandoverCodeLen = 10

// NewHandoverCode returns a new hand-over code in its display form, two
// groups of five characters joined by a dash.
func NewHandoverCode() string {
	var sb strings.Builder
	b := make([]byte, 1)
	for sb.Len() < HandoverCodeLen+1 {
		if sb.Len() == HandoverCodeLen/2 {
			sb.WriteByte('-')
			continue
		}
		if _, err := rand.Read(b); err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		// Reject the top of the byte range so that every character is
		// equally likely.
		if int(b[0]) >= 256/len(joinAlphabet)*len(joinAlphabet) {
			continue
		}
		sb.WriteByte(joinAlphabet[int(b[0])%len(joinAlphabet)])
	}
	return sb.String()
}

// NormalizeHandoverCode returns the code as it is stored (hashed): upper
// case, without dashes or spaces. ok is false when what is left is not
// HandoverCodeLen characters of the alphabet, so that nothing else is
// looked up.
func NormalizeHandoverCode(code string) (norm string, ok bool) {
	if len(code) > 40 {
		return "", false
	}
	var sb strings.Builder
	for _, r := range strings.ToUpper(code) {
		switch {
		case r == '-' || r == ' ':
		case r < 128 && strings.IndexByte(joinAlphabet, byte(r)) >= 0:
			sb.WriteRune(r)
		default:
			return "", false
		}
	}
	if sb.Len() != HandoverCodeLen {
		return "", false
	}
	return sb.String(), true
}

// hashHandover returns the stored hash of a normalized code.
func hashHandover(norm string) []byte { return HashToken("handover:" + norm) }

// OpenHandover is a seat's open hand-over code, as the host's view lists
// it (never the code itself): the host screen takes the code's QR code
// away once the seat is no longer listed.
type OpenHandover struct {
	Seat      int       `json:"seat"`
	ExpiresAt time.Time `json:"expires_at"`
}

// setHandover records seat's open code in memory (expires zero: none).
// The slice is replaced, never edited: snapshots share it. The caller
// holds t.mu.
func (t *table) setHandover(seat int, expires time.Time) {
	var next []OpenHandover
	for _, h := range t.handovers {
		if h.Seat != seat {
			next = append(next, h)
		}
	}
	if !expires.IsZero() {
		next = append(next, OpenHandover{Seat: seat, ExpiresAt: expires})
	}
	t.handovers = next
}

// hasHandover reports whether seat has an open code in memory. The caller
// holds t.mu.
func (t *table) hasHandover(seat int) bool {
	for _, h := range t.handovers {
		if h.Seat == seat {
			return true
		}
	}
	return false
}

// renumberedHandovers returns the open codes of a lobby's seats as the
// start renumbers them: each follows its seat to the seat's new number,
// and a removed seat's code (already cancelled) is dropped.
func renumberedHandovers(open []OpenHandover, lobby []db.Seat) []OpenHandover {
	number := map[int]int{}
	for _, st := range lobby {
		if st.Removed == 0 {
			number[int(st.Seat)] = len(number)
		}
	}
	var out []OpenHandover
	for _, h := range open {
		if n, ok := number[h.Seat]; ok {
			out = append(out, OpenHandover{Seat: n, ExpiresAt: h.ExpiresAt})
		}
	}
	return out
}
