package client_test

import (
	"context"
	"encoding/json"
	"testing"

	"tablewarden/api/client"
)

// TestTypedMoveEachGame plays one move of each game of the catalog against
// a real server, built with the generated Go types alone: the table from
// the game's <Game>CreateTableRequest with typed options, the move from
// its <Game>Move<Type> with typed arguments (no map[string]any anywhere),
// its argument's value read from the view's offered choices.
func TestTypedMoveEachGame(t *testing.T) {
	t.Parallel()
	url, stop := exampleServer()
	defer stop()
	ctx := context.Background()
	c, err := client.NewClientWithResponses(url)
	if err != nil {
		t.Fatal(err)
	}
	three, five := 3, 5
	games := []struct {
		id      string
		players int
		create  func(*client.CreateTableRequest) error
		// move builds the typed move for one offered move spec (its type
		// and its arguments as offered, raw), or returns false.
		move func(typ string, args []client.ArgSpec) (client.MoveRequest, bool)
	}{
		{"jumpship", 5, func(r *client.CreateTableRequest) error {
			return r.FromJumpshipCreateTableRequest(client.JumpshipCreateTableRequest{Options: &client.JumpshipOptions{QuarantineTrack: &three, KillTrack: &five}})
		}, func(typ string, args []client.ArgSpec) (m client.MoveRequest, ok bool) {
			var g client.JumpshipMove
			switch typ {
			case "draw":
				ok = g.FromJumpshipMoveDraw(client.JumpshipMoveDraw{}) == nil
			case "scan":
				var a client.JumpshipMoveScanArgs
				ok = choice(args, "target", &a.Target) && g.FromJumpshipMoveScan(client.JumpshipMoveScan{Args: a}) == nil
			}
			return m, ok && m.FromJumpshipMove(g) == nil
		}},
		{"captainisdead", 3, func(r *client.CreateTableRequest) error {
			elim := false
			return r.FromCaptainIsDeadCreateTableRequest(client.CaptainIsDeadCreateTableRequest{Options: &client.CaptainIsDeadOptions{Elimination: &elim}})
		}, func(typ string, args []client.ArgSpec) (m client.MoveRequest, ok bool) {
			var g client.CaptainIsDeadMove
			if typ == "choose_role" {
				var a client.CaptainIsDeadMoveChooseRoleArgs
				ok = choice(args, "role", &a.Role) && g.FromCaptainIsDeadMoveChooseRole(client.CaptainIsDeadMoveChooseRole{Args: a}) == nil
			}
			return m, ok && m.FromCaptainIsDeadMove(g) == nil
		}},
		{"lockup", 3, func(r *client.CreateTableRequest) error {
			d := client.Green
			return r.FromLockupCreateTableRequest(client.LockupCreateTableRequest{Options: &client.LockupOptions{Difficulty: &d}})
		}, func(typ string, args []client.ArgSpec) (m client.MoveRequest, ok bool) {
			var g client.LockupMove
			if typ == "assign" {
				var a client.LockupMoveAssignArgs
				ok = choice(args, "token", &a.Token) && choice(args, "location", &a.Location) && choice(args, "face_down", &a.FaceDown) &&
					g.FromLockupMoveAssign(client.LockupMoveAssign{Args: a}) == nil
			}
			return m, ok && m.FromLockupMove(g) == nil
		}},
		{"spacecadets", 3, func(r *client.CreateTableRequest) error {
			mission := client.N7
			return r.FromSpaceCadetsCreateTableRequest(client.SpaceCadetsCreateTableRequest{Options: &client.SpaceCadetsOptions{Mission: &mission}})
		}, func(typ string, args []client.ArgSpec) (m client.MoveRequest, ok bool) {
			var g client.SpaceCadetsMove
			if typ == "keep_starting" {
				var a client.SpaceCadetsMoveKeepStartingArgs
				ok = choice(args, "card", &a.Card) && g.FromSpaceCadetsMoveKeepStarting(client.SpaceCadetsMoveKeepStarting{Args: a}) == nil
			}
			return m, ok && m.FromSpaceCadetsMove(g) == nil
		}},
		{"nostromo", 3, func(r *client.CreateTableRequest) error {
			heroic := false
			return r.FromNostromoCreateTableRequest(client.NostromoCreateTableRequest{Options: &client.NostromoOptions{Heroic: &heroic}})
		}, func(typ string, args []client.ArgSpec) (m client.MoveRequest, ok bool) {
			var g client.NostromoMove
			if typ == "designate_alien" {
				var a client.NostromoMoveDesignateAlienArgs
				ok = choice(args, "seat", &a.Seat) && g.FromNostromoMoveDesignateAlien(client.NostromoMoveDesignateAlien{Args: a}) == nil
			}
			return m, ok && m.FromNostromoMove(g) == nil
		}},
	}
	for _, g := range games {
		t.Run(g.id, func(t *testing.T) {
			var req client.CreateTableRequest
			if err := g.create(&req); err != nil {
				t.Fatal(err)
			}
			made, err := c.CreateTableWithResponse(ctx, req)
			if err != nil || made.JSON201 == nil {
				t.Fatalf("create: %v %s", err, made.Body)
			}
			id, host := made.JSON201.TableId, made.JSON201.HostToken
			tokens := []string{host}
			for i := 0; i < g.players; i++ {
				j, err := c.JoinWithResponse(ctx, client.JoinRequest{Code: made.JSON201.JoinCode, Name: string(rune('A' + i))})
				if err != nil || j.JSON201 == nil {
					t.Fatalf("join: %v %s", err, j.Body)
				}
				tokens = append(tokens, j.JSON201.Token)
			}
			if s, err := c.StartTableWithResponse(ctx, id, nil, client.StartTableJSONRequestBody{}, client.Bearer(host)); err != nil || s.JSON200 == nil {
				t.Fatalf("start: %v %s", err, s.Body)
			}
			var offered []string
			for _, tok := range tokens {
				v, err := c.GetViewWithResponse(ctx, id, nil, client.Bearer(tok))
				if err != nil || v.JSON200 == nil || v.JSON200.View == nil {
					t.Fatalf("view: %v", err)
				}
				specs := offers(t, *v.JSON200.View)
				for _, s := range specs {
					offered = append(offered, s.Type)
					m, ok := g.move(s.Type, s.Args)
					if !ok {
						continue
					}
					r, err := c.PostMoveWithResponse(ctx, id, nil, m, client.Bearer(tok))
					if err != nil || r.JSON200 == nil {
						t.Fatalf("move %s: %v %d %s", s.Type, err, r.StatusCode(), r.Body)
					}
					raw, _ := m.MarshalJSON()
					t.Logf("%s: played %s (version %d)", g.id, raw, r.JSON200.Version)
					return
				}
			}
			t.Fatalf("no offered move was built; offered: %v", offered)
		})
	}
}

// offer is a move spec of any game's view: its type and its arguments.
type offer struct {
	Type string           `json:"type"`
	Args []client.ArgSpec `json:"args"`
}

// offers reads a view's moves, whatever its game.
func offers(t *testing.T, v client.View) []offer {
	raw, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		Moves []offer `json:"moves"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		t.Fatal(err)
	}
	return w.Moves
}

// choice sets *dst to the first offered choice of argument name (a value
// of the argument's own generated type), or to false for a yes/no
// argument offered without choices.
func choice[T any](args []client.ArgSpec, name string, dst *T) bool {
	for _, a := range args {
		if a.Name != name {
			continue
		}
		if a.Choices == nil || len(*a.Choices) == 0 || (*a.Choices)[0].Value == nil {
			return a.Kind == client.ArgSpecKindBool
		}
		raw, err := (*a.Choices)[0].Value.MarshalJSON()
		return err == nil && json.Unmarshal(raw, dst) == nil
	}
	return false
}
