package table

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// laySeatOptions lays the host's seat options over a table's options at
// the start. A seat option (kit.OptSeat, such as Space Cadets' Captain)
// names a player, so it can only be chosen once players have joined: the
// host sends it with the start, naming each seat as the lobby lists it
// (seats[].seat), or -1 for the game's default rule. The game reads a seat
// option as a seat of the dealt order, so each lobby seat is mapped to its
// place among the seats that remain. The result is the options to
// store and to deal with. Codes: "bad_option" for an option that is not a
// seat option of the game, a value that is not a whole number, or a seat
// that is not at the table.
func laySeatOptions(specs []kit.OptionSpec, stored string, raw json.RawMessage, seats []db.Seat) (string, error) {
	var given map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&given); err != nil {
		return "", kit.Errorf("bad_option", "Setup", "The seat options must be a JSON object: %v.", err)
	}
	if len(given) == 0 {
		return stored, nil
	}
	merged := map[string]json.RawMessage{}
	if stored != "" {
		if err := json.Unmarshal([]byte(stored), &merged); err != nil {
			return "", err
		}
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		i := slices.IndexFunc(specs, func(o kit.OptionSpec) bool { return o.Name == name })
		if i < 0 || specs[i].Kind != kit.OptSeat {
			return "", kit.Errorf("bad_option", "Setup", "%q is not an option the host assigns in the lobby; only seat options are given when starting.", name)
		}
		var seat int
		if err := json.Unmarshal(given[name], &seat); err != nil {
			return "", kit.Errorf("bad_option", "Setup", "Option %q must name a seat by its number.", name)
		}
		dealt := seat
		if seat >= 0 {
			if dealt = dealtIndex(seats, seat); dealt < 0 {
				return "", kit.Errorf("bad_option", "Setup", "Option %q names seat %d, which is not at the table.", name, seat)
			}
		}
		merged[name] = json.RawMessage(itoa(dealt))
	}
	out, err := json.Marshal(merged)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// dealtIndex is the place of lobby seat n among the seats that remain, in
// joining order, as Start deals them; -1 when n is not at the table.
func dealtIndex(seats []db.Seat, n int) int {
	i := 0
	for _, st := range seats {
		if st.Removed != 0 {
			continue
		}
		if st.Seat == int64(n) {
			return i
		}
		i++
	}
	return -1
}
