package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// MoveRequest is a move as a phone posts it. AsSeat is set by the host
// alone, to play the move of a seat that no device holds.
type MoveRequest struct {
	Type            string          `json:"type"`
	Args            json.RawMessage `json:"args,omitempty"`
	ExpectedVersion *int64          `json:"expected_version,omitempty"`
	IdempotencyKey  string          `json:"idempotency_key,omitempty"`
	AsSeat          *int            `json:"as_seat,omitempty"`
}

// MoveResult is the acknowledgement of a committed move.
type MoveResult struct {
	Seq       int64 `json:"seq"`
	Version   int64 `json:"version"`
	Duplicate bool  `json:"duplicate,omitempty"`
	// Final says that the move cannot be undone: it revealed hidden
	// information or drew at random (a phone then offers no Undo for it).
	Final bool `json:"final,omitempty"`
}

// AppendJSON appends the result's JSON to b: the bytes json.Marshal makes
// of it, without reflection (every accepted move answers with it).
func (r MoveResult) AppendJSON(b []byte) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, r.Seq, 10)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, r.Version, 10)
	if r.Duplicate {
		b = append(b, `,"duplicate":true`...)
	}
	if r.Final {
		b = append(b, `,"final":true`...)
	}
	return append(b, '}')
}

// Move validates and applies a move, commits it and pushes the new views.
// It returns CodeIllegalMove (with the referee's rule) for a move the rules
// refuse, CodeConflict with the current version for a stale
// expected_version or a table not playing, CodeInvalid for a malformed
// request, and db.ErrUnavailable when storage cannot record it. A repeated
// idempotency key with the same move returns the first result without
// applying anything; with another move it is CodeConflict "key_reused".
func (s *Service) Move(ctx context.Context, tableID string, id Identity, req MoveRequest) (MoveResult, error) {
	args, err := validateMove(id, req)
	if err != nil {
		return MoveResult{}, err
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return MoveResult{}, err
	}
	if req.Type == kit.TimerExpiredMove && id.Role != systemIdentity.Role {
		return MoveResult{}, errTimerNotSystem(gameInfo(t.game))
	}
	if err := checkArgBounds(gameInfo(t.game), req); err != nil {
		return MoveResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	m := &moveOp{ctx: ctx, t: t, req: req, args: args, by: MovedBy{Actor: id.actor()}}
	if req.AsSeat != nil {
		if m.by, err = t.hostFor(*req.AsSeat); err != nil {
			return MoveResult{}, err
		}
	}
	if res, done, err := s.dedupeMove(m); done {
		return res, err
	}
	if err := checkPlaying(t, req); err != nil {
		return MoveResult{}, err
	}
	res, mctx, err := s.applyMove(m)
	if err != nil {
		return s.refusedMove(m, err)
	}
	return s.recordAndPublish(m, res, mctx)
}

// moveOp is one move on its way through Move's steps, under the table's
// lock: the request, its compacted args and who makes it.
type moveOp struct {
	ctx  context.Context
	t    *table
	req  MoveRequest
	args string
	by   MovedBy
	// fast is set when the move expects the current version of a playing
	// table: its key is then looked up only if the move fails (dedupeMove).
	fast bool
}

// validateMove checks the request before the table is touched and returns
// its args compacted ("{}" when there are none).
func validateMove(id Identity, req MoveRequest) (string, error) {
	switch {
	case id.Role == kit.RoleBoard:
		return "", Refusef(ReasonNotJoined, "Join the table to make moves.")
	case req.Type == "":
		return "", Refusef(ReasonNoMoveType, "A move needs a type.")
	case len(req.IdempotencyKey) > 100:
		return "", Refusef(ReasonBadIdempotencyKey, "The idempotency key is longer than 100 characters.")
	case !printableKey(req.IdempotencyKey):
		return "", Refusef(ReasonBadIdempotencyKey, "The idempotency key must be printable UTF-8 text.")
	case !ClientKeyAllowed(req.IdempotencyKey) && id.Role != systemIdentity.Role:
		return "", Refusef(ReasonBadIdempotencyKey, "Idempotency keys starting with %q are the server's own.", SystemKeyPrefix)
	case req.AsSeat != nil && id.Role != kit.RoleHost:
		return "", Refusef(ReasonNotHost, "Only the host can play a move for another seat.")
	}
	if len(req.Args) == 0 {
		return "{}", nil
	}
	args, err := compactJSON(req.Args)
	if err != nil {
		return "", Refusef(ReasonBadJSON, "The move's args are not valid JSON.")
	}
	return args, nil
}

// dedupeMove answers a repeated idempotency key with the first result
// (done is then true). The lookup costs a query, so the common case skips
// it: when the move expects the current version of a playing table, its
// key cannot belong to a move already recorded unless a client reused it;
// that case is caught by refuseMove, before any refusal is returned, and
// by the unique index at commit.
func (s *Service) dedupeMove(m *moveOp) (res MoveResult, done bool, err error) {
	t, req := m.t, m.req
	m.fast = req.ExpectedVersion != nil && *req.ExpectedVersion == t.row.Version && t.row.Status == "playing"
	if req.IdempotencyKey == "" || m.fast {
		return MoveResult{}, false, nil
	}
	res, dup, err := s.duplicate(m.ctx, t, m.by, req, m.args)
	return res, dup || err != nil, err
}

// refuseMove returns err, unless the move's key was already used: then the
// first result (or the key_reused conflict).
func (s *Service) refuseMove(m *moveOp, err error) (MoveResult, error) {
	if m.req.IdempotencyKey != "" && m.fast {
		if res, dup, derr := s.duplicate(m.ctx, m.t, m.by, m.req, m.args); dup || derr != nil {
			return res, derr
		}
	}
	return MoveResult{}, err
}

// checkPlaying refuses a move on a table in the lobby or ended, or one
// that expects another version than the table's.
func checkPlaying(t *table, req MoveRequest) error {
	if t.row.RematchID.Valid {
		return rematchStarted(t.row.RematchID.String)
	}
	switch t.row.Status {
	case "lobby":
		return errNotStarted()
	case "ended":
		re := kit.Errorf("game_over", endedRule(t.game, t.state), "The game is over; no more moves are taken.")
		return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if req.ExpectedVersion != nil && *req.ExpectedVersion != t.row.Version {
		v := t.row.Version
		return &Error{Code: CodeConflict, Message: fmt.Sprintf("The table has moved on (version %d, you expected %d); your screen was refreshed.", v, *req.ExpectedVersion), Version: &v, Reason: ReasonStale}
	}
	return nil
}

// applyMove runs the referee on the table's state, with the generator of
// the table's seed and the move's number.
func (s *Service) applyMove(m *moveOp) (kit.Result, kit.Ctx, error) {
	t := m.t
	mctx := kit.NewCtx(uint64(t.row.Seed), int(t.seq+1), s.now().UTC())
	// The host playing for an unattended seat may play only what that
	// seat's offer shows without its secrets (hostsafe.go), and a refusal
	// never describes the seat's private state.
	if m.by.ByHost && !t.offeredToHost(m.by.Actor.Seat, m.req.Type) {
		return kit.Result{}, mctx, t.hostRefusal(m.by.Actor.Seat)
	}
	res, err := t.game.Apply(t.state, m.by.Actor, kit.Move{Type: m.req.Type, Args: m.req.Args}, mctx)
	if _, ok := kit.AsRuleError(err); ok && m.by.ByHost {
		err = t.hostRefusal(m.by.Actor.Seat)
	}
	return res, mctx, err
}

// refusedMove answers a move the referee refused: with the first result
// when its key was already used, else with the refusal, counted when it is
// the rules'.
func (s *Service) refusedMove(m *moveOp, err error) (MoveResult, error) {
	if r, derr := s.refuseMove(m, err); derr != err {
		return r, derr
	}
	if _, ok := kit.AsRuleError(err); ok {
		s.counters.MovesRejected.Add(1)
	}
	return MoveResult{}, err
}

// recordAndPublish commits an accepted move (its log entry, the snapshot
// when one is due, the timers, the version and the status together) and
// then updates the loaded table and pushes the new views.
func (s *Service) recordAndPublish(m *moveOp, res kit.Result, mctx kit.Ctx) (MoveResult, error) {
	t := m.t
	rec, events, err := s.moveRecord(m, res, mctx)
	if err != nil {
		return MoveResult{}, err
	}
	// Once the referee has accepted, the write completes even if the
	// phone hangs up: a retry with the same key then gets this result.
	if err := s.recordMove(context.WithoutCancel(m.ctx), t, rec); err != nil {
		return s.unrecordedMove(m, err)
	}
	seq, version := rec.Entry.Seq, rec.Entry.Version
	t.state, t.seq, t.row.Version = res.State, seq, version
	if rec.Status == "ended" {
		t.row.Status = "ended"
	}
	t.appendLog(logItem{Seq: seq, Kind: "move", Actor: m.by.Actor, ByHost: m.by.ByHost, Type: m.req.Type, At: mctx.Now, Events: events})
	s.counters.MovesAccepted.Add(1)
	s.timers.schedule(t.id, t.game, res.State)
	s.hub.publish(t)
	return MoveResult{Seq: seq, Version: version, Final: rec.Entry.Reveals != 0}, nil
}

// moveRecord is what the store commits for an accepted move, and the
// move's log events (never nil).
func (s *Service) moveRecord(m *moveOp, res kit.Result, mctx kit.Ctx) (db.MoveRecord, []kit.Event, error) {
	t, req := m.t, m.req
	seq := t.seq + 1
	ended := t.game.Outcome(res.State) != nil
	var enc []byte
	if snapshotDue(seq, ended) { // the state is stored every few moves (snapshots.go)
		var err error
		if enc, err = json.Marshal(res.State); err != nil {
			return db.MoveRecord{}, nil, err
		}
	}
	events := res.Events
	if events == nil {
		events = []kit.Event{}
	}
	evJSON, _ := json.Marshal(events)
	rec := db.MoveRecord{
		Entry: db.AppendMoveParams{TableID: t.id, Seq: seq, Kind: "move", Actor: m.by.encoded(), Type: req.Type,
			Args: m.args, At: mctx.Now.Format(time.RFC3339Nano), IdempotencyKey: sql.NullString{String: req.IdempotencyKey, Valid: req.IdempotencyKey != ""},
			Events: string(evJSON), Reveals: Reveals(res, mctx, uint64(t.row.Seed), seq), Version: t.row.Version + 1},
		State: string(enc),
	}
	rec.Timers, rec.HasTimers = timerRows(t.id, t.game, res.State)
	if ended {
		rec.Status = "ended"
	}
	return rec, events, nil
}

// unrecordedMove answers a move the store did not record: a key already
// used (the unique index caught it) gets the first result or key_reused;
// a move another instance recorded first with the same key gets its
// result; anything else is the store's error.
func (s *Service) unrecordedMove(m *moveOp, err error) (MoveResult, error) {
	if m.req.IdempotencyKey == "" {
		return MoveResult{}, err
	}
	if db.IsDuplicate(err, db.UniqueIdempotencyKey) {
		return s.refuseMove(m, err)
	}
	if isStale(err) {
		// Another instance recorded first: maybe this very move, sent
		// there before with the same key.
		if res, dup, derr := s.duplicate(m.ctx, m.t, m.by, m.req, m.args); dup || derr != nil {
			return res, derr
		}
	}
	return MoveResult{}, err
}

// actorJSON holds the log's actor column for every MovedBy met so far
// (string by MovedBy): a table has a few seats and a host, so the set is
// small, and a move need not encode its actor again.
var actorJSON sync.Map

// encoded returns json.Marshal(by) as a string, from actorJSON.
func (by MovedBy) encoded() string {
	if s, ok := actorJSON.Load(by); ok {
		return s.(string)
	}
	enc, err := json.Marshal(by)
	if err != nil { // it cannot fail: two ints and two bools
		panic(err)
	}
	actorJSON.Store(by, string(enc))
	return string(enc)
}

// hostFor returns the actor of the host playing for seat n, which must be
// a seat in play that no device holds (CodeConflict "seat_attended"
// otherwise). The caller holds t.mu.
func (t *table) hostFor(n int) (MovedBy, error) {
	for _, st := range t.seats {
		if int(st.Seat) != n || st.Removed != 0 {
			continue
		}
		if st.TokenHash != nil {
			return MovedBy{}, &Error{Code: CodeConflict, Reason: ReasonSeatAttended, Message: fmt.Sprintf("%s's phone holds that seat; only it plays the seat's moves.", st.Name)}
		}
		return MovedBy{Actor: kit.SeatActor(n), ByHost: true}, nil
	}
	return MovedBy{}, Refusef(ReasonNoSeat, "No seat %d at this table.", n)
}

// duplicate looks up a move already recorded with the idempotency key. dup
// is true when there is one: res is then its result, or err the
// "key_reused" conflict if the key named another move (another actor, type
// or args).
func (s *Service) duplicate(ctx context.Context, t *table, by MovedBy, req MoveRequest, args string) (res MoveResult, dup bool, err error) {
	prev, err := s.store.Queries().GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: t.id, IdempotencyKey: sql.NullString{String: req.IdempotencyKey, Valid: true}})
	if errors.Is(err, sql.ErrNoRows) {
		return MoveResult{}, false, nil
	}
	if err != nil {
		return MoveResult{}, false, err
	}
	if !SameMove(prev, by, req.Type, args) {
		return MoveResult{}, true, &Error{Code: CodeConflict, Reason: ReasonKeyReused, Message: "That idempotency key was already used for another move; nothing was applied."}
	}
	return MoveResult{Seq: prev.Seq, Version: prev.Version, Duplicate: true}, true, nil
}

