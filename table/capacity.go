package table

import "context"

// SeatCount is the most seats the table's game takes (its MaxPlayers). The
// api sizes a table's share of the server by it: how many joins a minute
// and how many live streams the table may have. It returns CodeNotFound
// for an unknown table.
func (s *Service) SeatCount(ctx context.Context, tableID string) (int, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return 0, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.game.Info().MaxPlayers, nil
}
