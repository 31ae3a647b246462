//go:build bench

package api

import "github.com/labstack/echo/v4"

// benchRoutes registers the load tool's routes (cmd/tablewarden-load),
// which only a binary built with -tags bench serves, always: the HTTP and
// storage ceilings GET /api/noop and POST /api/noop/commit (noop.go), the
// server's CPU and heap profiles (pprof.go) and the WebSocket prototype
// (benchws.go). None of them is in api/openapi.json. The production build
// registers none (benchroutes_off.go) and links none of their code.
func (s *Server) benchRoutes(a *echo.Group) {
	s.log.Warn("bench build: serving the load tool's routes /api/noop, /api/noop/commit, /api/debug/pprof/*, /api/bench/tables/:id/ws and the game givetoken; not for production")
	a.GET("/noop", s.handleNoop)
	a.POST("/noop/commit", s.handleNoopCommit)
	a.GET("/debug/pprof/profile", s.handlePprofProfile)
	a.GET("/debug/pprof/heap", s.handlePprofHeap)
	a.GET("/bench/tables/:id/ws", s.handleBenchWS)
}
