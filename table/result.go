package table

import (
	"context"
	"encoding/csv"
	"strconv"
	"strings"
	"time"

	"tablewarden/referee/kit"
)

// Result is a finished game's outcome as a club keeps it: the game, when it
// was played and for how long, who sat where, who won, and for scored games
// each seat's points by category.
type Result struct {
	TableID  string `json:"table_id"`
	Game     string `json:"game"`
	GameName string `json:"game_name"`
	// StartedAt is when the host started the game, EndedAt when the move
	// that ended it was recorded.
	StartedAt       time.Time    `json:"started_at"`
	EndedAt         time.Time    `json:"ended_at"`
	DurationSeconds int64        `json:"duration_seconds"`
	Seats           []ResultSeat `json:"seats"`
	// Winners are the winning seats (every seat of a co-operative win).
	Winners []int `json:"winners"`
	// Side is the winning side's code, when the game has sides.
	Side string `json:"side,omitempty"`
	// ReasonCode is the message-catalog key of Reason.
	ReasonCode string `json:"reason_code,omitempty"`
	Reason     string `json:"reason"`
	// Categories lists the score categories in the order of every seat's
	// breakdown; empty for a game that does not score.
	Categories []string `json:"categories"`
	// Scores holds one line per scored party: the seats, and for Lockup's
	// solo game the guards (seat -1).
	Scores []ResultScore `json:"scores"`
}

// ResultSeat is one seat of a finished game.
type ResultSeat struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Winner  bool   `json:"winner"`
	Removed bool   `json:"removed,omitempty"`
}

// ResultScore is one party's score: its total, its rank (1 is first) and
// its points by category.
type ResultScore struct {
	Seat       int          `json:"seat"`
	Name       string       `json:"name"`
	Total      int          `json:"total"`
	Rank       int          `json:"rank"`
	Categories []ResultItem `json:"categories"`
}

// ResultItem is the points of one category.
type ResultItem struct {
	Category string `json:"category"`
	Points   int    `json:"points"`
}

// GameResult returns a finished table's result. Any identity of the table
// may read it (the outcome is public once the game has ended). It returns
// CodeConflict (reason "not_ended") while the table is in the lobby or the
// game runs.
func (s *Service) GameResult(ctx context.Context, tableID string, id Identity) (Result, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return Result{}, err
	}
	t.mu.Lock()
	snap := t.snapshot()
	started := t.row.StartedAt
	t.mu.Unlock()
	var out *kit.Outcome
	if snap.state != nil {
		out = snap.game.Outcome(snap.state)
	}
	if out == nil {
		e := Refusef(ReasonNotEnded, "The game has not ended yet; its result exists once it has.")
		return Result{}, e
	}
	info := gameInfo(snap.game)
	r := Result{TableID: snap.id, Game: info.ID, GameName: info.Name, Winners: append([]int{}, out.Winners...),
		Side: out.Side, ReasonCode: out.ReasonCode, Reason: out.Reason, Categories: []string{}, Scores: []ResultScore{}, Seats: []ResultSeat{}}
	if ts, err := time.Parse(time.RFC3339Nano, started.String); err == nil {
		r.StartedAt = ts.UTC()
	}
	r.EndedAt, err = s.endedAt(ctx, tableID)
	if err != nil {
		return Result{}, err
	}
	if r.EndedAt.Before(r.StartedAt) {
		r.EndedAt = r.StartedAt
	}
	r.DurationSeconds = int64(r.EndedAt.Sub(r.StartedAt) / time.Second)
	won := map[int]bool{}
	for _, w := range out.Winners {
		won[w] = true
	}
	names := snap.names()
	for _, st := range snap.seats {
		r.Seats = append(r.Seats, ResultSeat{Seat: int(st.Seat), Name: st.Name, Winner: won[int(st.Seat)], Removed: st.Removed != 0})
	}
	seen := map[string]bool{}
	for _, l := range out.Scores {
		name, ok := names[l.Seat]
		if !ok {
			name = scorePartyName(l.Seat)
		}
		sc := ResultScore{Seat: l.Seat, Name: name, Total: l.Total, Rank: l.Rank, Categories: []ResultItem{}}
		for _, c := range l.Categories {
			sc.Categories = append(sc.Categories, ResultItem{Category: c.Category, Points: c.Points})
			if !seen[c.Category] {
				seen[c.Category] = true
				r.Categories = append(r.Categories, c.Category)
			}
		}
		r.Scores = append(r.Scores, sc)
	}
	return r, nil
}

