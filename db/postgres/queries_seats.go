package postgres

import (
	"context"

	"tablewarden/db"
)

// port for the seat and access queries: hand-overs, seat tokens,
// rematches, join codes, locks and retention.

func (p port) CreateHandover(ctx context.Context, a db.CreateHandoverParams) error {
	return pgErr(p.q.CreateHandover(ctx, CreateHandoverParams{CodeHash: a.CodeHash, TableID: a.TableID, Seat: a.Seat, ExpiresAt: a.ExpiresAt}))
}

func (p port) GetHandover(ctx context.Context, codeHash []byte) (db.Handover, error) {
	h, err := p.q.GetHandover(ctx, codeHash)
	if err != nil {
		return db.Handover{}, pgErr(err)
	}
	return db.Handover{CodeHash: h.CodeHash, TableID: h.TableID, Seat: h.Seat, ExpiresAt: h.ExpiresAt, Used: h.Used}, nil
}

func (p port) UseHandover(ctx context.Context, a db.UseHandoverParams) (int64, error) {
	n, err := p.q.UseHandover(ctx, UseHandoverParams{CodeHash: a.CodeHash, ExpiresAt: a.ExpiresAt})
	return n, pgErr(err)
}

func (p port) SetJoinCode(ctx context.Context, a db.SetJoinCodeParams) error {
	return pgErr(p.q.SetJoinCode(ctx, SetJoinCodeParams{JoinCode: a.JoinCode, ID: a.ID}))
}

func (p port) SetTableLocked(ctx context.Context, a db.SetTableLockedParams) error {
	return pgErr(p.q.SetTableLocked(ctx, SetTableLockedParams{Locked: a.Locked, ID: a.ID}))
}

func (p port) SetRematch(ctx context.Context, a db.SetRematchParams) (int64, error) {
	n, err := p.q.SetRematch(ctx, SetRematchParams{RematchID: strPtr(a.RematchID), ID: a.ID})
	return n, pgErr(err)
}

func (p port) SetSeatToken(ctx context.Context, a db.SetSeatTokenParams) error {
	return pgErr(p.q.SetSeatToken(ctx, SetSeatTokenParams{TokenHash: a.TokenHash, TableID: a.TableID, Seat: a.Seat}))
}

func (p port) SetTableOptions(ctx context.Context, a db.SetTableOptionsParams) (int64, error) {
	n, err := p.q.SetTableOptions(ctx, SetTableOptionsParams{Options: a.Options, ID: a.ID})
	return n, pgErr(err)
}

func (p port) CancelSeatHandovers(ctx context.Context, a db.CancelSeatHandoversParams) (int64, error) {
	n, err := p.q.CancelSeatHandovers(ctx, CancelSeatHandoversParams{TableID: a.TableID, Seat: a.Seat})
	return n, pgErr(err)
}

func (p port) RenumberHandovers(ctx context.Context, a db.RenumberHandoversParams) error {
	return pgErr(p.q.RenumberHandovers(ctx, RenumberHandoversParams{Seat: a.Seat, TableID: a.TableID, Seat_2: a.Seat_2}))
}

func (p port) ListOpenHandovers(ctx context.Context, a db.ListOpenHandoversParams) ([]db.ListOpenHandoversRow, error) {
	rows, err := p.q.ListOpenHandovers(ctx, ListOpenHandoversParams{TableID: a.TableID, ExpiresAt: a.ExpiresAt})
	if err != nil {
		return nil, pgErr(err)
	}
	out := make([]db.ListOpenHandoversRow, len(rows))
	for i, r := range rows {
		out[i] = db.ListOpenHandoversRow{Seat: r.Seat, ExpiresAt: r.ExpiresAt}
	}
	return out, nil
}

func (p port) CountUsedHandovers(ctx context.Context, a db.CountUsedHandoversParams) (int64, error) {
	n, err := p.q.CountUsedHandovers(ctx, CountUsedHandoversParams{TableID: a.TableID, Seat: a.Seat})
	return n, pgErr(err)
}

func (p port) ListTableHandovers(ctx context.Context, tableID string) ([]db.Handover, error) {
	rows, err := p.q.ListTableHandovers(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	out := make([]db.Handover, len(rows))
	for i, h := range rows {
		out[i] = toHandover(h)
	}
	return out, nil
}

// toHandover converts a PostgreSQL hand-over row.
func toHandover(h Handover) db.Handover {
	return db.Handover{CodeHash: h.CodeHash, TableID: h.TableID, Seat: h.Seat, ExpiresAt: h.ExpiresAt, Used: h.Used}
}
