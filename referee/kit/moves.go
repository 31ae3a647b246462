package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// ErrStateType is returned (wrapped) by Moves.Apply and Moves.State when a
// state of another game's type is passed in. It is a programming error, not
// a refusal of the rules, so it is not a *RuleError.
var ErrStateType = errors.New("kit: state is not this game's type")

// Who says which kind of actor may make a move.
type Who int

// The kinds of actor a move table knows.
const (
	// BySeat: a player's phone.
	BySeat Who = iota
	// ByHost: the host's screen (the host records what the table did, or
	// plays a seat that has no phone).
	ByHost
	// BySystem: the server itself (a timer that ran out).
	BySystem
	// ByHostOrSeat: either the host's screen or a player's phone (a step
	// the host or the Captain may move on, a die anyone may roll). Offer
	// and Apply get -1 for the host, the seat otherwise.
	ByHostOrSeat
)

// Turn is the carrier handed to every move's Apply: a private clone of the
// state, the move's context (its seeded generator), and the log events and
// reveal flag the move collects. Moves.Apply builds it and turns it into a
// Result.
type Turn[S any] struct {
	// S is the clone the move changes; the caller's state is never touched.
	S *S
	// Before is the state as it was before the move (Moves.Apply sets it):
	// read it, never change it. A check that compares the state before and
	// after a move (MovesConfig.After) reads it. Nil on a Turn built by hand.
	Before *S
	// Ctx is the move's context; RNG is Ctx.RNG.
	Ctx     Ctx
	RNG     *RNG
	Events  []Event
	Reveals bool
}

// Public logs a public event with a formatted English text.
func (t *Turn[S]) Public(code, format string, args ...any) {
	t.Events = append(t.Events, PublicEvent(code, fmt.Sprintf(format, args...)))
}

// Private logs an event that only the listed seats see.
func (t *Turn[S]) Private(code, text string, seats ...int) {
	t.Events = append(t.Events, PrivateEvent(code, text, seats...))
}

// Log appends events as they are.
func (t *Turn[S]) Log(e ...Event) { t.Events = append(t.Events, e...) }

// Reveal marks the move as revealing hidden information or drawing
// randomness: the host cannot undo it.
func (t *Turn[S]) Reveal() { t.Reveals = true }

// MoveDef is one row of a game's move table.
type MoveDef[S any] struct {
	// Spec is the catalog entry: type, label, rule, arguments, and the UI
	// hints (Primary, Group, Confirm).
	Spec MoveSpec
	// Phases, when not empty, lists the phases (Moves.Phase) in which the
	// move may be made at all.
	Phases []string
	// Who says which actor makes the move. Spec.Host is set from it.
	Who Who
	// Offer returns Spec narrowed to what seat (-1 for the host and the
	// server) may choose now, or nil when the move is not offered. A move
	// is legal exactly when it is offered: Moves.Apply refuses a move that
	// Offer does not offer, or whose arguments are outside the offered
	// choices, even if Apply would accept it.
	Offer func(s *S, seat int) *MoveSpec
	// OfferAll, set instead of Offer, returns several offered entries of
	// the move (one per legal combination the arguments cannot express
	// independently). A move is then legal when it lies within one of
	// them.
	OfferAll func(s *S, seat int) []MoveSpec
	// Apply applies the move to t.S for seat (-1 for the host and the
	// server). It returns a *RuleError to refuse it; t.S is then dropped.
	// Use Args to decode typed arguments.
	Apply func(t *Turn[S], seat int, m Move) error
}

// Offerer is the type of a row's offer for Row: one entry
// (MoveDef.Offer) or several (MoveDef.OfferAll).
type Offerer[S any] interface {
	func(s *S, seat int) *MoveSpec | func(s *S, seat int) []MoveSpec
}

// Row declares one row of a move table, the one way every game writes
// its rows: the catalog entry, who makes the move, its offer (a func
// returning one entry becomes MoveDef.Offer, one returning several
// MoveDef.OfferAll), its apply (usually Args or NoArgs around a typed
// handler) and, optionally, the phases in which it may be made at all.
//
//	kit.Row(specGive, kit.BySeat, offerGive, kit.Args(ruleGiving, give))
//	kit.Row(specReset, kit.ByHost, offerReset, kit.NoArgs(ruleHost, reset), PhasePlay)
func Row[S any, O Offerer[S]](spec MoveSpec, who Who, offer O, apply func(t *Turn[S], seat int, m Move) error, phases ...string) MoveDef[S] {
	d := MoveDef[S]{Spec: spec, Who: who, Phases: phases, Apply: apply}
	switch f := any(offer).(type) {
	case func(s *S, seat int) *MoveSpec:
		d.Offer = f
	case func(s *S, seat int) []MoveSpec:
		d.OfferAll = f
	}
	return d
}

