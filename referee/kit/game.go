// Package kit is the table kit shared by every game's referee: the Game
// contract the server knows games by, seats and turn order, bounded tracks,
// bags and decks, the seeded random generator, timers as data, rule errors,
// outcomes and score breakdowns, and the move catalog the phone UI renders.
//
// kit imports the standard library only. Nothing here touches HTTP or SQL.
package kit

import (
	"encoding/json"
	"time"
)

// State is one game's whole state. It is a game's own Go value (usually a
// pointer to a struct) that encodes to JSON deterministically, so that the
// stored snapshot and a replay of the move log can be compared byte for byte.
type State any

// Move is what a phone reports: a move type from the game's catalog and its
// arguments as a JSON object.
type Move struct {
	Type string          `json:"type"`
	Args json.RawMessage `json:"args,omitempty"`
}

// Actor says who makes a move: a seat, the host's device, or the server
// itself (timer expiries and other automatic steps).
type Actor struct {
	Seat   int  `json:"seat"`
	Host   bool `json:"host,omitempty"`
	System bool `json:"system,omitempty"`
}

// SeatActor returns the actor for a seat index.
func SeatActor(seat int) Actor { return Actor{Seat: seat} }

// HostActor is the host's device. It is not a seat.
var HostActor = Actor{Seat: -1, Host: true}

// SystemActor is the server acting on its own (a timer that ran out).
var SystemActor = Actor{Seat: -1, System: true}

// IsSeat reports whether the actor is a player's seat.
func (a Actor) IsSeat() bool { return !a.Host && !a.System && a.Seat >= 0 }

// ViewerRole says what kind of screen a view is for.
type ViewerRole string

// The viewer roles.
const (
	RoleSeat  ViewerRole = "seat"  // a player's phone: the seat's own secrets
	RoleHost  ViewerRole = "host"  // the host's screen: host actions, no seat's secrets
	RoleBoard ViewerRole = "board" // the shared tablet: public information only
)

// Viewer is the screen a view is computed for.
type Viewer struct {
	Role ViewerRole `json:"role"`
	Seat int        `json:"seat"`
	// Lang is the table's language ("en" when empty, or "pt-BR"): a game
	// whose views carry words of its own catalog (Lockup's terms) writes
	// them in it. Every viewer of a table has the same Lang, so the parts
	// every screen shares stay the same.
	Lang string `json:"lang,omitempty"`
}

// SeatViewer returns the viewer for a seat index.
func SeatViewer(seat int) Viewer { return Viewer{Role: RoleSeat, Seat: seat} }

// HostViewer is the host's screen.
var HostViewer = Viewer{Role: RoleHost, Seat: -1}

// BoardViewer is the shared board page.
var BoardViewer = Viewer{Role: RoleBoard, Seat: -1}

// IsSeat reports whether the viewer is a given seat.
func (v Viewer) IsSeat(seat int) bool { return v.Role == RoleSeat && v.Seat == seat }

// In returns v speaking lang.
func (v Viewer) In(lang string) Viewer { v.Lang = lang; return v }

// Ctx is what Apply and Setup may use beyond the state: a generator seeded
// from (table seed, move number), the time the move was received (stored with
// the move so that replay sees the same time), and the move's number.
type Ctx struct {
	RNG    *RNG
	Now    time.Time
	MoveNo int
}

// NewCtx returns the context for move number moveNo of a table with the
// given seed. Setup uses moveNo 0; the first move is 1.
func NewCtx(seed uint64, moveNo int, now time.Time) Ctx {
	return Ctx{RNG: NewRNG(seed, uint64(moveNo)), Now: now.UTC(), MoveNo: moveNo}
}

// Result is what an accepted move produces.
type Result struct {
	// State is the new state. It must not share mutable memory with the
	// input state.
	State State
	// Events are log entries, each public or visible to some seats only.
	Events []Event
	// Reveals is true when the move revealed hidden information (a bag
	// draw, a deck draw, a scan); the host cannot undo such a move.
	Reveals bool
}

// Game is a rulebook turned into code. The server knows a game only through
// this interface.
type Game interface {
	// Info describes the game: options, move catalog, player counts.
	Info() Info
	// Setup returns the initial state for the named seats (index = seat),
	// or a *RuleError for impossible options or player counts.
	Setup(opts json.RawMessage, seats []string, ctx Ctx) (State, error)
	// Apply validates a move and returns the new state, or a *RuleError.
	// It never mutates st.
	Apply(st State, who Actor, m Move, ctx Ctx) (Result, error)
	// View returns exactly what v may see, including the moves v may make.
	View(st State, v Viewer) View
	// Outcome is nil while the game runs.
	Outcome(st State) *Outcome
	// Decode reads a state from its JSON encoding.
	Decode(data []byte) (State, error)
	// Invariants checks the game's invariants (track bounds, token
	// conservation, card counts) and returns an error naming the first one
	// broken.
	Invariants(st State) error
}

// SetupLogger is implemented by games that log their setup: the tunnels
// dealt, the first card, the start of round 1. The server stores these
// events as the table's first log entries when the game starts. They are
// derived from the initial state only, so replay gives the same entries.
type SetupLogger interface {
	SetupEvents(st State) []Event
}

// SetupEvents returns g's setup log for st, or nil when g logs none.
func SetupEvents(g Game, st State) []Event {
	if l, ok := g.(SetupLogger); ok {
		return l.SetupEvents(st)
	}
	return nil
}

// TimerHolder is implemented by games whose state holds running timers. The
// server schedules a "timer_expired" system move for each running timer.
type TimerHolder interface {
	Timers(st State) []Timer
}

// TimerExpiredMove is the move type the server sends, as SystemActor, when a
// running timer's deadline passes. Its args are TimerExpiredArgs.
const TimerExpiredMove = "timer_expired"

// TimerExpiredArgs names the timer and the generation that ran out.
type TimerExpiredArgs struct {
	Name       string `json:"name"`
	Generation int    `json:"generation"`
}
