package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	qrcode "github.com/skip2/go-qrcode"

	"tablewarden/referee/kit"
	"tablewarden/table"
)

func (s *Server) handleHealth(c echo.Context) error {
	if err := s.svc.Ping(c.Request().Context()); err != nil {
		return &table.Error{Code: table.CodeUnavailable, Reason: table.ReasonStorageUnavailable, Message: "Storage is unavailable.", Err: err}
	}
	if err := s.checkHealth(); err != nil { // The database file is still ours (hardening.go)
		return err
	}
	if err := s.checkStall(c.Request().Context()); err != nil { // writes find the file locked (stall.go)
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"status": "ok", "sse_open": s.svc.OpenStreams()})
}

func (s *Server) handleMetrics(c echo.Context) error {
	if s.cfg.MetricsElsewhere {
		return table.Refusef(table.ReasonNotFound, "No such page or resource.")
	}
	s.metrics.handler().ServeHTTP(c.Response(), c.Request())
	return nil
}

func (s *Server) handleGames(c echo.Context) error {
	return s.games.serve(c, cacheRevalidate)
}

// gamesCatalog is the body of GET /api/games, the same for everyone (no
// credential): encoded once, served compressed (compress.go).
func gamesCatalog(svc *table.Service) *encoded {
	out := []kit.Info{}
	for _, g := range svc.Games() {
		out = append(out, table.CatalogInfo(g))
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	return encode(echo.MIMEApplicationJSON, append(b, '\n'))
}

type createTableRequest struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	// Lang is the table's language (table.Langs); "" is English.
	Lang string `json:"lang,omitempty"`
}

// startRequest is the optional body of POST /tables/{id}/start: the seat
// options the host assigns in the lobby, each naming a seat as the lobby
// lists it (table.Service.StartWith).
type startRequest struct {
	Options json.RawMessage `json:"options,omitempty"`
}

type createTableResponse struct {
	table.CreateTableResult
	JoinURL  string `json:"join_url"`
	HostURL  string `json:"host_url"`
	BoardURL string `json:"board_url"`
	QRURL    string `json:"qr_url"`
}

func (s *Server) handleTableCreate(c echo.Context) error {
	if err := s.allowCreate(c); err != nil { // Rate-limited per address (hardening.go)
		return err
	}
	var req createTableRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.checkOptionsSize(req.Options); err != nil { // 413 over the cap
		return err
	}
	res, err := s.svc.CreateTableIn(c.Request().Context(), req.Game, req.Lang, req.Options)
	if err != nil {
		return err
	}
	setCookie(c, hostCookie, res.TableID, res.HostToken)
	return c.JSON(http.StatusCreated, createTableResponse{CreateTableResult: res,
		JoinURL:  s.joinURL(res.JoinCode),
		HostURL:  s.cfg.PublicURL + "/h/" + res.TableID,
		BoardURL: s.cfg.PublicURL + "/b/" + res.TableID,
		QRURL:    "/api/tables/" + res.TableID + "/qr.png",
	})
}

func (s *Server) joinURL(code string) string { return s.cfg.PublicURL + "/j/" + code }

func (s *Server) handleTableQR(c echo.Context) error {
	code, err := s.svc.JoinCode(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	target := s.joinURL(code)
	// The host's screen offers the board page as a QR code of its own, so
	// that a tablet need not type the board's address; the fragment gives
	// the board the join code to show (it is never sent to the server).
	if c.QueryParam("for") == "board" {
		target = s.cfg.PublicURL + "/b/" + c.Param("id") + "#code=" + code
		// The host's page asks with the board key (the host's view has
		// it), and the board that scans the code presents it
		// (table/boardkey.go).
		if key := c.QueryParam("key"); key != "" {
			ok, err := s.svc.CheckBoardKey(c.Request().Context(), c.Param("id"), key)
			if err != nil {
				return err
			}
			if ok {
				target += "&key=" + key
			}
		}
	}
	png, err := qrcode.Encode(target, qrcode.Medium, 512)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return c.Blob(http.StatusOK, "image/png", png)
}

type joinLookupResponse struct {
	TableID    string           `json:"table_id"`
	Game       string           `json:"game"`
	GameName   string           `json:"game_name"`
	Status     string           `json:"status"`
	Seats      []table.SeatInfo `json:"seats"`
	MaxPlayers int              `json:"max_players"`
}

func (s *Server) handleJoinLookup(c echo.Context) error {
	id, err := s.svc.LookupJoinCode(c.Request().Context(), c.Param("code"))
	if err != nil {
		return s.missedCode(c, err) // only misses count per address (hardening.go)
	}
	v, err := s.svc.View(c.Request().Context(), id, table.Identity{Role: kit.RoleBoard, Seat: -1})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, joinLookupResponse{TableID: id, Game: v.Game, GameName: v.GameName, Status: v.Status, Seats: v.Seats, MaxPlayers: v.MaxPlayers})
}

type joinRequest struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