// MovesConfig is what a move table needs to know about its game's state.
type MovesConfig[S any] struct {
	// Game is the game's name as rule sections begin with it
	// ("Jumpship"); generic refusals name it.
	Game string
	// Rule is the section that generic refusals (unknown move, wrong
	// actor, wrong phase) name, e.g. "Jumpship › Turn Summary".
	Rule string
	// Clone deep-copies a state.
	Clone func(s *S) *S
	// Over returns the game_over refusal once the game has ended, naming
	// the book's section on the end of the game; nil while it runs.
	Over func(s *S) *RuleError
	// Seats is the number of seats at the table.
	Seats func(s *S) int
	// Phase returns the current phase, for MoveDef.Phases (optional).
	Phase func(s *S) string
	// SeatOnlyCode, when set, replaces "seat_only" as the code of the
	// refusal of a seat's move made by another actor (a game whose
	// published codes say "not_a_player" keeps them).
	SeatOnlyCode string
	// After runs after every accepted move, on the same Turn (automatic
	// steps, end-of-game checks). Optional.
	After func(t *Turn[S])
}

// Moves is a game's move table with the one Apply wrapper every game uses.
type Moves[S any] struct {
	cfg   MovesConfig[S]
	defs  []MoveDef[S]
	index map[string]int
	specs []MoveSpec
}

// NewMoves builds a move table. It panics on a row without a type, a
// duplicate move type or a row without Offer or Apply: tables are
// package-level values checked at init.
func NewMoves[S any](cfg MovesConfig[S], defs ...MoveDef[S]) *Moves[S] {
	ms := &Moves[S]{cfg: cfg, index: map[string]int{}}
	for _, d := range defs {
		if d.Spec.Type == "" {
			panic("kit: a move row has no type (label " + fmt.Sprintf("%q", d.Spec.Label) + ")")
		}
		if _, dup := ms.index[d.Spec.Type]; dup {
			panic("kit: duplicate move type " + d.Spec.Type)
		}
		if (d.Offer == nil) == (d.OfferAll == nil) || d.Apply == nil {
			panic("kit: move " + d.Spec.Type + " needs Apply and one of Offer or OfferAll")
		}
		d.Spec.Host = d.Who == ByHost
		ms.index[d.Spec.Type] = len(ms.defs)
		ms.defs = append(ms.defs, d)
		ms.specs = append(ms.specs, d.Spec)
	}
	return ms
}

// Specs returns the catalog (for Info().Moves), in table order. The slice
// is shared: do not modify it.
func (ms *Moves[S]) Specs() []MoveSpec { return ms.specs }

// Def returns the row of a move type.
func (ms *Moves[S]) Def(moveType string) (MoveDef[S], bool) {
	i, ok := ms.index[moveType]
	if !ok {
		return MoveDef[S]{}, false
	}
	return ms.defs[i], true
}

// State returns st as the game's state, or an error wrapping ErrStateType.
func (ms *Moves[S]) State(st State) (*S, error) {
	s, ok := st.(*S)
	if !ok || s == nil {
		return nil, fmt.Errorf("%w: %s got %T", ErrStateType, ms.cfg.Game, st)
	}
	return s, nil
}

// Check runs f on st as the game's state, or returns State's error when st
// is another game's: the body of a game's Invariants is a func(*S) error.
func (ms *Moves[S]) Check(st State, f func(s *S) error) error {
	s, err := ms.State(st)
	if err != nil {
		return err
	}
	return f(s)
}

// seatFor maps an actor onto the seat number a row's Offer and Apply take,
// or refuses the actor.
func (ms *Moves[S]) seatFor(s *S, d MoveDef[S], who Actor) (int, error) {
	switch d.Who {
	case ByHost:
		if !who.Host {
			return 0, Errorf("host_only", d.Spec.Rule, "Only the host's screen records this.")
		}
		return -1, nil
	case BySystem:
		if !who.System {
			return 0, Errorf("system_only", d.Spec.Rule, "Only the server makes this move.")
		}
		return -1, nil
	case ByHostOrSeat:
		if who.Host {
			return -1, nil
		}
	}
	if !who.IsSeat() || (ms.cfg.Seats != nil && who.Seat >= ms.cfg.Seats(s)) {
		code := "seat_only"
		if ms.cfg.SeatOnlyCode != "" {
			code = ms.cfg.SeatOnlyCode
		}
		return 0, Errorf(code, d.Spec.Rule, "This move is made from a player's phone.")
	}
	return who.Seat, nil
}

// Offers lists the moves seat (-1: the host) may make now, in table order.
// It lists nothing once the game is over.
func (ms *Moves[S]) Offers(s *S, seat int) []MoveSpec {
	out := []MoveSpec{}
	if ms.cfg.Over != nil && ms.cfg.Over(s) != nil {
		return out
	}
	for _, d := range ms.defs {
		switch {
		case d.Who == BySystem,
			d.Who == ByHost && seat >= 0,
			d.Who == BySeat && seat < 0:
			continue
		}
		if !ms.inPhase(s, d) {
			continue
		}
		out = append(out, d.offered(s, seat)...)
	}
	return out
}

