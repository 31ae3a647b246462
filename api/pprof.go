//go:build bench

package api

import (
	"net/http/pprof"

	"github.com/labstack/echo/v4"
)

// handlePprofProfile serves a CPU profile (net/http/pprof's Profile,
// ?seconds=N) for the load tool. Like the ceiling routes, it exists only
// in the bench build (-tags bench, benchroutes.go).
func (s *Server) handlePprofProfile(c echo.Context) error {
	pprof.Profile(c.Response(), c.Request())
	return nil
}

// handlePprofHeap serves a heap profile (net/http/pprof's "heap" handler,
// ?gc=1 to collect first) for the load tool; bench build only.
func (s *Server) handlePprofHeap(c echo.Context) error {
	pprof.Handler("heap").ServeHTTP(c.Response(), c.Request())
	return nil
}