func (s *Server) handleJoin(c echo.Context) error {
	var req joinRequest
	if err := bindJSON(c, &req); err != nil {
		return s.missedLookup(c, err) // a bad or missing body counts as a miss
	}
	id, err := s.svc.LookupJoinCode(c.Request().Context(), req.Code)
	if err != nil {
		return s.missedCode(c, err) // only misses count per address (hardening.go)
	}
	if err := s.allowTableJoin(c, id); err != nil { // a valid code: the table's limit
		return err
	}
	res, err := s.svc.Join(c.Request().Context(), id, req.Name)
	if err != nil {
		return err
	}
	s.metrics.joins.Add(1)
	setCookie(c, seatCookie, res.TableID, res.Token)
	return c.JSON(http.StatusCreated, res)
}

// who resolves the caller's identity at the table in the path.
func (s *Server) who(c echo.Context) (table.Identity, error) {
	if id, ok := c.Get(viewerKey).(table.Identity); ok {
		return id, nil // viewerBody measuring another viewer's body (samelength.go)
	}
	tok, err := credential(c, c.Param("id"))
	if err != nil {
		return table.Identity{}, err
	}
	return s.svc.Identify(c.Request().Context(), c.Param("id"), tok)
}

func (s *Server) handleTableStart(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	// The body is optional: {"options": {...}} carries the seat options
	// the host assigns in the lobby (Space Cadets' stations).
	var req startRequest
	if c.Request().ContentLength != 0 && c.Request().Header.Get(echo.HeaderContentType) != "" {
		if err := bindJSON(c, &req); err != nil {
			return err
		}
	}
	if err := s.svc.StartWith(c.Request().Context(), c.Param("id"), id, req.Options); err != nil {
		return err
	}
	return s.writeView(c, c.Param("id"), id) // Padded to the version's length (table/padding.go)
}

func (s *Server) handleViewGet(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	return s.writeView(c, c.Param("id"), id) // Padded to the version's length (table/padding.go)
}

func (s *Server) handleMovePost(c echo.Context) error {
	start := time.Now()
	id, err := s.who(c)
	if err != nil {
		return err
	}
	var req table.MoveRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	res, err := s.svc.Move(c.Request().Context(), c.Param("id"), id, req)
	if err != nil {
		return err
	}
	s.metrics.observeMove(time.Since(start))
	if c.Request().URL.RawQuery != "" || c.Echo().Debug {
		return c.JSON(http.StatusOK, res) // ?pretty indents it
	}
	// c.JSON's bytes (its encoder ends them with a newline), without
	// reflection or an encoder per answer.
	var buf [64]byte
	return c.JSONBlob(http.StatusOK, append(res.AppendJSON(buf[:0]), '\n'))
}

func (s *Server) handleUndoPost(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	res, err := s.svc.Undo(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// seatParam reads the :seat path parameter.
func seatParam(c echo.Context) (int, error) {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 || seat > 1000 {
		return 0, table.Refusef(table.ReasonBadSeat, "The seat must be a small whole number.")
	}
	return seat, nil
}

// seatAction runs a host's action on the seat in the path (remove,
// revoke, cancel a hand-over code) and answers 204.
func (s *Server) seatAction(c echo.Context, act func(ctx context.Context, tableID string, id table.Identity, seat int) error) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	seat, err := seatParam(c)
	if err != nil {
		return err
	}
	if err := act(c.Request().Context(), c.Param("id"), id, seat); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// handleSeatDelete removes a seat in the lobby; once the game has started
// it revokes the seat's device and the seat stays in play.
func (s *Server) handleSeatDelete(c echo.Context) error {
	return s.seatAction(c, s.svc.RemoveSeat)
}

// handleSeatDeviceDelete revokes the device holding a seat.
func (s *Server) handleSeatDeviceDelete(c echo.Context) error {
	return s.seatAction(c, s.svc.RevokeDevice)
}

// handleSeatHandover issues a seat's one-time hand-over code and QR.
func (s *Server) handleSeatHandover(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	seat, err := seatParam(c)
	if err != nil {
		return err
	}
	res, err := s.svc.Handover(c.Request().Context(), c.Param("id"), id, seat)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// handleSeatHandoverCancel cancels a seat's open hand-over code.
func (s *Server) handleSeatHandoverCancel(c echo.Context) error {
	return s.seatAction(c, s.svc.CancelHandover)
}

// handleHandoverClaim gives the code's seat to the calling phone and sets
// its seat cookie, as a join does. A code the host issued is claimed
// whatever other phones at the same address guessed; failed claims count
// against the address (claimlimit.go).
func (s *Server) handleHandoverClaim(c echo.Context) error {
	res, err := s.svc.ClaimHandover(c.Request().Context(), c.Param("code"))
	if err != nil {
		if ae := toError(err); ae.Code == table.CodeGone {
			return s.failedClaim(c, err)
		}
		return err
	}
	setCookie(c, seatCookie, res.TableID, res.Token)
	return c.JSON(http.StatusOK, res)
}

// handleRematch starts the rematch of an ended table.
func (s *Server) handleRematch(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	res, err := s.svc.Rematch(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	setCookie(c, hostCookie, res.TableID, res.HostToken)
	return c.JSON(http.StatusOK, res)
}

// handleRematchClaim gives the calling seat its seat at the rematch.
func (s *Server) handleRematchClaim(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	res, err := s.svc.ClaimRematch(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	setCookie(c, seatCookie, res.TableID, res.Token)
	return c.JSON(http.StatusOK, res)
}

func (s *Server) handleLogGet(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	entries, err := s.svc.Log(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, entries)
}
