package kit

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestBagScramblesIDsOnReturn(t *testing.T) {
	rng := NewRNG(1, 0)
	b := NewBag(rng, []string{"A", "B"}, map[string]int{"A": 3, "B": 2})
	if got, want := b.Len(), 5; got != want {
		t.Fatalf("Len = %d, want %d", got, want)
	}
	tok, ok := b.Draw(rng)
	if !ok {
		t.Fatal("Draw from a full bag failed")
	}
	before := map[uint32]bool{}
	for _, x := range b.Tokens {
		before[x.ID] = true
	}
	b.Put(NewRNG(1, 1), tok)
	if got, want := b.Len(), 5; got != want {
		t.Fatalf("Len after Put = %d, want %d", got, want)
	}
	for _, x := range b.Tokens {
		if x.ID == tok.ID {
			t.Fatalf("the returned token kept its id %d: it can be followed through the bag", tok.ID)
		}
	}
	same := 0
	for _, x := range b.Tokens {
		if before[x.ID] {
			same++
		}
	}
	if same == b.Len()-1 {
		t.Fatalf("ids of the tokens already in the bag were not scrambled")
	}
	if got, want := b.Count("A")+b.Count("B"), 5; got != want {
		t.Fatalf("tokens by kind = %d, want %d", got, want)
	}
	if _, ok := b.Take("C"); ok {
		t.Fatal("Take of a missing kind succeeded")
	}
}

func TestRNGIsSeededByMoveNumber(t *testing.T) {
	a, b, c := NewRNG(7, 3), NewRNG(7, 3), NewRNG(7, 4)
	x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
	if x != y {
		t.Fatalf("same seed and move gave %d and %d", x, y)
	}
	if x == z {
		t.Fatalf("another move number gave the same draw %d", x)
	}
}

