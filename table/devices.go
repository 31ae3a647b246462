package table

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// Seats and devices (README, "Seats and devices").
//
// A seat is an identity: a name and, once the game has started, a position
// in the game that never changes. A device is what holds a seat: its
// token. The host may revoke a seat's device, or hand the seat to a new
// phone with a one-time code; neither changes the game. Streams, moves and
// views resolve a token to its seat at each event, so that no number a
// device captured earlier can point it at another seat.

// A hand-over link is /h/<code>, the path of the host page: the page
// serves both, and a code (NewHandoverCode, "7KQ3M-XW9RT", with its dash)
// is never a table id (NewTableID, 12 characters without a dash).

// handoverTTL is how long a hand-over code may be used.
const handoverTTL = 10 * time.Minute

// The reasons an open stream is closed with ("event: revoked").
const (
	reasonRevoked    = "revoked"
	reasonHandedOver = "handed_over"
	reasonRemoved    = "removed"
	reasonDeleted    = "table_deleted" // retention deleted the table (retention.go)
)

// RevokedReasons are the reasons a "revoked" stream event gives, in the
// order the API document lists them (api/openapigen).
var RevokedReasons = []string{reasonRevoked, reasonHandedOver, reasonRemoved, reasonDeleted}

// seatAt returns the index in t.seats of seat n, not removed, or -1. The
// caller holds t.mu.
func (t *table) seatAt(n int) int {
	for i, st := range t.seats {
		if int(st.Seat) == n && st.Removed == 0 {
			return i
		}
	}
	return -1
}

// RemoveSeat is the host's "remove". In the lobby the seat goes for real:
// its token is revoked at once and start deals without it. Once the game
// has started a seat can no longer leave the game, so "remove" revokes the
// seat's device (RevokeDevice) and the seat stays in play. It returns
// CodeForbidden for anyone but the host and CodeNotFound for a seat the
// table does not have.
func (s *Service) RemoveSeat(ctx context.Context, tableID string, id Identity, seat int) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	idx := t.seatAt(seat)
	if idx < 0 {
		return Refusef(ReasonNoSeat, "No seat %d at this table.", seat)
	}
	if t.row.Status != "lobby" {
		return s.revokeLocked(ctx, t, idx)
	}
	var version int64
	ctx = context.WithoutCancel(ctx)
	err = s.tableTx(ctx, t, func(q db.Querier) error {
		if err := q.RemoveSeat(ctx, db.RemoveSeatParams{TableID: t.id, Seat: int64(seat)}); err != nil {
			return err
		}
		// A removed seat's open code must give nothing, least of all the
		// seat that takes its number at the start.
		if _, err := q.CancelSeatHandovers(ctx, db.CancelSeatHandoversParams{TableID: t.id, Seat: int64(seat)}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return err
	}
	old := t.seats[idx].TokenHash
	t.seats = append([]db.Seat(nil), t.seats...)
	t.seats[idx].Removed = 1
	t.setHandover(seat, time.Time{})
	t.row.Version = version
	s.hub.kick(t.id, old, reasonRemoved)
	s.hub.publish(t)
	return nil
}

// RevokeDevice signs out the device holding a seat: its token stops
// working and its open streams get "event: revoked" and close. The seat
// stays at the table with no device ("unattended") until a hand-over gives
// it a new phone; meanwhile the host may play its moves. A revoke also
// cancels the seat's open hand-over code, so that the host, having taken
// the seat from a phone, decides alone who gets it next. It returns
// CodeForbidden for anyone but the host and CodeNotFound for a seat the
// table does not have.
func (s *Service) RevokeDevice(ctx context.Context, tableID string, id Identity, seat int) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	idx := t.seatAt(seat)
	if idx < 0 {
		return Refusef(ReasonNoSeat, "No seat %d at this table.", seat)
	}
	return s.revokeLocked(ctx, t, idx)
}

// revokeLocked clears the token of t.seats[idx] and cancels its open
// hand-over code in storage and memory, and kicks its streams. The caller
// holds t.mu.
func (s *Service) revokeLocked(ctx context.Context, t *table, idx int) error {
	old := t.seats[idx].TokenHash
	seat := t.seats[idx].Seat
	cancel := func(q db.Querier) error {
		_, err := q.CancelSeatHandovers(ctx, db.CancelSeatHandoversParams{TableID: t.id, Seat: seat})
		return err
	}
	if old == nil {
		if !t.hasHandover(int(seat)) {
			return nil
		}
		if err := s.tableTx(context.WithoutCancel(ctx), t, cancel); err != nil {
			return err
		}
		t.setHandover(int(seat), time.Time{})
		s.hub.publish(t)
		return nil
	}
	version, err := s.setToken(ctx, t, idx, nil, cancel)
	if err != nil {
		return err
	}
	t.setHandover(int(seat), time.Time{})
	t.row.Version = version
	s.hub.kick(t.id, old, reasonRevoked)
	s.hub.publish(t)
	return nil
}

