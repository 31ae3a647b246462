package kit

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// View is what one screen may see. The server sends it as JSON; the phone
// UI renders Tracks, Public, Private and Moves without knowing the game.
type View struct {
	Game  string `json:"game"`
	Phase string `json:"phase"`
	// PhaseLabel is the phase as players call it ("Roll Call"), in
	// English; Info.Messages["pt-BR"]["phase.<Phase>"] translates it.
	PhaseLabel string `json:"phase_label,omitempty"`
	// Turn lists the seats the game waits for now.
	Turn []int `json:"turn"`
	// Seats lists each seat's public facts (role card, counts, status).
	//
	// Seats, Tracks and Public must come out the same for every viewer of
	// a state: the server encodes them once per update, from the board's
	// view, and gives those bytes to every screen. What differs by viewer
	// belongs in Private (or Moves). kittest.Play and the fuzz checks fail a
	// game whose views break this (CheckSharedParts).
	Seats []SeatView `json:"seats"`
	// Tracks are the public tracks of the board.
	Tracks []TrackView `json:"tracks,omitempty"`
	// Public is the rest of the public state, game-specific.
	Public any `json:"public,omitempty"`
	// Board is the drawable board (shared like Seats, Tracks and Public).
	Board *BoardView `json:"board,omitempty"`
	// Private is what only this viewer may see, game-specific; nil for the
	// board and usually for the host.
	Private any `json:"private,omitempty"`
	// Moves are the moves this viewer may make now.
	Moves []MoveSpec `json:"moves"`
	// Timers are the running or paused timers.
	Timers []Timer `json:"timers,omitempty"`
	// Outcome is set once the game has ended.
	Outcome *Outcome `json:"outcome,omitempty"`
	// Prompt says, in one sentence, what this viewer should do next, or
	// whom the table is waiting for ("Your turn: draw two tokens",
	// "Waiting for Ana to give her tokens"). Every game sets it for every
	// viewer in every state (kittest checks it).
	Prompt *Prompt `json:"prompt,omitempty"`
}

// Prompt is a translatable sentence: Code is its message-catalog key
// (Info.Messages), Text the English with {name} placeholders filled, and
// Params the values of the placeholders for other languages.
type Prompt struct {
	Code   string            `json:"code"`
	Text   string            `json:"text"`
	Params map[string]string `json:"params,omitempty"`
}

// SeatView is one seat's public line.
type SeatView struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// Status is a code ("dead", "crew"); StatusLabel its words, in
	// English (the catalog's "status.<code>" translates them).
	Status      string `json:"status,omitempty"`
	StatusLabel string `json:"status_label,omitempty"`
	// Facts are the seat's public facts, each a code, a number, a boolean
	// or a list of them (a name or a card's printed text is a string too);
	// the page words a fact's key from the catalog ("fact.<key>").
	Facts map[string]any `json:"facts,omitempty"`
}

// TrackView is a track as shown on screens.
type TrackView struct {
	Name  string   `json:"name"`
	Label string   `json:"label"`
	Pos   int      `json:"pos"`
	Steps []string `json:"steps,omitempty"`
	Max   int      `json:"max"`
}

// Event is a log entry. To == nil means public; otherwise only the listed
// seats see it (the host and board never see a private event).
type Event struct {
	Code   string            `json:"code"`
	Text   string            `json:"text"`
	Params map[string]string `json:"params,omitempty"`
	To     []int             `json:"to,omitempty"`
}

// PublicEvent returns a public log entry.
func PublicEvent(code, text string) Event { return Event{Code: code, Text: text} }

// PrivateEvent returns a log entry that only the listed seats see.
func PrivateEvent(code, text string, to ...int) Event {
	if to == nil {
		to = []int{}
	}
	return Event{Code: code, Text: text, To: to}
}

// VisibleTo reports whether v may see the event.
func (e Event) VisibleTo(v Viewer) bool {
	if e.To == nil {
		return true
	}
	if v.Role != RoleSeat {
		return false
	}
	for _, s := range e.To {
		if s == v.Seat {
			return true
		}
	}
	return false
}

// Outcome is how a game ended.
type Outcome struct {
	// Winners are the winning seats (all seats of a co-operative win).
	Winners []int `json:"winners"`
	// Side is the winning side's code ("humans", "aliens", "crew",
	// "alien", "guards"); SideLabel names it, in English (the catalog's
	// "side.<code>" translates it).
	Side      string `json:"side,omitempty"`
	SideLabel string `json:"side_label,omitempty"`
	Reason    string `json:"reason"`
	// ReasonCode is the message-catalog key of Reason and ReasonParams
	// fill its placeholders, so that the reason is translated like every
	// other text.
	ReasonCode   string            `json:"reason_code,omitempty"`
	ReasonParams map[string]string `json:"reason_params,omitempty"`
	Rule         string            `json:"rule,omitempty"`
	// Scores is the per-player, per-category breakdown of scored games.
	Scores []ScoreLine `json:"scores,omitempty"`
	// Revealed is what the end of the game reveals (every Bio ID, say).
	Revealed any `json:"revealed,omitempty"`
}

