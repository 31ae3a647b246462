package db

import (
	"context"

	"tablewarden/db/pg"
)

// PGQueries for the queries of issues 11 and 16: hand-overs, seat tokens,
// rematches, join codes, locks and retention.

func (p PGQueries) CreateHandover(ctx context.Context, a CreateHandoverParams) error {
	return pgErr(p.q.CreateHandover(ctx, pg.CreateHandoverParams{CodeHash: a.CodeHash, TableID: a.TableID, Seat: a.Seat, ExpiresAt: a.ExpiresAt}))
}

func (p PGQueries) GetHandover(ctx context.Context, codeHash []byte) (Handover, error) {
	h, err := p.q.GetHandover(ctx, codeHash)
	if err != nil {
		return Handover{}, pgErr(err)
	}
	return Handover{CodeHash: h.CodeHash, TableID: h.TableID, Seat: h.Seat, ExpiresAt: h.ExpiresAt, Used: h.Used}, nil
}

func (p PGQueries) UseHandover(ctx context.Context, a UseHandoverParams) (int64, error) {
	n, err := p.q.UseHandover(ctx, pg.UseHandoverParams{CodeHash: a.CodeHash, ExpiresAt: a.ExpiresAt})
	return n, pgErr(err)
}

func (p PGQueries) SetJoinCode(ctx context.Context, a SetJoinCodeParams) error {
	return pgErr(p.q.SetJoinCode(ctx, pg.SetJoinCodeParams{JoinCode: a.JoinCode, ID: a.ID}))
}

func (p PGQueries) SetTableLocked(ctx context.Context, a SetTableLockedParams) error {
	return pgErr(p.q.SetTableLocked(ctx, pg.SetTableLockedParams{Locked: a.Locked, ID: a.ID}))
}

func (p PGQueries) SetRematch(ctx context.Context, a SetRematchParams) (int64, error) {
	n, err := p.q.SetRematch(ctx, pg.SetRematchParams{RematchID: strPtr(a.RematchID), ID: a.ID})
	return n, pgErr(err)
}

func (p PGQueries) SetSeatToken(ctx context.Context, a SetSeatTokenParams) error {
	return pgErr(p.q.SetSeatToken(ctx, pg.SetSeatTokenParams{TokenHash: a.TokenHash, TableID: a.TableID, Seat: a.Seat}))
}

func (p PGQueries) ListStaleLobbyTables(ctx context.Context, a ListStaleLobbyTablesParams) ([]string, error) {
	ids, err := p.q.ListStaleLobbyTables(ctx, pg.ListStaleLobbyTablesParams{Before: a.Before, MaxRows: int32(a.MaxRows)})
	return ids, pgErr(err)
}

func (p PGQueries) ListOldEndedTables(ctx context.Context, a ListOldEndedTablesParams) ([]string, error) {
	ids, err := p.q.ListOldEndedTables(ctx, pg.ListOldEndedTablesParams{Before: a.Before, MaxRows: int32(a.MaxRows)})
	return ids, pgErr(err)
}

func (p PGQueries) DeleteStaleLobbyTable(ctx context.Context, a DeleteStaleLobbyTableParams) (int64, error) {
	n, err := p.q.DeleteStaleLobbyTable(ctx, pg.DeleteStaleLobbyTableParams{ID: a.ID, Before: a.Before})
	return n, pgErr(err)
}

func (p PGQueries) DeleteOldEndedTable(ctx context.Context, a DeleteOldEndedTableParams) (int64, error) {
	n, err := p.q.DeleteOldEndedTable(ctx, pg.DeleteOldEndedTableParams{ID: a.ID, Before: a.Before})
	return n, pgErr(err)
}

func (p PGQueries) SetTableOptions(ctx context.Context, a SetTableOptionsParams) (int64, error) {
	n, err := p.q.SetTableOptions(ctx, pg.SetTableOptionsParams{Options: a.Options, ID: a.ID})
	return n, pgErr(err)
}

func (p PGQueries) CancelSeatHandovers(ctx context.Context, a CancelSeatHandoversParams) (int64, error) {
	n, err := p.q.CancelSeatHandovers(ctx, pg.CancelSeatHandoversParams{TableID: a.TableID, Seat: a.Seat})
	return n, pgErr(err)
}

func (p PGQueries) RenumberHandovers(ctx context.Context, a RenumberHandoversParams) error {
	return pgErr(p.q.RenumberHandovers(ctx, pg.RenumberHandoversParams{Seat: a.Seat, TableID: a.TableID, Seat_2: a.Seat_2}))
}

func (p PGQueries) ListOpenHandovers(ctx context.Context, a ListOpenHandoversParams) ([]ListOpenHandoversRow, error) {
	rows, err := p.q.ListOpenHandovers(ctx, pg.ListOpenHandoversParams{TableID: a.TableID, ExpiresAt: a.ExpiresAt})
	if err != nil {
		return nil, pgErr(err)
	}
	out := make([]ListOpenHandoversRow, len(rows))
	for i, r := range rows {
		out[i] = ListOpenHandoversRow{Seat: r.Seat, ExpiresAt: r.ExpiresAt}
	}
	return out, nil
}

func (p PGQueries) CountUsedHandovers(ctx context.Context, a CountUsedHandoversParams) (int64, error) {
	n, err := p.q.CountUsedHandovers(ctx, pg.CountUsedHandoversParams{TableID: a.TableID, Seat: a.Seat})
	return n, pgErr(err)
}

func (p PGQueries) ListTableHandovers(ctx context.Context, tableID string) ([]Handover, error) {
	rows, err := p.q.ListTableHandovers(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	out := make([]Handover, len(rows))
	for i, h := range rows {
		out[i] = HandoverFromPG(h)
	}
	return out, nil
}

// HandoverFromPG converts a PostgreSQL hand-over row.
func HandoverFromPG(h pg.Handover) Handover {
	return Handover{CodeHash: h.CodeHash, TableID: h.TableID, Seat: h.Seat, ExpiresAt: h.ExpiresAt, Used: h.Used}
}
