package table

import (
	"context"
	"time"

	"tablewarden/db"
)

// ErrLocked is wrapped, beside db.ErrUnavailable, by a write that found
// the SQLite file locked by another process for the whole busy timeout:
// nothing was recorded.
var ErrLocked = db.ErrLocked

// StorageStall reports writes that find the SQLite file locked by another
// process: since when, and whether that is still so. While the store has
// seen such a write it tries a write that changes nothing but needs the
// lock (waiting the busy timeout at most); if that commits, the stall is
// over and stalled is false. PostgreSQL has no such lock: it returns false.
func (s *Service) StorageStall(ctx context.Context) (since time.Time, stalled bool, err error) {
	st := s.extras.Stall
	if st == nil {
		return time.Time{}, false, nil
	}
	since, stalled = st.Stalled()
	if !stalled {
		return time.Time{}, false, nil
	}
	if err := st.ProbeWrite(ctx); err != nil {
		return since, true, err
	}
	return time.Time{}, false, nil
}
