package api

import (
	"net/http/pprof"
	"tablewarden/table"

	"github.com/labstack/echo/v4"
)

// handlePprofProfile serves a CPU profile (net/http/pprof's Profile,
// ?seconds=N) for the load tool. Like the ceiling routes, it answers 404
// unless Config.BenchRoutes is set.
func (s *Server) handlePprofProfile(c echo.Context) error {
	if !s.cfg.BenchRoutes {
		return table.Errorf(table.CodeNotFound, "Benchmark routes are off.")
	}
	pprof.Profile(c.Response(), c.Request())
	return nil
}

// handlePprofHeap serves a heap profile (net/http/pprof's "heap" handler,
// ?gc=1 to collect first) for the load tool; 404 unless Config.BenchRoutes.
func (s *Server) handlePprofHeap(c echo.Context) error {
	if !s.cfg.BenchRoutes {
		return table.Errorf(table.CodeNotFound, "Benchmark routes are off.")
	}
	pprof.Handler("heap").ServeHTTP(c.Response(), c.Request())
	return nil
}
