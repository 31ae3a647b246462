package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// Rematch starts a new table of an ended table's game, with the same
// options and the same seats (names and order) and a new seed, and links
// the old table to it: every view of the old table then names the rematch,
// and each phone claims its seat there (ClaimRematch). The new table's
// seats have no device until claimed; the host may play them meanwhile.
// It returns CodeForbidden for anyone but the host, and CodeConflict
// unless the game has ended or when a rematch already exists.
func (s *Service) Rematch(ctx context.Context, tableID string, id Identity) (CreateTableResult, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return CreateTableResult{}, err
	}
	defer t.mu.Unlock()
	if t.row.Status != "ended" {
		return CreateTableResult{}, Refusef(ReasonNotEnded, "A rematch can start only once the game has ended.")
	}
	if t.row.RematchID.Valid {
		return CreateTableResult{}, Refusef(ReasonRematchExists, "This table's rematch has already started (table %s).", t.row.RematchID.String)
	}
	// Every seat row of a started table was dealt (Replay): the rematch
	// deals the same seats in the same order, so seat n is seat n there.
	var names []string
	for _, st := range t.seats {
		names = append(names, st.Name)
	}
	seed, err := randomSeed()
	if err != nil {
		return CreateTableResult{}, err
	}
	now := s.now().UTC()
	st, err := t.game.Setup(json.RawMessage(t.row.Options), names, kit.NewCtx(seed>>1, 0, now))
	if err != nil {
		return CreateTableResult{}, err
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return CreateTableResult{}, err
	}
	setup := setupEntry(t.game, st, now)
	res := CreateTableResult{TableID: NewTableID(), JoinCode: NewJoinCode(), HostToken: NewToken()}
	nowText := now.Format(time.RFC3339Nano)
	var oldVersion int64
	ctx = context.WithoutCancel(ctx)
	err = s.store.Tx(ctx, func(q db.Querier) error {
		if err := q.CreateTable(ctx, db.CreateTableParams{ID: res.TableID, Game: t.row.Game, JoinCode: res.JoinCode, Options: t.row.Options,
			Seed: int64(seed >> 1), HostTokenHash: HashToken(res.HostToken), CreatedAt: nowText, Lang: tableLang(t.row.Lang)}); err != nil {
			return err
		}
		for i, name := range names {
			if err := q.AddSeat(ctx, db.AddSeatParams{TableID: res.TableID, Seat: int64(i), Name: name, JoinedAt: nowText}); err != nil {
				return err
			}
		}
		if _, err := q.StartTable(ctx, db.StartTableParams{StartedAt: sql.NullString{String: nowText, Valid: true}, ID: res.TableID}); err != nil {
			return err
		}
		version, err := q.BumpTableVersion(ctx, res.TableID)
		if err != nil {
			return err
		}
		seq := int64(0)
		if setup != nil {
			if err := appendSetup(ctx, q, res.TableID, setup, version); err != nil {
				return err
			}
			seq = setup.Seq
		}
		if err := q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: res.TableID, Seq: seq, State: string(enc)}); err != nil {
			return err
		}
		if err := s.timers.persist(ctx, q, res.TableID, t.game, st); err != nil {
			return err
		}
		n, err := q.SetRematch(ctx, db.SetRematchParams{RematchID: sql.NullString{String: res.TableID, Valid: true}, ID: t.id})
		if err == nil && n != 1 {
			err = fmt.Errorf("table %s: rematch already set", t.id)
		}
		if err != nil {
			return err
		}
		oldVersion, err = q.BumpTableVersion(ctx, t.id)
		return err
	})
	if err != nil {
		return CreateTableResult{}, err
	}
	t.row.RematchID = sql.NullString{String: res.TableID, Valid: true}
	t.row.Version = oldVersion
	s.counters.TablesCreated.Add(1)
	s.timers.schedule(res.TableID, t.game, st)
	s.hub.publish(t)
	return res, nil
}

// ClaimRematch gives the calling seat of an ended table a token for the
// same seat at its rematch. A seat is claimed there once: once any device
// has held the rematch seat (this claim, or a hand-over), only the
// rematch's host moves it, by a revoke or a hand-over, so that a phone
// the host signed out cannot come back through the old table. The claim
// is recorded as a used hand-over of the seat. It returns CodeForbidden
// for anyone but a seat, CodeConflict when there is no rematch yet or
// ("rematch_claimed") when the seat was claimed already, and CodeNotFound
// when the rematch has no such seat.
func (s *Service) ClaimRematch(ctx context.Context, tableID string, id Identity) (ClaimResult, error) {
	if id.Role != kit.RoleSeat {
		return ClaimResult{}, Refusef(ReasonNotASeat, "Only a seat of this table can claim its seat at the rematch.")
	}
	old, err := s.load(ctx, tableID)
	if err != nil {
		return ClaimResult{}, err
	}
	old.mu.Lock()
	next := old.row.RematchID.String
	old.mu.Unlock()
	if next == "" {
		return ClaimResult{}, Refusef(ReasonNoRematch, "This table has no rematch yet.")
	}
	t, err := s.load(ctx, next)
	if err != nil {
		return ClaimResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	idx := t.seatAt(id.Seat)
	if idx < 0 {
		return ClaimResult{}, Refusef(ReasonNoSeat, "The rematch has no seat %d.", id.Seat)
	}
	claimed := &Error{Code: CodeConflict, Reason: ReasonRematchClaimed, Message: "Your seat at the rematch was already claimed; the rematch's host can hand it to this phone."}
	if t.seats[idx].TokenHash != nil {
		return ClaimResult{}, claimed
	}
	n, err := s.store.Queries().CountUsedHandovers(ctx, db.CountUsedHandoversParams{TableID: t.id, Seat: int64(id.Seat)})
	if err != nil {
		return ClaimResult{}, err
	}
	if n > 0 {
		return ClaimResult{}, claimed
	}
	token := NewToken()
	now := s.now().UTC()
	version, err := s.setToken(ctx, t, idx, HashToken(token), func(q db.Querier) error {
		// The claim's record: a used hand-over that no one holds (its hash
		// is of no code), unique per table and seat.
		mark := HashToken(fmt.Sprintf("rematch-claim:%s:%d", t.id, id.Seat))
		if err := q.CreateHandover(ctx, db.CreateHandoverParams{CodeHash: mark, TableID: t.id, Seat: int64(id.Seat), ExpiresAt: now.Format(time.RFC3339)}); err != nil {
			return err
		}
		_, err := q.UseHandover(ctx, db.UseHandoverParams{CodeHash: mark, ExpiresAt: ""})
		return err
	})
	if err != nil {
		return ClaimResult{}, err
	}
	t.row.Version = version
	s.hub.publish(t)
	return ClaimResult{TableID: t.id, Seat: id.Seat, Token: token}, nil
}

// rematchStarted is the refusal of an undo or a move on a table whose
// rematch exists: the players have moved on, and every view names the
// rematch.
func rematchStarted(next string) error {
	re := kit.Errorf("rematch_started", "Table › Rematch", "This table's rematch has started (table %s); this game can no longer change.", next)
	return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
}
