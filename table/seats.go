package table

import "tablewarden/db"

// Dealt returns the names of the seats a started table was dealt, in seat
// order. Start drops the seats removed in the lobby, and no later change
// to a seat's device changes the deal, so every seat row of a started
// table was dealt, whatever its device or its removed flag (a table from
// before devices could be revoked flagged a seat removed mid-game).
func Dealt(seats []db.Seat) []string {
	names := make([]string, 0, len(seats))
	for _, st := range seats {
		names = append(names, st.Name)
	}
	return names
}

// Holders maps each device credential (a token's hash, as a string) to the
// seat it holds. A seat removed in the lobby or without a device holds
// none.
func Holders(seats []db.Seat) map[string]int {
	m := make(map[string]int, len(seats))
	for _, st := range seats {
		if st.Removed == 0 && st.TokenHash != nil {
			m[string(st.TokenHash)] = int(st.Seat)
		}
	}
	return m
}

// Unattended reports whether a seat is in play with no device.
func Unattended(st db.Seat) bool { return st.Removed == 0 && st.TokenHash == nil }
