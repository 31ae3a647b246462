//go:build bench

package table

import (
	"context"
	"sync"
	"time"

	"tablewarden/db"
)

// ceilings are the naive storage ceiling's own databases, one per Service,
// opened on first use and kept for the process's life. They live here, not
// in Service, so that the production build's Service carries nothing of
// them.
var ceilings struct {
	mu sync.Mutex
	db map[*Service]db.Ceiling
}

// CeilingCommit commits one single-row INSERT into a separate SQLite file
// beside the database (<db>-ceiling), the load tool's naive storage
// ceiling (POST /api/noop/commit), opened by Config.Extras.OpenCeiling. It
// exists only in the bench build (-tags bench). It returns CodeNotFound on
// an engine without one (PostgreSQL).
func (s *Service) CeilingCommit(ctx context.Context) error {
	if s.extras.OpenCeiling == nil {
		return Refusef(ReasonNoCeiling, "The commit ceiling route needs a SQLite database.")
	}
	ceilings.mu.Lock()
	c := ceilings.db[s]
	if c == nil {
		var err error
		if c, err = s.extras.OpenCeiling(context.WithoutCancel(ctx)); err != nil {
			ceilings.mu.Unlock()
			return err
		}
		if ceilings.db == nil {
			ceilings.db = map[*Service]db.Ceiling{}
		}
		ceilings.db[s] = c
	}
	ceilings.mu.Unlock()
	return c.Insert(ctx, time.Now())
}
