//go:build bench

package table

import (
	"context"
	"sync"
	"time"

	"tablewarden/db"
)

// ceiling is the naive storage ceiling's own database, opened on first use.
type ceiling struct {
	once sync.Once
	db   *db.Ceiling
	err  error
}

// CeilingCommit commits one single-row INSERT into a separate SQLite file
// beside the database (<db>-ceiling), the load tool's naive storage
// ceiling (POST /api/noop/commit). It exists only in the bench build
// (-tags bench). It returns CodeNotFound on PostgreSQL.
func (s *Service) CeilingCommit(ctx context.Context) error {
	s.ceiling.once.Do(func() {
		st, ok := s.store.(*db.Store)
		if !ok {
			s.ceiling.err = Errorf(CodeNotFound, "The commit ceiling route needs a SQLite database.")
			return
		}
		s.ceiling.db, s.ceiling.err = db.OpenCeiling(context.WithoutCancel(ctx), st.Path()+"-ceiling")
	})
	if s.ceiling.err != nil {
		return s.ceiling.err
	}
	return s.ceiling.db.Insert(ctx, time.Now())
}
