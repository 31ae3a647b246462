//go:build !bench

package api

import "github.com/labstack/echo/v4"

// benchRoutes registers nothing in the production build: the load tool's
// routes and their handlers are linked only with -tags bench
// (benchroutes.go), so /api/noop, /api/noop/commit, /api/debug/pprof/* and
// /api/bench/tables/:id/ws answer 404.
func (s *Server) benchRoutes(*echo.Group) {}