// scorePartyName names a score line that is no seat: Lockup's solo guards.
func scorePartyName(seat int) string {
	if seat == -1 {
		return "Guards"
	}
	return "seat " + strconv.Itoa(seat+1)
}

// endedAt is when the last move still in force was recorded.
func (s *Service) endedAt(ctx context.Context, tableID string) (time.Time, error) {
	moves, err := s.store.Queries().ListMoves(ctx, tableID)
	if err != nil {
		return time.Time{}, err
	}
	for i := len(moves) - 1; i >= 0; i-- {
		m := moves[i]
		if m.Kind != "move" || m.Undone != 0 {
			continue
		}
		at, err := time.Parse(time.RFC3339Nano, m.At)
		if err != nil {
			return time.Time{}, err
		}
		return at.UTC(), nil
	}
	return time.Time{}, nil
}

// CSVHeader is the first line of a result as CSV: the table and the game,
// then one row per seat, with its score by category where the game scores.
func (r Result) CSVHeader() []string {
	h := []string{"table_id", "game", "started_at", "ended_at", "duration_seconds", "seat", "name", "winner", "total", "rank"}
	for _, c := range r.Categories {
		h = append(h, csvText("score."+c))
	}
	return h
}

// csvText returns a text cell that a spreadsheet shows as text: one that
// starts with '=', '+', '-', '@', a tab or a carriage return would run as a
// formula (a player named "=HYPERLINK(…)"), so it gets a leading "'"
// (OWASP's CSV injection rule). The numbers and times the server writes
// itself do not pass through it.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSV writes the result as CSV: a header line and one line per seat
// (and per other scored party, such as Lockup's guards). Seats are numbered
// as everywhere else in the API, from 0 (Result.Seats[].seat, the views,
// the log), and a party that is no seat, the guards, has seat -1 as in
// Result.Scores: a club that joins the CSV with the JSON needs no
// translation, and no number means two things.
func (r Result) WriteCSV(w *csv.Writer) error {
	if err := w.Write(r.CSVHeader()); err != nil {
		return err
	}
	lines := map[int]ResultScore{}
	for _, sc := range r.Scores {
		lines[sc.Seat] = sc
	}
	row := func(seat int, name string, winner bool) []string {
		rec := []string{csvText(r.TableID), csvText(r.Game), r.StartedAt.Format(time.RFC3339), r.EndedAt.Format(time.RFC3339),
			strconv.FormatInt(r.DurationSeconds, 10), strconv.Itoa(seat), csvText(name), strconv.FormatBool(winner)}
		sc, ok := lines[seat]
		if !ok {
			rec = append(rec, "", "")
			for range r.Categories {
				rec = append(rec, "")
			}
			return rec
		}
		rec = append(rec, strconv.Itoa(sc.Total), strconv.Itoa(sc.Rank))
		pts := map[string]int{}
		for _, c := range sc.Categories {
			pts[c.Category] = c.Points
		}
		for _, c := range r.Categories {
			rec = append(rec, strconv.Itoa(pts[c]))
		}
		return rec
	}
	for _, st := range r.Seats {
		if err := w.Write(row(st.Seat, st.Name, st.Winner)); err != nil {
			return err
		}
	}
	for _, sc := range r.Scores {
		if sc.Seat < 0 {
			if err := w.Write(row(sc.Seat, sc.Name, false)); err != nil {
				return err
			}
		}
	}
	w.Flush()
	return w.Error()
}
