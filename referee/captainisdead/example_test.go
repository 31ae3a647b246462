package captainisdead

import (
	"testing"
	"time"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// exampleScript builds the rulebook's Example Of Play as a script: Ann is
// "you", Bea the Tactical Officer. The scene (a few rounds in: Ship Control
// at Coward, four aliens aboard, Ann holding a scent bomb and the Rifle in
// the Bridge Hallway, Bea on the Bridge) is set by the table's primitive
// moves at the start of Ann's turn.
func exampleScript(t *testing.T) kittest.Script {
	seats := []string{"Ann", "Bea"}
	var seed uint64
	var st *State
	for seed = 1; ; seed++ {
		x, err := game.Setup(nil, seats, kit.NewCtx(seed, 0, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		st = x.(*State)
		if st.Players[1].Colour == colourOf(st.Data, "Tactical Officer") {
			break
		}
	}
	annRole := ""
	for _, r := range st.colourRoles(0) {
		if rd, _ := st.Data.role(r); rd.Actions == 4 && !rd.NeverKills && !rd.Unharmed && annRole == "" {
			annRole = r
		}
	}
	ann := kit.SeatActor(0)
	steps := []kittest.Step{
		kittest.Seat(0, MoveChooseRole, roleArgs{annRole}),
		kittest.Seat(1, MoveChooseRole, roleArgs{"Tactical Officer"}),
	}
	for range 5 {
		steps = append(steps, kittest.Host(MoveFinishAlert, nil))
	}
	annRank, _ := st.Data.role(annRole)
	toRank, _ := st.Data.role("Tactical Officer")
	if toRank.Rank < annRank.Rank {
		steps = append(steps, kittest.Seat(1, MoveEndTurn, nil), kittest.Host(MoveFinishAlert, nil))
	}
	scene := []kittest.Step{
		kittest.Host(MovePlaceCharacter, placementArgs{"0|Bridge Hallway"}),
		kittest.Host(MovePlaceCharacter, placementArgs{"1|Bridge"}),
		kittest.Host(MoveRaiseTrack, trackArgs{Track: "Ship Control", Source: "correction"}),
		kittest.Host(MoveRaiseTrack, trackArgs{Track: "Ship Control", Source: "correction"}),
		kittest.Host(MoveAddAlien, addAlienArgs{Rank: "Infantry", Room: "Bridge"}),
		kittest.Host(MoveAddAlien, addAlienArgs{Rank: "Infantry", Room: "War Room"}),
		kittest.Host(MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Computer Core"}),
		kittest.Host(MoveAddAlien, addAlienArgs{Rank: "Hacker", Room: "Science Lab"}),
		kittest.Host(MoveGainItem, gainArgs{Seat: 0, Item: ItemScentBomb}),
		kittest.Host(MoveGainItem, gainArgs{Seat: 0, Item: toolPrefix + "Rifle"}),
		// Ann has played three of her four skills: a command skill is left.
		kittest.Seat(0, MoveDiscard, itemArgs{ItemSkill}),
		kittest.Seat(0, MoveDiscard, itemArgs{ItemSkill}),
		kittest.Seat(0, MoveDiscard, itemArgs{ItemSkill}),
	}
	play := []kittest.Step{
		// First action: the scent bomb into the CPU Core.
		kittest.Seat(0, MoveDeployScentBomb, roomArgs{"CPU Core"}),
		// Second action: walk into the CPU Core.
		kittest.Seat(0, MoveMove, toArgs{"CPU Core"}),
		// Third action: the Rifle kills every alien in the room.
		kittest.Seat(0, MoveCardAction, cardActionArgs{Card: "Rifle", Actions: 1}),
		{Actor: ann, Move: kittest.MakeMove(MoveKillAliens, killAliensArgs{Room: "CPU Core", All: true, Source: "tool"})},
		// Bonus alert "Bridge Investigation", a card of the game data: the
		// referee applies it.
		kittest.Host(MoveResolveAlert, alertCardArgs{"Bridge Investigation"}),
		// Fourth action: to the War Room.
		kittest.Seat(0, MoveMove, toArgs{"War Room"}),
		{Actor: ann, Move: kittest.MakeMove(MoveMove, toArgs{"Bridge Hallway"}), WantError: "no_actions_left"},
		// End-of-turn alert "Patrol".
		kittest.Seat(0, MoveEndTurn, nil),
		kittest.Seat(0, MoveResolveAlert, alertCardArgs{"Patrol"}),
	}
	steps = append(append(steps, scene...), play...)
	return kittest.Script{Seats: seats, Seed: seed, Steps: steps}
}

type transcriptLine struct {
	Step        int         `json:"step"`
	Actor       kit.Actor   `json:"actor"`
	Move        kit.Move    `json:"move"`
	Concealment string      `json:"concealment"`
	ShipControl string      `json:"ship_control"`
	Events      []kit.Event `json:"events"`
}

func TestExampleOfPlay(t *testing.T) {
	script := exampleScript(t)
	played := kittest.Play(t, game, script)
	s := played.State.(*State)

	// Replay step by step for the transcript and the book's track values.
	st, _ := game.Setup(script.Options, script.Seats, kit.NewCtx(script.Seed, 0, kittest.Epoch))
	var lines []transcriptLine
	var after []*State
	no := 0
	for i, step := range script.Steps {
		if step.WantError != "" {
			continue
		}
		no++
		res, err := game.Apply(st, step.Actor, step.Move, kit.NewCtx(script.Seed, no, kittest.Epoch.Add(time.Duration(i+1)*time.Second)))
		if err != nil {
			t.Fatal(err)
		}
		st = res.State
		after = append(after, st.(*State))
		var pub []kit.Event
		for _, e := range res.Events {
			if e.To == nil {
				pub = append(pub, e)
			}
		}
		lines = append(lines, transcriptLine{Step: i, Actor: step.Actor, Move: step.Move,
			Concealment: concealment(st.(*State)), ShipControl: shipControl(st.(*State)), Events: pub})
	}
	kittest.Golden(t, "example_of_play.json", kittest.Indent(t, lines))

	// The tracks move exactly as the book says.
	n := len(after)
	for _, c := range []struct {
		name           string
		at             int // index from the end
		conceal, ships string
	}{
		{"before the Rifle", 6, "100%", "Coward"},
		{"four aliens killed", 5, "60%", "Pointless"},
		{"Lieutenant finds the Tactical Officer", 4, "50%", "Pointless"},
		{"Patrols find you", 1, "40%", "Pointless"},
	} {
		got := after[n-c.at]
		if concealment(got) != c.conceal || shipControl(got) != c.ships {
			t.Fatalf("%s: Concealment %s, Ship Control %s; want %s, %s", c.name, concealment(got), shipControl(got), c.conceal, c.ships)
		}
	}
	if a := after[n-5]; a.Alert == nil || a.Alert.Kind != AlertBonus {
		t.Fatalf("after the kills alert = %+v, want a bonus alert", a.Alert)
	}
	bea, annP := s.Players[1], s.Players[0]
	if !bea.Injured || s.roomName(bea.Room) != "Infirmary" {
		t.Fatalf("Tactical Officer injured=%v in %s, want injured in the Infirmary", bea.Injured, s.roomName(bea.Room))
	}
	if !annP.Injured || s.roomName(annP.Room) != "Infirmary" {
		t.Fatalf("you: injured=%v in %s, want injured in the Infirmary", annP.Injured, s.roomName(annP.Room))
	}
	if got, want := s.Rooms[room(s, "War Room")].Aliens, [numRanks]int{0, 1, 0, 0, 0}; got != want {
		t.Fatalf("War Room = %v, want one Patrol staying behind", got)
	}
	if got, want := s.Rooms[room(s, "Infirmary")].Aliens, [numRanks]int{0, 1, 1, 0, 0}; got != want {
		t.Fatalf("Infirmary = %v, want the escorting Patrol and Lieutenant", got)
	}
	if !annP.Contraband.Held {
		t.Fatal("the Rifle's alarms during your turn gave you no contraband")
	}
	if got, want := s.active(), 1; got != want || s.Phase != PhaseTurn {
		t.Fatalf("active = %d (%s), want Bea's turn", got, s.Phase)
	}
}
