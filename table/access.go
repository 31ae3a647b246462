package table

import (
	"context"
	"tablewarden/db"
)

// The host controls who may still join: a new join code makes
// the old one (seen on a screen, guessed, passed on) worthless, and a lock
// refuses every new join, whoever holds the code.

// RotateJoinCode gives the table a new join code and returns it. It
// returns CodeForbidden for anyone but the host.
func (s *Service) RotateJoinCode(ctx context.Context, tableID string, id Identity) (string, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return "", err
	}
	defer t.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	for try := 0; ; try++ {
		code := NewJoinCode()
		var version int64
		err := s.store.Tx(ctx, func(q db.Querier) error {
			if err := q.SetJoinCode(ctx, db.SetJoinCodeParams{JoinCode: code, ID: t.id}); err != nil {
				return err
			}
			v, err := q.BumpTableVersion(ctx, t.id)
			version = v
			return err
		})
		if try < 5 && db.IsDuplicate(err, db.UniqueJoinCode) {
			continue
		}
		if err != nil {
			return "", err
		}
		t.row.JoinCode, t.row.Version = code, version
		s.hub.publish(t)
		return code, nil
	}
}

// SetLocked locks the table against new joins, or unlocks it. It returns
// CodeForbidden for anyone but the host.
func (s *Service) SetLocked(ctx context.Context, tableID string, id Identity, locked bool) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	var version int64
	err = s.store.Tx(ctx, func(q db.Querier) error {
		if err := q.SetTableLocked(ctx, db.SetTableLockedParams{Locked: boolInt(locked), ID: t.id}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return err
	}
	t.row.Locked, t.row.Version = boolInt(locked), version
	s.hub.publish(t)
	return nil
}
