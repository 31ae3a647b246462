package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// The host's controls over who may still join: a new join code
// (table.Service.RotateJoinCode) and the lock (table.Service.SetLocked).

// joinCodeResponse is the new join code with its links.
type joinCodeResponse struct {
	JoinCode string `json:"join_code"`
	JoinURL  string `json:"join_url"`
	QRURL    string `json:"qr_url"`
}

// handleJoinCodeRotate gives the table a new join code.
func (s *Server) handleJoinCodeRotate(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	code, err := s.svc.RotateJoinCode(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, joinCodeResponse{JoinCode: code, JoinURL: s.joinURL(code), QRURL: "/api/tables/" + c.Param("id") + "/qr.png"})
}

type lockRequest struct {
	Locked bool `json:"locked"`
}

// handleLockPost locks or unlocks the table against new joins.
func (s *Server) handleLockPost(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	var req lockRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.svc.SetLocked(c.Request().Context(), c.Param("id"), id, req.Locked); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, req)
}
