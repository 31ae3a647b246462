package table

import (
	"bytes"
	"context"
	"slices"
	"time"

	"tablewarden/referee/kit"
)

// Equal sizes. Whoever sees a phone's traffic, even encrypted,
// sees its length: in a 7-seat Jumpship game the Aliens' views were a
// hundred bytes longer than the Humans'. So every view of one table at one
// version, whoever it is for, and every stream event that carries one, has
// the same length: each encoded view is padded with spaces (which JSON
// ignores) up to one length per version, at least the longest view of any
// seat, the host or the board at that version, plus padSlack, rounded up to
// padQuantum.

// padQuantum rounds the padded length up, so that also versions of one
// table differ in steps of it rather than byte by byte.
const padQuantum = 256

// padSlack covers what differs between two encodings of the same view at
// different times: only server_time, whose RFC 3339 text drops trailing
// zeros of its nanoseconds (at most 10 bytes).
const padSlack = 16

// padEntry is a table's padded view length at its newest version
// rendered (Service.pads, by table id).
type padEntry struct {
	version int64
	n       int
}

// snapViewers lists every identity that can see snap: each seat in it, the
// host and the board.
func snapViewers(snap *tableSnapshot) []Identity {
	ids := []Identity{{Role: kit.RoleBoard, Seat: -1}, {Role: kit.RoleHost, Seat: -1}}
	for _, st := range snap.seats {
		if st.Removed == 0 {
			ids = append(ids, Identity{Role: kit.RoleSeat, Seat: int(st.Seat)})
		}
	}
	return ids
}

// padLength returns the length every view of snap is padded to. have
// holds viewers' unpadded encodings at now that the caller has already:
// those viewers are not encoded again, and only their lengths are read.
func padLength(snap *tableSnapshot, now time.Time, board *kit.View, have map[Identity][]byte) int {
	longest := 0
	for _, id := range snapViewers(snap) {
		b, ok := have[id]
		if !ok {
			r := snap.render(id, now, board)
			var err error
			if b, err = encodeJSON(&r); err != nil {
				continue
			}
		}
		longest = max(longest, len(b))
	}
	return (longest + padSlack + padQuantum - 1) / padQuantum * padQuantum
}

// spaces is the padding a stream writes after an event's data: a slice of
// it (padding) is written as it is, so that padding a view costs no copy.
var spaces = bytes.Repeat([]byte{' '}, 64<<10)

// padding returns the spaces that pad have bytes up to n (none when have
// is as long), read only.
func padding(have, n int) []byte {
	switch k := n - have; {
	case k <= 0:
		return nil
	case k <= len(spaces):
		return spaces[:k:k]
	default:
		return bytes.Repeat([]byte{' '}, k)
	}
}

// padTo returns b with spaces appended up to n bytes (b itself when it is
// already as long). When b has the room, the spaces go into b's own array
// instead of a copy; b must then be the caller's only hold on that array.
func padTo(b []byte, n int) []byte {
	if len(b) >= n {
		return b
	}
	out := slices.Grow(b, n-len(b))[:n]
	for i := len(b); i < n; i++ {
		out[i] = ' '
	}
	return out
}

// padLen returns the padded length of snap's version, computed once per
// table and version (see padLength for have).
func (s *Service) padLen(snap *tableSnapshot, now time.Time, board *kit.View, have map[Identity][]byte) int {
	if e, ok := s.pads.Load(snap.id); ok && e.(padEntry).version == snap.version {
		return e.(padEntry).n
	}
	n := padLength(snap, now, board, have)
	s.pads.Store(snap.id, padEntry{version: snap.version, n: n})
	return n
}

// Viewers returns a table's version and every identity that can see it now:
// the board, the host and each seat not removed. The api pads every body
// whose content depends on the viewer to the longest any of them gets at
// that version (api/samelength.go).
func (s *Service) Viewers(ctx context.Context, tableID string) (int64, []Identity, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return 0, nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := []Identity{{Role: kit.RoleBoard, Seat: -1}, {Role: kit.RoleHost, Seat: -1}}
	for _, st := range t.seats {
		if st.Removed == 0 {
			ids = append(ids, Identity{Role: kit.RoleSeat, Seat: int(st.Seat)})
		}
	}
	return t.row.Version, ids, nil
}