// setToken stores a seat's new token hash (nil: no device) and bumps the
// table's version; it updates t.seats on success. The caller holds t.mu.
func (s *Service) setToken(ctx context.Context, t *table, idx int, hash []byte, also ...func(q db.Querier) error) (int64, error) {
	var version int64
	ctx = context.WithoutCancel(ctx)
	err := s.tableTx(ctx, t, func(q db.Querier) error {
		for _, f := range also {
			if err := f(q); err != nil {
				return err
			}
		}
		if err := q.SetSeatToken(ctx, db.SetSeatTokenParams{TokenHash: hash, TableID: t.id, Seat: t.seats[idx].Seat}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return 0, err
	}
	// Views share the seat slice of earlier snapshots: replace, never edit.
	t.seats = append([]db.Seat(nil), t.seats...)
	t.seats[idx].TokenHash = hash
	return version, nil
}

// HandoverResult is the host's one-time code that hands a seat to a new
// phone, with its link and that link's QR code.
type HandoverResult struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// Code is the code to read aloud or type, e.g. "7KQ3M-XW9RT".
	Code      string    `json:"code"`
	URL       string    `json:"url"`
	QR        string    `json:"qr"`
	ExpiresAt time.Time `json:"expires_at"`
}

// Handover issues a one-time code, valid for ten minutes, that gives seat
// n to whichever phone claims it first (ClaimHandover). A seat has at most
// one open code: a new one cancels the one issued before. The seat's
// current device keeps working until the claim. It returns CodeForbidden
// for anyone but the host and CodeNotFound for a seat the table does not
// have.
func (s *Service) Handover(ctx context.Context, tableID string, id Identity, n int) (HandoverResult, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return HandoverResult{}, err
	}
	defer t.mu.Unlock()
	idx := t.seatAt(n)
	if idx < 0 {
		return HandoverResult{}, Refusef(ReasonNoSeat, "No seat %d at this table.", n)
	}
	name := t.seats[idx].Name
	code := NewHandoverCode()
	norm, _ := NormalizeHandoverCode(code)
	expires := s.now().Add(handoverTTL).UTC()
	err = s.tableTx(context.WithoutCancel(ctx), t, func(q db.Querier) error {
		if _, err := q.CancelSeatHandovers(ctx, db.CancelSeatHandoversParams{TableID: t.id, Seat: int64(n)}); err != nil {
			return err
		}
		return q.CreateHandover(ctx, db.CreateHandoverParams{CodeHash: hashHandover(norm), TableID: t.id, Seat: int64(n), ExpiresAt: expires.Format(time.RFC3339)})
	})
	if err != nil {
		return HandoverResult{}, err
	}
	t.setHandover(n, expires)
	s.hub.publish(t)
	url := s.publicURL + "/h/" + code
	png, err := qrcode.Encode(url, qrcode.Medium, 384)
	if err != nil {
		return HandoverResult{}, err
	}
	return HandoverResult{Seat: n, Name: name, Code: code, URL: url, QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), ExpiresAt: expires}, nil
}

// CancelHandover cancels seat n's open hand-over code, if it has one: the
// code then gives nothing (410 gone). It returns CodeForbidden for anyone
// but the host and CodeNotFound for a seat the table does not have.
func (s *Service) CancelHandover(ctx context.Context, tableID string, id Identity, n int) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	if t.seatAt(n) < 0 {
		return Refusef(ReasonNoSeat, "No seat %d at this table.", n)
	}
	err = s.tableTx(context.WithoutCancel(ctx), t, func(q db.Querier) error {
		_, err := q.CancelSeatHandovers(ctx, db.CancelSeatHandoversParams{TableID: t.id, Seat: int64(n)})
		return err
	})
	if err != nil {
		return err
	}
	if t.hasHandover(n) {
		t.setHandover(n, time.Time{})
		s.hub.publish(t)
	}
	return nil
}

