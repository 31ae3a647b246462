//go:build bench

package table

import (
	"context"
	"sync"
	"time"

	"tablewarden/db"
)

// ceilings are the naive storage ceiling's own databases, by file, opened
// on first use and kept open for the process's life. They live here, not
// in Service, so that the production build's Service carries nothing of
// them.
var ceilings struct {
	mu sync.Mutex
	db map[string]*db.Ceiling
}

// CeilingCommit commits one single-row INSERT into a separate SQLite file
// beside the database (<db>-ceiling), the load tool's naive storage
// ceiling (POST /api/noop/commit). It exists only in the bench build
// (-tags bench). It returns CodeNotFound on PostgreSQL.
func (s *Service) CeilingCommit(ctx context.Context) error {
	st, ok := s.store.(*db.Store)
	if !ok {
		return Errorf(CodeNotFound, "The commit ceiling route needs a SQLite database.")
	}
	path := st.Path() + "-ceiling"
	ceilings.mu.Lock()
	c := ceilings.db[path]
	if c == nil {
		var err error
		if c, err = db.OpenCeiling(context.WithoutCancel(ctx), path); err != nil {
			ceilings.mu.Unlock()
			return err
		}
		if ceilings.db == nil {
			ceilings.db = map[string]*db.Ceiling{}
		}
		ceilings.db[path] = c
	}
	ceilings.mu.Unlock()
	return c.Insert(ctx, time.Now())
}
