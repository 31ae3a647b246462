package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

// TestStreamEventsOfOneVersionHaveOneLength plays a six-seat Jumpship
// table with the board and every seat streaming patches, and checks that
// every patch event of one version has the same length, whichever seat it
// is for, and so has every whole-view event. A seat whose private part
// changed has a longer patch than the others; unpadded, its length would
// show that to whoever sees the traffic. The test also checks that the
// unpadded patches did differ in length, so that it can fail.
func TestStreamEventsOfOneVersionHaveOneLength(t *testing.T) {
	ctx := context.Background()
	svc, _ := benchService(t, 0)
	res, err := svc.CreateTable(ctx, "jumpship", nil)
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{""} // the board
	for s := 0; s < 6; s++ {
		j, err := svc.Join(ctx, res.TableID, fmt.Sprintf("Player %d", s+1))
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, j.Token)
	}
	if err := svc.Start(ctx, res.TableID, Identity{Role: kit.RoleHost, Seat: -1}); err != nil {
		t.Fatal(err)
	}
	subs := make([]*Subscriber, len(tokens))
	for i, tok := range tokens {
		sub, _, _, err := svc.Subscribe(ctx, res.TableID, tok)
		if err != nil {
			t.Fatal(err)
		}
		sub.UsePatches()
		subs[i] = sub
		defer svc.Unsubscribe(res.TableID, sub)
	}
	type key struct {
		version int64
		patch   bool
	}
	lengths := map[key]map[int]int{} // the padded lengths of one version's events, by stream
	patches, differed := 0, 0
	r := rand.New(rand.NewPCG(3, 17))
	for step := 0; step < 40; step++ {
		who, req, ok := nextMove(t, svc, res.TableID, r)
		if !ok {
			break
		}
		if _, err := svc.Move(ctx, res.TableID, who, req); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		want := tableVersion(t, svc, res.TableID)
		unpadded := map[int]bool{}
		for i, sub := range subs {
			for {
				var p *Push
				select {
				case p = <-sub.Views():
				case <-time.After(5 * time.Second):
					t.Fatalf("step %d: stream %d got no view of version %d", step, i, want)
				}
				data, pad, patch := sub.Data(p)
				k := key{p.version, patch}
				if lengths[k] == nil {
					lengths[k] = map[int]int{}
				}
				lengths[k][i] = len(data) + len(pad)
				if patch {
					patches++
					unpadded[len(data)] = true
				}
				if p.version >= want {
					break
				}
			}
		}
		if len(unpadded) > 1 {
			differed++
		}
	}
	for k, byStream := range lengths {
		n := -1
		for i, l := range byStream {
			if n >= 0 && l != n {
				t.Errorf("version %d, patch %v: stream %d's event is %d bytes, another's %d", k.version, k.patch, i, l, n)
			}
			n = l
		}
	}
	if patches == 0 {
		t.Fatal("no stream got a patch")
	}
	if differed == 0 {
		t.Fatal("the unpadded patches never differed in length between streams: the test shows nothing")
	}
	t.Logf("%d patches; at %d versions the unpadded patches differed in length", patches, differed)
}

// tableVersion returns the table's current version.
func tableVersion(t *testing.T, svc *Service, tableID string) int64 {
	t.Helper()
	v, err := svc.View(context.Background(), tableID, Identity{Role: kit.RoleBoard, Seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	return v.Version
}