func TestTimerGenerations(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var tm Timer
	tm.Start(now, 30*time.Second)
	g1 := tm.Generation
	if err := tm.Pause(now.Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if got, want := tm.RemainingMS, int64(20000); got != want {
		t.Fatalf("RemainingMS = %d, want %d", got, want)
	}
	if got, want := ErrorCode(tm.Expire(g1)), "stale_timer"; got != want {
		t.Fatalf("expiry of the paused generation = %q, want %q", got, want)
	}
	if err := tm.Resume(now.Add(60 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if got, want := tm.Deadline, now.Add(80*time.Second); !got.Equal(want) {
		t.Fatalf("Deadline after resume = %v, want %v", got, want)
	}
	if got, want := ErrorCode(tm.Resume(now)), "timer_not_paused"; got != want {
		t.Fatalf("resume of a running timer = %q, want %q", got, want)
	}
	if err := tm.Expire(tm.Generation); err != nil || !tm.Expired || tm.Running {
		t.Fatalf("Expire = %v, timer %+v", err, tm)
	}
	if got, want := ErrorCode(tm.Cancel()), "timer_not_running"; got != want {
		t.Fatalf("cancel of an expired timer = %q, want %q", got, want)
	}
}

func TestDecodeOptions(t *testing.T) {
	specs := []OptionSpec{
		{Name: "n", Kind: OptInt, Min: IntPtr(1), Max: IntPtr(5)},
		{Name: "mode", Kind: OptEnum, Choices: []Choice{{Value: "a"}, {Value: "b"}}},
		{Name: "on", Kind: OptBool},
	}
	type opts struct {
		N    int    `json:"n"`
		Mode string `json:"mode"`
		On   bool   `json:"on"`
	}
	for _, c := range []struct{ name, raw, code string }{
		{"OK", `{"n":3,"mode":"b","on":true}`, ""},
		{"ErrUnknown", `{"x":1}`, "bad_option"},
		{"ErrRange", `{"n":6}`, "bad_option"},
		{"ErrType", `{"n":"3"}`, "bad_option"},
		{"ErrChoice", `{"mode":"c"}`, "bad_option"},
		{"ErrNotObject", `[1]`, "bad_option"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := opts{N: 2}
			if got := ErrorCode(DecodeOptions(json.RawMessage(c.raw), specs, &o)); got != c.code {
				t.Fatalf("code = %q, want %q", got, c.code)
			}
		})
	}
}

func TestDecodeArgsIsStrict(t *testing.T) {
	var a struct {
		To int `json:"to"`
	}
	for raw, code := range map[string]string{`{"to":1}`: "", ``: "", `{"to":"x"}`: "bad_args", `{"too":1}`: "bad_args", `{"to":1}{}`: "bad_args"} {
		if got := ErrorCode(DecodeArgs(Move{Type: "give", Args: json.RawMessage(raw)}, &a)); got != code {
			t.Errorf("DecodeArgs(%s) = %q, want %q", raw, got, code)
		}
	}
}

func TestTrackStaysInBounds(t *testing.T) {
	d := TrackDef{Name: "c", Steps: []string{"0", "1", "2"}}
	tr, over := d.Move(Track{Pos: 1}, 5)
	if tr.Pos != 2 || over != 4 {
		t.Fatalf("Move +5 = %d (over %d), want 2 (over 4)", tr.Pos, over)
	}
	tr, over = d.Move(Track{Pos: 1}, -3)
	if tr.Pos != 0 || over != -2 || !d.InBounds(tr) {
		t.Fatalf("Move -3 = %d (over %d), want 0 (over -2)", tr.Pos, over)
	}
}

func TestCheckClassifiedFindsUntaggedFields(t *testing.T) {
	type inner struct {
		Secret string
	}
	type state struct {
		Public string `vis:"public"`
		Inner  inner  `vis:"public"`
		Hidden inner  `vis:"hidden"`
	}
	err := CheckClassified(reflect.TypeOf(state{}))
	if err == nil {
		t.Fatal("an untagged field passed")
	}
	type ok struct {
		Public string `vis:"public"`
		Hidden inner  `vis:"hidden"`
	}
	if err := CheckClassified(reflect.TypeOf(ok{})); err != nil {
		t.Fatal(err)
	}
	secrets := Secrets(ok{Public: "p", Hidden: inner{Secret: "s"}})
	if len(secrets) != 1 || secrets[0].Value != "s" || secrets[0].Vis != VisHidden {
		t.Fatalf("Secrets = %+v", secrets)
	}
}

func TestEventVisibility(t *testing.T) {
	pub, priv := PublicEvent("x", "all"), PrivateEvent("y", "you", 2)
	if !pub.VisibleTo(BoardViewer) || priv.VisibleTo(BoardViewer) || priv.VisibleTo(HostViewer) || priv.VisibleTo(SeatViewer(1)) || !priv.VisibleTo(SeatViewer(2)) {
		t.Fatal("event visibility is wrong")
	}
}

// viewGame is a Game whose views are set by the test; only View matters.
type viewGame struct {
	Game
	view func(Viewer) View
}

func (g viewGame) View(_ State, v Viewer) View { return g.view(v) }

func TestCheckSharedPartsFindsAViewerSpecificPart(t *testing.T) {
	same := func(v Viewer) View {
		return View{Seats: []SeatView{{Seat: 0, Name: "A"}}, Public: map[string]int{"deck": 3}, Private: v.Seat}
	}
	if err := CheckSharedParts(viewGame{view: same}, nil, 2); err != nil {
		t.Fatalf("views that differ only in Private: %v", err)
	}
	for name, f := range map[string]func(Viewer) View{
		"public": func(v Viewer) View {
			w := same(v)
			if v.IsSeat(1) {
				w.Public = map[string]int{"deck": 3, "mine": 1}
			}
			return w
		},
		"seats": func(v Viewer) View {
			w := same(v)
			if v.Role == RoleHost {
				w.Seats[0].Status = "host sees this"
			}
			return w
		},
		"tracks": func(v Viewer) View {
			w := same(v)
			if v.IsSeat(0) {
				w.Tracks = []TrackView{{Name: "t", Pos: 1, Max: 2}}
			}
			return w
		},
	} {
		if err := CheckSharedParts(viewGame{view: f}, nil, 2); err == nil {
			t.Errorf("%s differs by viewer, but CheckSharedParts found nothing", name)
		}
	}
}

// ownViewGame is a viewGame that is an OwnViewer, with OwnView set by the
// test.
type ownViewGame struct {
	viewGame
	own func(Viewer) View
}

func (g ownViewGame) OwnView(_ State, v Viewer) View { return g.own(v) }

func TestCheckSharedPartsFindsAnOwnViewThatDiffers(t *testing.T) {
	full := func(v Viewer) View {
		return View{Phase: "p", Seats: []SeatView{{Seat: 0, Name: "A"}}, Public: map[string]int{"deck": 3}, Private: v.Seat, Moves: []MoveSpec{}}
	}
	right := func(v Viewer) View { return View{Phase: "p", Private: v.Seat, Moves: []MoveSpec{}} }
	if err := CheckSharedParts(ownViewGame{viewGame{view: full}, right}, nil, 2); err != nil {
		t.Fatalf("an OwnView equal to View without the shared parts: %v", err)
	}
	for name, own := range map[string]func(Viewer) View{
		"private of another seat": func(v Viewer) View { w := right(v); w.Private = 0; return w },
		"a shared part kept":      func(v Viewer) View { w := full(v); return w },
		"another phase":           func(v Viewer) View { w := right(v); w.Phase = "q"; return w },
	} {
		if err := CheckSharedParts(ownViewGame{viewGame{view: full}, own}, nil, 2); err == nil {
			t.Errorf("OwnView with %s, but CheckSharedParts found nothing", name)
		}
	}
}
