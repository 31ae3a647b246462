package api

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// storageRetryAfter is the Retry-After, in seconds, of a 503 for storage
// that cannot record a change now (locked by another process, disk full):
// a client may simply send the same request again, with its idempotency
// key, once it has passed.
const storageRetryAfter = "5"

// checkStall is /healthz's report of writes that find the SQLite file
// locked by another process (table.Service.StorageStall, which tries a
// write while stalled).
func (s *Server) checkStall(ctx context.Context) error {
	since, stalled, err := s.svc.StorageStall(ctx)
	if !stalled {
		return nil
	}
	if !errors.Is(err, table.ErrLocked) {
		return err
	}
	return &table.Error{Code: table.CodeUnavailable, Reason: table.ReasonStorageUnavailable, Err: err,
		Message: fmt.Sprintf("Storage stalled: the database file has been locked by another process since %s; writes are answered 503 and not recorded until it lets go.", since.UTC().Format(time.RFC3339))}
}

// storageUnavailable is the client's answer to a write that storage could
// not record.
func storageUnavailable(err error) *table.Error {
	if errors.Is(err, table.ErrLocked) {
		return &table.Error{Code: table.CodeUnavailable, Reason: table.ReasonStorageUnavailable, Message: "Storage unavailable, not recorded: the database file is locked by another process. Try again shortly.", Err: err}
	}
	return &table.Error{Code: table.CodeUnavailable, Reason: table.ReasonStorageUnavailable, Message: "Storage unavailable, not recorded (disk full, read-only, or the database file is gone). Try again shortly.", Err: err}
}

// setRetryAfter gives a 503 its Retry-After unless the refusal set one.
func setRetryAfter(c echo.Context, status int) {
	if status == 503 && c.Response().Header().Get("Retry-After") == "" {
		c.Response().Header().Set("Retry-After", storageRetryAfter)
	}
}