// ClaimResult is what the new phone of a seat gets.
type ClaimResult struct {
	TableID string `json:"table_id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
}

// ClaimHandover gives the seat of a hand-over code to the caller: a new
// token for the seat, while the old token and its streams are revoked at
// once ("handed_over"). The code may be typed in any case, with or without
// its dash. A code that is unknown, malformed, used, cancelled or expired
// is CodeGone.
func (s *Service) ClaimHandover(ctx context.Context, code string) (ClaimResult, error) {
	gone := Refusef(ReasonHandoverGone, "This hand-over code was already used or has expired; ask the host for a new one.")
	norm, ok := NormalizeHandoverCode(code)
	if !ok {
		return ClaimResult{}, gone
	}
	hash := hashHandover(norm)
	h, err := s.store.Queries().GetHandover(ctx, hash)
	if errors.Is(err, sql.ErrNoRows) {
		return ClaimResult{}, gone
	}
	if err != nil {
		return ClaimResult{}, err
	}
	t, err := s.load(ctx, h.TableID)
	if err != nil {
		return ClaimResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	// Read the code again under the table's lock: a start renumbers the
	// seats and their codes together, and a removal or a newer code
	// cancels it, each under this lock.
	h, err = s.store.Queries().GetHandover(ctx, hash)
	if errors.Is(err, sql.ErrNoRows) || err == nil && h.Used != 0 {
		return ClaimResult{}, gone
	}
	if err != nil {
		return ClaimResult{}, err
	}
	idx := t.seatAt(int(h.Seat))
	if idx < 0 {
		return ClaimResult{}, gone
	}
	token := NewToken()
	old := t.seats[idx].TokenHash
	now := s.now().UTC().Format(time.RFC3339)
	errUsed := errors.New("hand-over code used")
	version, err := s.setToken(ctx, t, idx, HashToken(token), func(q db.Querier) error {
		n, err := q.UseHandover(ctx, db.UseHandoverParams{CodeHash: hash, ExpiresAt: now})
		if err == nil && n != 1 {
			err = errUsed
		}
		return err
	})
	if errors.Is(err, errUsed) {
		return ClaimResult{}, gone
	}
	if err != nil {
		return ClaimResult{}, err
	}
	t.setHandover(int(h.Seat), time.Time{})
	t.row.Version = version
	if old != nil {
		s.hub.kick(t.id, old, reasonHandedOver)
	}
	s.hub.publish(t)
	return ClaimResult{TableID: t.id, Seat: int(h.Seat), Token: token}, nil
}

// unattended lists, for the host, the seats in play that no device holds
// and the moves the host may make for each now (UnattendedMoves; never its
// private view).
func (sn tableSnapshot) unattended() []UnattendedSeat {
	if sn.state == nil || sn.status != "playing" {
		return nil
	}
	var out []UnattendedSeat
	for _, st := range sn.seats {
		if !Unattended(st) {
			continue
		}
		out = append(out, UnattendedSeat{Seat: int(st.Seat), Name: st.Name, Moves: UnattendedMoves(sn.game, sn.state, int(st.Seat), len(sn.seats))})
	}
	return out
}

// offeredToHost reports whether the host is offered moveType for seat
// (UnattendedMoves). The caller holds t.mu.
func (t *table) offeredToHost(seat int, moveType string) bool {
	for _, m := range UnattendedMoves(t.game, t.state, seat, len(t.seats)) {
		if m.Type == moveType {
			return true
		}
	}
	return false
}

// hostRefusal returns hostRefusal for seat's name. The caller holds t.mu.
func (t *table) hostRefusal(seat int) error {
	for _, st := range t.seats {
		if int(st.Seat) == seat {
			return hostRefusal(st.Name)
		}
	}
	return hostRefusal("this seat")
}

// hostRefusal is the one answer to a move the host makes for an
// unattended seat that is not offered to the host, or that the referee
// refuses: the same words whatever the reason, so that no refusal
// describes the seat's private state.
func hostRefusal(name string) error {
	re := kit.Errorf("host_not_offered", "Table › Seats and devices", "The host cannot make this move for %s now; hand the seat to a phone.", name)
	return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
}

// UnattendedSeat is a seat without a device, as the host's view lists it.
type UnattendedSeat struct {
	Seat  int            `json:"seat"`
	Name  string         `json:"name"`
	Moves []kit.MoveSpec `json:"moves"`
}

// note says who really played a log entry, when it was not its actor.
func (it logItem) note(names map[int]string) string {
	if it.ByHost {
		return fmt.Sprintf("played by the host for %s", names[it.Actor.Seat])
	}
	return ""
}