// ScoreLine is one player's score breakdown.
type ScoreLine struct {
	Seat       int         `json:"seat"`
	Categories []ScoreItem `json:"categories"`
	Total      int         `json:"total"`
	Rank       int         `json:"rank"`
}

// ScoreItem is one category of a score breakdown.
type ScoreItem struct {
	Category string `json:"category"`
	Points   int    `json:"points"`
	Note     string `json:"note,omitempty"`
}

// Sum returns the total of a line's categories.
func (l ScoreLine) Sum() int {
	t := 0
	for _, c := range l.Categories {
		t += c.Points
	}
	return t
}

// OwnViewer is a Game that can render a viewer's own parts of a view
// without the shared ones. The server encodes the shared parts once per
// update from the board's view (see View), so for every other screen it
// needs only the rest; a game whose shared parts are costly to build may
// implement OwnViewer to spare that work. Implementing it is optional.
type OwnViewer interface {
	// OwnView returns View(s, v) with Seats, Tracks, Public and Board left
	// nil; every other field must equal View's. CheckSharedParts (and so
	// kittest.Play and the fuzz checks) fails a game whose OwnView differs.
	OwnView(s State, v Viewer) View
}

// withoutShared returns v with its shared parts cleared.
func withoutShared(v View) View {
	v.Seats, v.Tracks, v.Public, v.Board = nil, nil, nil, nil
	return v
}

// CheckSharedParts returns an error when some viewer's Seats, Tracks or
// Public differ (as JSON) from the board's, at an n-seat table in state st:
// those parts are encoded once for every screen (see View). For a game
// that is an OwnViewer it also returns an error when some viewer's OwnView
// differs (as JSON) from its View without the shared parts.
func CheckSharedParts(g Game, st State, n int) error {
	viewers := []Viewer{BoardViewer, HostViewer}
	for i := 0; i < n; i++ {
		viewers = append(viewers, SeatViewer(i))
	}
	views := make([]View, len(viewers))
	for i, v := range viewers {
		views[i] = g.View(st, v)
	}
	if err := CheckSharedViews(viewers, views); err != nil {
		return err
	}
	return CheckOwnViews(g, st, viewers, views)
}

// CheckSharedViews is CheckSharedParts on views already made: views[i] is
// what viewers[i] sees, and the first is the board's. Parts that are deeply
// equal encode alike, so only the others are compared as JSON.
func CheckSharedViews(viewers []Viewer, views []View) error {
	same := func(a, b View) bool {
		return reflect.DeepEqual(a.Seats, b.Seats) && reflect.DeepEqual(a.Tracks, b.Tracks) &&
			reflect.DeepEqual(a.Public, b.Public) && reflect.DeepEqual(a.Board, b.Board)
	}
	part := func(v View) (string, error) {
		b, err := json.Marshal(struct {
			Seats  []SeatView  `json:"seats"`
			Tracks []TrackView `json:"tracks,omitempty"`
			Public any         `json:"public,omitempty"`
			Board  *BoardView  `json:"board,omitempty"`
		}{v.Seats, v.Tracks, v.Public, v.Board})
		return string(b), err
	}
	want := ""
	for i, v := range viewers[1:] {
		if same(views[0], views[i+1]) {
			continue
		}
		if want == "" {
			w, err := part(views[0])
			if err != nil {
				return err
			}
			want = w
		}
		got, err := part(views[i+1])
		if err != nil {
			return err
		}
		if got != want {
			return fmt.Errorf("the %s %d view's seats/tracks/public differ from the board's:\n got %s\nwant %s", v.Role, v.Seat, got, want)
		}
	}
	return nil
}

// CheckOwnViews returns an error when g is an OwnViewer and some viewer's
// OwnView in state st differs (as JSON) from its View without the shared
// parts; views[i] is what viewers[i] sees. A game that is not an
// OwnViewer passes.
func CheckOwnViews(g Game, st State, viewers []Viewer, views []View) error {
	ov, ok := g.(OwnViewer)
	if !ok {
		return nil
	}
	for i, v := range viewers {
		got, err := json.Marshal(ov.OwnView(st, v))
		if err != nil {
			return err
		}
		want, err := json.Marshal(withoutShared(views[i]))
		if err != nil {
			return err
		}
		if string(got) != string(want) {
			return fmt.Errorf("the %s %d OwnView differs from its View without the shared parts:\n got %s\nwant %s", v.Role, v.Seat, got, want)
		}
	}
	return nil
}

// SeatRef is a seat named in a list of a view (the turn order, the players
// tied): the seat, the key a program matches, and its words beside it
// (the player's name, with what the list says of them).
type SeatRef struct {
	Seat  int    `json:"seat"`
	Label string `json:"label"`
}
