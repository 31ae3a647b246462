package api

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tablewarden/db"
	"tablewarden/table"
)

// The two ceiling routes exist for the load tool (cmd/tablewarden-load):
// /api/noop is the HTTP ceiling, a route that does nothing; /api/noop/commit
// is the naive storage ceiling, one single-row INSERT committed per request
// (db.Ceiling) into a separate file beside the database (<db>-ceiling).
// Both answer 404 unless Config.BenchRoutes is set.

// noopStore is the ceiling's own database, opened on first use.
type noopStore struct {
	once sync.Once
	db   *db.Ceiling
	err  error
}

func (s *Server) handleNoop(c echo.Context) error {
	if !s.cfg.BenchRoutes {
		return table.Errorf(table.CodeNotFound, "Benchmark routes are off.")
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) handleNoopCommit(c echo.Context) error {
	if !s.cfg.BenchRoutes {
		return table.Errorf(table.CodeNotFound, "Benchmark routes are off.")
	}
	s.noop.once.Do(func() {
		st, ok := s.store.(*db.Store)
		if !ok {
			s.noop.err = table.Errorf(table.CodeNotFound, "The commit ceiling route needs a SQLite database.")
			return
		}
		s.noop.db, s.noop.err = db.OpenCeiling(context.WithoutCancel(c.Request().Context()), st.Path()+"-ceiling")
	})
	if s.noop.err != nil {
		return s.noop.err
	}
	if err := s.noop.db.Insert(c.Request().Context(), time.Now()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
