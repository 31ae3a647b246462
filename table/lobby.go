package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// CreateTableResult is what the host gets back.
type CreateTableResult struct {
	TableID   string `json:"table_id"`
	JoinCode  string `json:"join_code"`
	HostToken string `json:"host_token"`
}

// CreateTable creates a table in the lobby. It returns CodeInvalid for an
// unknown game and CodeIllegalMove (a "bad_option" rule error) for options
// that break the game's option specs.
func (s *Service) CreateTable(ctx context.Context, gameID string, options json.RawMessage) (CreateTableResult, error) {
	return s.CreateTableIn(ctx, gameID, DefaultLang, options)
}

// CreateTableIn creates a table in the lobby that speaks lang (one of
// Langs; "" is DefaultLang). It returns CreateTable's errors, and
// CodeInvalid for a language the server does not speak.
func (s *Service) CreateTableIn(ctx context.Context, gameID, lang string, options json.RawMessage) (CreateTableResult, error) {
	g, ok := s.Game(gameID)
	if !ok {
		return CreateTableResult{}, Refusef(ReasonUnknownGame, "Unknown game %q.", gameID)
	}
	if lang == "" {
		lang = DefaultLang
	}
	if !slices.Contains(Langs, lang) {
		return CreateTableResult{}, Refusef(ReasonUnknownLang, "Unknown language %q: a table speaks one of %s.", lang, strings.Join(Langs, ", "))
	}
	if len(options) == 0 || string(options) == "null" {
		options = json.RawMessage("{}")
	}
	var scratch map[string]any
	if err := optionRefusal(g.Info(), options, &scratch); err != nil { // refusals.go
		return CreateTableResult{}, err
	}
	compact, err := compactJSON(options)
	if err != nil {
		return CreateTableResult{}, Refusef(ReasonBadJSON, "Options are not valid JSON.")
	}
	seed, err := randomSeed()
	if err != nil {
		return CreateTableResult{}, err
	}
	res := CreateTableResult{TableID: NewTableID(), HostToken: NewToken()}
	now := s.now().UTC().Format(time.RFC3339Nano)
	for try := 0; ; try++ {
		res.JoinCode = NewJoinCode()
		// The write completes even if the host's phone hangs up, so that a
		// table whose creation was committed is never half made.
		ctx = context.WithoutCancel(ctx)
		err = s.store.Tx(ctx, func(q db.Querier) error {
			return q.CreateTable(ctx, db.CreateTableParams{
				ID: res.TableID, Game: gameID, JoinCode: res.JoinCode, Options: compact,
				Seed: int64(seed >> 1), HostTokenHash: HashToken(res.HostToken), CreatedAt: now, Lang: lang,
			})
		})
		if try < 5 && db.IsDuplicate(err, db.UniqueJoinCode) {
			continue // join code collision; draw another
		}
		break
	}
	if err != nil {
		return CreateTableResult{}, err
	}
	s.counters.TablesCreated.Add(1)
	return res, nil
}

