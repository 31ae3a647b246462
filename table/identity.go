package table

import (
	"context"

	"tablewarden/referee/kit"
)

// Identity is who is asking: a seat, the host, or the public board.
type Identity struct {
	Role kit.ViewerRole
	Seat int
}

func (id Identity) viewer() kit.Viewer {
	switch id.Role {
	case kit.RoleSeat:
		return kit.SeatViewer(id.Seat)
	case kit.RoleHost:
		return kit.HostViewer
	}
	return kit.BoardViewer
}

func (id Identity) actor() kit.Actor {
	switch id.Role {
	case kit.RoleSeat:
		return kit.SeatActor(id.Seat)
	case kit.RoleHost:
		return kit.HostActor
	}
	return kit.SystemActor
}

// systemIdentity is the server itself (timer expiries).
var systemIdentity = Identity{Role: "system", Seat: -1}

// resolve maps a credential to an identity at table t. An empty token is
// the public board.
func (t *table) resolve(token string) (Identity, bool) {
	if token == "" {
		return Identity{Role: kit.RoleBoard, Seat: -1}, true
	}
	if tokenMatches(token, t.row.HostTokenHash) {
		return Identity{Role: kit.RoleHost, Seat: -1}, true
	}
	for _, st := range t.seats {
		if st.Removed == 0 && tokenMatches(token, st.TokenHash) {
			return Identity{Role: kit.RoleSeat, Seat: int(st.Seat)}, true
		}
	}
	return Identity{}, false
}

// Identify returns the identity a token has at a table. An unknown or
// revoked token is CodeUnauthorized.
func (s *Service) Identify(ctx context.Context, tableID, token string) (Identity, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return Identity{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	id, ok := t.resolve(token)
	if !ok {
		return Identity{}, errUnknownToken()
	}
	return id, nil
}

func errUnknownToken() error {
	return Refusef(ReasonBadToken, "This device's token is not valid for this table (the host may have removed it, or handed its seat to another phone).")
}

// hostTable checks that id is the host (CodeForbidden), loads the table and
// locks it; the caller unlocks t.mu.
func (s *Service) hostTable(ctx context.Context, tableID string, id Identity) (*table, error) {
	if err := requireHost(id); err != nil {
		return nil, err
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	return t, nil
}

// requireHost returns CodeForbidden unless id is the host.
func requireHost(id Identity) error {
	if id.Role != kit.RoleHost {
		return Refusef(ReasonNotHost, "Only the host can do this.")
	}
	return nil
}
