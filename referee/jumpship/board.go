package jumpship

import (
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// boardView is the drawable board, the same for every viewer: the bag's
// count, the scanners, the countdown and repair tracks as counters, who
// holds the Quarantine card, and one slot per seat in turn order saying
// whose turn it is and who is ejected, killed or quarantined. It never
// holds a Bio ID before the end.
func (st *State) boardView() *kit.BoardView {
	b := &kit.BoardView{Title: "Jumpship"}
	b.Counters = append(b.Counters, kit.BoardCounter{Label: "Tokens in the bag", Value: strconv.Itoa(st.Bag.Len())})
	for i, tr := range st.Countdown {
		v := fmt.Sprintf("%d of %d", tr.Count, st.TrackLengths[i])
		if tr.Resolved {
			v = "Resolved"
		}
		b.Counters = append(b.Counters, kit.BoardCounter{Label: trackLabel(i), Value: v})
	}
	b.Counters = append(b.Counters,
		kit.BoardCounter{Label: "Ship Repair", Value: fmt.Sprintf("%d of %d", st.Repair, data.RepairTrack.Spaces)},
		kit.BoardCounter{Label: "Scanners", Value: map[bool]string{true: "Online", false: "Offline"}[st.scannersOnline()]},
	)
	card := kit.BoardSlot{Key: "quarantine_card", Label: "Quarantine card: " + st.Card.Name, Value: "", Tags: []string{"card"}}
	if st.Quarantined >= 0 {
		card.Value = st.name(st.Quarantined) + " holds it"
		card.Tags = append(card.Tags, "quarantined")
	}
	b.Slots = append(b.Slots, card)
	waiting := st.waitingFor()
	for i, seat := range st.Order.Order {
		s := st.Seats[seat]
		slot := kit.BoardSlot{Key: "seat:" + strconv.Itoa(seat), Label: fmt.Sprintf("%d. %s (%s)", i+1, s.Name, s.Role)}
		var notes []string
		if st.End == nil && seat == st.Order.Seat() {
			slot.Tags = append(slot.Tags, "current")
			notes = append(notes, "Current turn")
		}
		if len(waiting) == 1 && waiting[0] == seat && st.Choice != nil {
			slot.Tags = append(slot.Tags, "deciding")
			notes = append(notes, "Deciding")
		}
		if s.Status != Aboard {
			slot.Tags = append(slot.Tags, s.Status)
			notes = append(notes, map[string]string{Ejected: "Ejected", Killed: "Killed"}[s.Status])
		}
		if seat == st.Quarantined {
			slot.Tags = append(slot.Tags, "quarantined")
			notes = append(notes, "In Quarantine")
		}
		slot.Value = strings.Join(notes, " · ")
		b.Slots = append(b.Slots, slot)
	}
	return b
}
