package api

import (
	"bytes"
	"encoding/csv"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// handleResultGet returns a finished game's result as JSON, or as CSV with
// ?format=csv (one line per seat), so that a club can keep its records.
func (s *Server) handleResultGet(c echo.Context) error {
	format := c.QueryParam("format")
	if format != "" && format != "json" && format != "csv" {
		return table.Refusef(table.ReasonBadFormat, "format is json or csv.")
	}
	id, err := s.who(c)
	if err != nil {
		return err
	}
	r, err := s.svc.GameResult(c.Request().Context(), c.Param("id"), id)
	if err != nil {
		return err
	}
	if format != "csv" {
		return c.JSON(http.StatusOK, r)
	}
	var b bytes.Buffer
	if err := r.WriteCSV(csv.NewWriter(&b)); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+r.Game+"-"+r.TableID+`.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}
