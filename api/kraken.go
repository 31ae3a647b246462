package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/referee/kit"
	"tablewarden/referee/spacecadets"
	"tablewarden/table"
	"tablewarden/web/kraken"
)

// krakenRoutes mounts the Star Kraken continuation pages under /kraken/
// (see web/kraken): they work with no table at all, and their QR codes
// encode this server's public URL. With ?table=<id>, a page is that
// table's: its tentacles as the table's data names them, its own cards
// included.
func (s *Server) krakenRoutes() {
	h := echo.WrapHandler(kraken.TableHandler(func(*http.Request) string { return s.cfg.PublicURL }, s.krakenTentacle))
	s.echo.GET("/kraken", h)
	s.echo.GET("/kraken/*", h)
}

// krakenTentacle is tentacle id's part 2 as table tableID has it, read
// from the table's board view (public information only); ok is false for
// an unknown table or one that is not a Mission 10 Space Cadets table.
func (s *Server) krakenTentacle(r *http.Request, tableID, id string) (spacecadets.Part2Briefing, bool) {
	v, err := s.svc.View(r.Context(), tableID, table.Identity{Role: kit.RoleBoard, Seat: -1})
	if err != nil || v.Game != "spacecadets" || v.View == nil {
		return spacecadets.Part2Briefing{}, false
	}
	return spacecadets.Part2FromView(v.View.Public, id)
}
