package api

import (
	"context"
	"time"

	"tablewarden/table"
)

// Retention says which tables the server deletes, and how often it looks.
// A zero duration keeps those tables.
type Retention struct {
	// LobbyIdle deletes lobby tables with no activity (created, or a
	// seat joined) for this long. Default in the command: 24 h.
	LobbyIdle time.Duration
	// EndedAge deletes ended tables whose last move is this old. Default
	// in the command: 30 days.
	EndedAge time.Duration
	// Every is how often the background job runs; 0 = 10 minutes.
	Every time.Duration
}

func (r Retention) enabled() bool { return r.LobbyIdle > 0 || r.EndedAge > 0 }

// retentionLoop prunes at start and then every Retention.Every.
func (s *Server) retentionLoop() {
	defer s.bg.Done()
	every := s.cfg.Retention.Every
	if every <= 0 {
		every = 10 * time.Minute
	}
	ctx, cancel := s.background()
	defer cancel()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		res, err := s.Prune(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("retention", "err", err)
		case res.Lobby+res.Ended > 0:
			s.log.Info("retention", "lobby_deleted", res.Lobby, "ended_deleted", res.Ended)
		}
		select {
		case <-s.bgStop:
			return
		case <-tick.C:
		}
	}
}

// Prune deletes the tables the retention settings let go, now, each in its
// own transaction, and drops them from memory and from the open streams.
func (s *Server) Prune(ctx context.Context) (table.PruneResult, error) {
	r := s.cfg.Retention
	return s.svc.Prune(ctx, s.cfg.Now(), r.LobbyIdle, r.EndedAge)
}
