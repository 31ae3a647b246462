package captainisdead

import (
	"fmt"

	"tablewarden/referee/kit"
)

// events collects a move's log entries and whether it revealed a card.
type events struct {
	list    []kit.Event
	reveals bool
}

func (e *events) public(code, format string, args ...any) {
	e.list = append(e.list, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
}

func (e *events) private(seat int, code, format string, args ...any) {
	e.list = append(e.list, kit.PrivateEvent(code, fmt.Sprintf(format, args...), seat))
}
