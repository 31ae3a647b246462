package db

import (
	"context"

	"tablewarden/db/pg"
)

// WriteTable runs PostgreSQL's CopyTable, the same whole-row insert.
func (p PGQueries) WriteTable(ctx context.Context, a WriteTableParams) error {
	return pgErr(p.q.CopyTable(ctx, pg.CopyTableParams{ID: a.ID, Game: a.Game, JoinCode: a.JoinCode, Options: a.Options, Seed: a.Seed,
		HostTokenHash: a.HostTokenHash, Status: a.Status, Version: a.Version, CreatedAt: a.CreatedAt, StartedAt: strPtr(a.StartedAt),
		Locked: a.Locked, RematchID: strPtr(a.RematchID)}))
}
