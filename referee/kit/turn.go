package kit

// TurnOrder is the seating order and whose turn it is.
type TurnOrder struct {
	Order   []int `json:"order" vis:"public"`
	Current int   `json:"current" vis:"public"` // index into Order
}

// Clone returns a copy that shares no memory.
func (t TurnOrder) Clone() TurnOrder {
	return TurnOrder{Order: append([]int(nil), t.Order...), Current: t.Current}
}

// Seat returns the seat whose turn it is, or -1 when Order is empty.
func (t TurnOrder) Seat() int {
	if len(t.Order) == 0 {
		return -1
	}
	return t.Order[t.Current]
}

// Next advances to the next seat in order for which active is true and
// returns it; it returns -1 (and leaves Current) when no seat is active.
func (t *TurnOrder) Next(active func(seat int) bool) int {
	n := len(t.Order)
	for i := 1; i <= n; i++ {
		j := (t.Current + i) % n
		if active == nil || active(t.Order[j]) {
			t.Current = j
			return t.Order[j]
		}
	}
	return -1
}

// Clockwise returns the seats from first onward in seat order: first,
// first+1, …, wrapping around n seats.
func Clockwise(first, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = (first + i) % n
	}
	return out
}