// offered lists a row's offered entries for seat now. Each entry's Host
// is the row's, as in the catalog (Specs), whatever the offer built it
// from.
func (d MoveDef[S]) offered(s *S, seat int) []MoveSpec {
	host := d.Who == ByHost
	if d.OfferAll != nil {
		out := d.OfferAll(s, seat)
		for i := range out {
			if out[i].Host != host {
				// The offer may hand out a shared slice: mark a copy.
				out = slices.Clone(out)
				for j := range out {
					out[j].Host = host
				}
				break
			}
		}
		return out
	}
	if sp := d.Offer(s, seat); sp != nil {
		o := *sp
		o.Host = host
		return []MoveSpec{o}
	}
	return nil
}

func (ms *Moves[S]) inPhase(s *S, d MoveDef[S]) bool {
	return len(d.Phases) == 0 || ms.cfg.Phase == nil || slices.Contains(d.Phases, ms.cfg.Phase(s))
}

// Apply is the one way a move is applied, for every game. In order it:
// checks the state's type; refuses any move once the game is over
// ("game_over"); refuses a type not in the table ("unknown_move"); checks
// the actor ("host_only", "seat_only", "system_only"); clones the state;
// runs the row's Apply (which decodes its arguments with Args and returns
// the rule's own refusal); and then checks that the move was offered with
// those arguments ("not_offered" if the row's Apply accepted something its
// Offer does not list, so offer and apply cannot drift apart). After
// runs last. The input state is never modified.
func (ms *Moves[S]) Apply(st State, who Actor, m Move, ctx Ctx) (Result, error) {
	s0, err := ms.State(st)
	if err != nil {
		return Result{}, err
	}
	if ms.cfg.Over != nil {
		if re := ms.cfg.Over(s0); re != nil {
			return Result{}, re
		}
	}
	i, ok := ms.index[m.Type]
	if !ok {
		return Result{}, Errorf("unknown_move", ms.cfg.Rule, "There is no move %q in %s.", m.Type, ms.cfg.Game)
	}
	d := ms.defs[i]
	seat, err := ms.seatFor(s0, d, who)
	if err != nil {
		return Result{}, err
	}
	if !ms.inPhase(s0, d) {
		return Result{}, Errorf("wrong_phase", d.Spec.Rule, "%s is not possible in this phase.", d.Spec.Label)
	}
	offered := d.offered(s0, seat)
	t := &Turn[S]{S: ms.cfg.Clone(s0), Before: s0, Ctx: ctx, RNG: ctx.RNG}
	if err := d.Apply(t, seat, m); err != nil {
		return Result{}, withArgKinds(err, d.Spec)
	}
	if len(offered) == 0 {
		return Result{}, Errorf("not_offered", d.Spec.Rule, "%s is not possible now.", d.Spec.Label)
	}
	var within error
	for _, o := range offered {
		if within = WithinOffer(o, m); within == nil {
			break
		}
	}
	if within != nil {
		return Result{}, within
	}
	if ms.cfg.After != nil {
		ms.cfg.After(t)
	}
	return Result{State: t.S, Events: t.Events, Reveals: t.Reveals}, nil
}

// WithinOffer checks that every argument of m that the offered spec
// narrows to a list of choices holds one of them ("not_offered" if not).
func WithinOffer(offered MoveSpec, m Move) error {
	var args map[string]json.RawMessage
	raw := bytes.TrimSpace(m.Args)
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return decodeError(offered.Rule, raw, err)
		}
	}
	for _, a := range offered.Args {
		if len(a.Choices) == 0 {
			continue
		}
		v, ok := args[a.Name]
		if !ok {
			continue
		}
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return argError(offered.Rule, "type_value", "arg", a.Name, "got", shown(v))
		}
		found := false
		for _, c := range a.Choices {
			if fmt.Sprint(c.Value) == fmt.Sprint(x) {
				found = true
				break
			}
		}
		if !found {
			return Errorf("not_offered", offered.Rule, "%s: %v is not one of the choices now.", a.Label, x)
		}
	}
	return nil
}

// Args adapts a move handler with typed arguments to MoveDef.Apply: it
// decodes the move's arguments strictly into A ("bad_args", naming the
// move's rule section, on unknown fields or wrong types) and calls h.
func Args[S, A any](rule string, h func(t *Turn[S], seat int, a A) error) func(t *Turn[S], seat int, m Move) error {
	return func(t *Turn[S], seat int, m Move) error {
		var a A
		if err := DecodeArgsRule(m, rule, &a); err != nil {
			return err
		}
		return h(t, seat, a)
	}
}

// NoArgs adapts a handler without arguments; any argument is "bad_args".
func NoArgs[S any](rule string, h func(t *Turn[S], seat int) error) func(t *Turn[S], seat int, m Move) error {
	return func(t *Turn[S], seat int, m Move) error {
		var a struct{}
		if err := DecodeArgsRule(m, rule, &a); err != nil {
			return err
		}
		return h(t, seat)
	}
}