// JoinResult is what a joining phone gets back.
type JoinResult struct {
	TableID string `json:"table_id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Name    string `json:"name"`
}

// LookupJoinCode returns the table id for a join code (CodeNotFound).
func (s *Service) LookupJoinCode(ctx context.Context, code string) (string, error) {
	row, err := s.store.Queries().GetTableByJoinCode(ctx, NormalizeJoinCode(code))
	if errors.Is(err, sql.ErrNoRows) {
		return "", Refusef(ReasonUnknownJoinCode, "No table has the join code %q.", code)
	}
	if err != nil {
		return "", err
	}
	return row.ID, nil
}

// Join gives a new seat at a table in the lobby. It returns CodeInvalid for
// a bad name, CodeConflict when the game has started or the table is full.
func (s *Service) Join(ctx context.Context, tableID, name string) (JoinResult, error) {
	// Names pass the PRECIS nickname profile (names.go).
	name, err := nickname(name)
	if err != nil {
		return JoinResult{}, err
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return JoinResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.row.Status != "lobby" {
		return JoinResult{}, Refusef(ReasonAlreadyStarted, "The game at this table has already started; ask the host.")
	}
	if t.row.Locked != 0 { // The host locked the table (access.go)
		return JoinResult{}, Refusef(ReasonTableLocked, "The host has locked this table against new players; ask the host.")
	}
	active := 0
	for _, st := range t.seats {
		if st.Removed == 0 {
			active++
			if sameName(st.Name, name) { // PRECIS and look-alikes (names.go)
				return JoinResult{}, errNameTaken(name)
			}
		}
	}
	if active >= t.game.Info().MaxPlayers {
		return JoinResult{}, Refusef(ReasonTableFull, "This table is full (%d players).", t.game.Info().MaxPlayers)
	}
	token := NewToken()
	seat := db.Seat{TableID: t.id, Seat: int64(len(t.seats)), Name: name, TokenHash: HashToken(token), JoinedAt: s.now().UTC().Format(time.RFC3339Nano)}
	var version int64
	// The write completes even if the player's phone hangs up.
	ctx = context.WithoutCancel(ctx)
	err = s.tableTx(ctx, t, func(q db.Querier) error {
		if err := q.AddSeat(ctx, db.AddSeatParams{TableID: seat.TableID, Seat: seat.Seat, Name: seat.Name, TokenHash: seat.TokenHash, JoinedAt: seat.JoinedAt}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return JoinResult{}, err
	}
	t.seats = append(t.seats, seat)
	t.row.Version = version
	s.hub.publish(t)
	return JoinResult{TableID: t.id, Seat: int(seat.Seat), Token: token, Name: name}, nil
}

// Start deals the game: it renumbers the seats that remain, runs Setup and
// records the initial state. It returns CodeForbidden for a non-host,
// CodeConflict when already started, CodeIllegalMove when Setup refuses
// (player count, options).
func (s *Service) Start(ctx context.Context, tableID string, id Identity) error {
	return s.StartWith(ctx, tableID, id, nil)
}

// StartWith is Start with the seat options the host assigns in the lobby
// (seat_options.go): a JSON object of the game's seat-kind options, each
// naming a seat as the lobby lists it (or -1, the game's default rule).
// They are laid over the table's options, stored with them, and dealt
// with the seats that remain. Beyond Start's codes it returns
// CodeIllegalMove (a "bad_option" rule error) for an option that is not a
// seat option or a seat that is not at the table.
func (s *Service) StartWith(ctx context.Context, tableID string, id Identity, seatOptions json.RawMessage) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	if t.row.Status != "lobby" {
		return Refusef(ReasonAlreadyStarted, "The game has already started.")
	}
	var kept []db.Seat
	for _, st := range t.seats {
		if st.Removed == 0 {
			st.Seat = int64(len(kept))
			kept = append(kept, st)
		}
	}
	options := t.row.Options
	if len(seatOptions) > 0 {
		if options, err = laySeatOptions(t.game.Info().Options, options, seatOptions, t.seats); err != nil {
			return err
		}
	}
	now := s.now().UTC()
	st, err := t.game.Setup(json.RawMessage(options), Dealt(kept), kit.NewCtx(uint64(t.row.Seed), 0, now))
	if err != nil {
		return err
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return err
	}
	nowText := now.Format(time.RFC3339Nano)
	setup := setupEntry(t.game, st, now)
	var version int64
	// The start completes even if the host's phone hangs up.
	ctx = context.WithoutCancel(ctx)
	err = s.tableTx(ctx, t, func(q db.Querier) error {
		if options != t.row.Options {
			if _, err := q.SetTableOptions(ctx, db.SetTableOptionsParams{Options: options, ID: t.id}); err != nil {
				return err
			}
		}
		if err := q.DeleteRemovedSeats(ctx, t.id); err != nil {
			return err
		}
		for _, old := range t.seats {
			if old.Removed != 0 {
				continue
			}
			for _, k := range kept {
				if string(k.TokenHash) == string(old.TokenHash) && k.Seat != old.Seat {
					if err := q.RenumberSeat(ctx, db.RenumberSeatParams{Seat: k.Seat, TableID: t.id, Seat_2: old.Seat}); err != nil {
						return err
					}
					// A code follows its seat: numbers only go down, and
					// in seat order, so no code lands on a seat that has
					// yet to move.
					if err := q.RenumberHandovers(ctx, db.RenumberHandoversParams{Seat: k.Seat, TableID: t.id, Seat_2: old.Seat}); err != nil {
						return err
					}
				}
			}
		}
		n, err := q.StartTable(ctx, db.StartTableParams{StartedAt: sql.NullString{String: nowText, Valid: true}, ID: t.id})
		if err != nil {
			return err
		}
		if n != 1 {
			return Refusef(ReasonAlreadyStarted, "The game has already started.")
		}
		if version, err = q.BumpTableVersion(ctx, t.id); err != nil {
			return err
		}
		if setup != nil {
			if err := appendSetup(ctx, q, t.id, setup, version); err != nil {
				return err
			}
		}
		if err := q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: t.id, Seq: t.seq + int64(len(setupItems(setup))), State: string(enc)}); err != nil {
			return err
		}
		return s.timers.persist(ctx, q, t.id, t.game, st)
	})
	if err != nil {
		return err
	}
	t.handovers = renumberedHandovers(t.handovers, t.seats)
	t.seats = kept
	t.state = st
	t.row.Options = options
	t.row.Status = "playing"
	t.row.StartedAt = sql.NullString{String: nowText, Valid: true}
	t.row.Version = version
	if setup != nil {
		t.seq = setup.Seq
		t.appendLog(*setup)
	}
	s.timers.schedule(t.id, t.game, st)
	s.hub.publish(t)
	return nil
}

// setupEntry is the log entry of a game's setup events (seq 1), or nil
// when the game logs none.
func setupEntry(g kit.Game, st kit.State, at time.Time) *logItem {
	evs := kit.SetupEvents(g, st)
	if len(evs) == 0 {
		return nil
	}
	return &logItem{Seq: 1, Kind: "setup", Actor: kit.SystemActor, Type: "setup", At: at, Events: evs}
}

func setupItems(it *logItem) []logItem {
	if it == nil {
		return nil
	}
	return []logItem{*it}
}

// appendSetup stores a setup entry as the table's first log entry, with the
// table version that the start made (the log's versions only grow).
func appendSetup(ctx context.Context, q db.Querier, tableID string, it *logItem, version int64) error {
	evJSON, err := json.Marshal(it.Events)
	if err != nil {
		return err
	}
	actorJSON, _ := json.Marshal(it.Actor)
	return q.AppendMove(ctx, db.AppendMoveParams{TableID: tableID, Seq: it.Seq, Kind: it.Kind, Actor: string(actorJSON), Type: it.Type,
		Args: "{}", At: it.At.Format(time.RFC3339Nano), Events: string(evJSON), Version: version})
}

// JoinCode returns a table's join code (for its QR code).
func (s *Service) JoinCode(ctx context.Context, tableID string) (string, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return "", err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.row.JoinCode, nil
}