func (t *table) appendLog(it logItem) {
	it.enc = &logEnc{}
	t.log = append(t.log, it)
	if len(t.log) > recentLog {
		t.log = append(t.log[:0:0], t.log[len(t.log)-recentLog:]...)
	}
}

// Undo takes back the last move that is still in effect. It is host-only
// and is refused (CodeIllegalMove, "undo_reveals") for a move that revealed
// hidden information, and when there is nothing to undo ("nothing_to_undo").
// The undo is recorded in the log as an entry of its own; the undone move
// stays in the log, marked undone, and replay skips it.
func (s *Service) Undo(ctx context.Context, tableID string, id Identity) (MoveResult, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return MoveResult{}, err
	}
	defer t.mu.Unlock()
	if t.row.Status == "lobby" {
		return MoveResult{}, errNotStarted()
	}
	if t.row.RematchID.Valid {
		return MoveResult{}, rematchStarted(t.row.RematchID.String)
	}
	moves, err := s.store.Queries().ListMoves(ctx, t.id)
	if err != nil {
		return MoveResult{}, err
	}
	target := -1
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Kind == "move" && moves[i].Undone == 0 {
			target = i
			break
		}
	}
	if target < 0 {
		re := kit.Errorf("nothing_to_undo", "Table › Undo", "There is no move to undo.")
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	last := moves[target]
	if last.Reveals == RevealsRandom {
		re := kit.Errorf("undo_random", "Table › Undo", "Move %d (%s) drew dice, a shuffle or a draw, so it cannot be undone: undoing it would let the table roll again.", last.Seq, last.Type)
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if last.Reveals != 0 {
		re := kit.Errorf("undo_reveals", "Table › Undo", "Move %d (%s) revealed hidden information, so it cannot be undone.", last.Seq, last.Type)
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if last.Type == kit.TimerExpiredMove {
		re := kit.Errorf("undo_timer", "Table › Undo", "A timer that ran out cannot be undone.")
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	moves[target].Undone = 1
	st, err := Replay(t.game, t.row, t.seats, moves)
	if err != nil {
		// Replay deals the seats of the start and replays moves the referee
		// accepted, so this is the server's fault, never a rule the host
		// broke: no rule error may reach the host as if it were one.
		return MoveResult{}, &Error{Code: CodeInternal, Message: "The undo could not replay the game's log; nothing was changed.", Err: err}
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return MoveResult{}, err
	}
	now := s.now().UTC()
	seq := t.seq + 1
	version := t.row.Version + 1
	ev := []kit.Event{kit.PublicEvent("undo", fmt.Sprintf("The host undid move %d.", last.Seq))}
	evJSON, _ := json.Marshal(ev)
	actorJSON, _ := json.Marshal(kit.HostActor)
	status := "playing"
	if t.game.Outcome(st) != nil {
		status = "ended"
	}
	rec := db.MoveRecord{
		Entry: db.AppendMoveParams{TableID: t.id, Seq: seq, Kind: "undo", Actor: string(actorJSON), Type: "undo",
			Args: "{}", At: now.Format(time.RFC3339Nano), Events: string(evJSON), Undoes: sql.NullInt64{Int64: last.Seq, Valid: true}, Version: version},
		State:  string(enc),
		Status: status,
		Undoes: last.Seq,
	}
	rec.Timers, rec.HasTimers = timerRows(t.id, t.game, st)
	// The undo completes even if the host's phone hangs up.
	err = s.recordMove(context.WithoutCancel(ctx), t, rec)
	if err != nil {
		return MoveResult{}, err
	}
	t.state, t.seq, t.row.Version, t.row.Status = st, seq, version, status
	for i := range t.log {
		if t.log[i].Seq == last.Seq {
			t.log[i].Undone = true
			t.log[i].enc = &logEnc{}
		}
	}
	t.appendLog(logItem{Seq: seq, Kind: "undo", Actor: kit.HostActor, Type: "undo", At: now, Events: ev})
	s.timers.schedule(t.id, t.game, st)
	s.hub.publish(t)
	return MoveResult{Seq: seq, Version: version}, nil
}
