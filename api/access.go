package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tablewarden/db"
)

// The host controls who may still join (issue 16): a new join code makes
// the old one (seen on a screen, guessed, passed on) worthless, and a lock
// refuses every new join, whoever holds the code.

// RotateJoinCode gives the table a new join code and returns it. Host only
// (CodeForbidden).
func (s *Service) RotateJoinCode(ctx context.Context, tableID string, id identity) (string, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return "", err
	}
	defer t.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	for try := 0; ; try++ {
		code := NewJoinCode()
		var version int64
		err := s.store.Tx(ctx, func(q db.Querier) error {
			if err := q.SetJoinCode(ctx, db.SetJoinCodeParams{JoinCode: code, ID: t.id}); err != nil {
				return err
			}
			v, err := q.BumpTableVersion(ctx, t.id)
			version = v
			return err
		})
		if err != nil && try < 5 && strings.Contains(err.Error(), "UNIQUE") {
			continue
		}
		if err != nil {
			return "", err
		}
		t.row.JoinCode, t.row.Version = code, version
		s.hub.publish(t)
		return code, nil
	}
}

// SetLocked locks the table against new joins, or unlocks it. Host only
// (CodeForbidden).
func (s *Service) SetLocked(ctx context.Context, tableID string, id identity, locked bool) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	var version int64
	err = s.store.Tx(ctx, func(q db.Querier) error {
		if err := q.SetTableLocked(ctx, db.SetTableLockedParams{Locked: boolInt(locked), ID: t.id}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return err
	}
	t.row.Locked, t.row.Version = boolInt(locked), version
	s.hub.publish(t)
	return nil
}

type joinCodeResponse struct {
	JoinCode string `json:"join_code"`
	JoinURL  string `json:"join_url"`
	QRURL    string `json:"qr_url"`
}

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
