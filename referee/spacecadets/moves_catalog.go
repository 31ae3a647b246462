package spacecadets

import "tablewarden/referee/kit"

func arg(name, label string, kind kit.ArgKind) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgKind(kind)}
}

func intArg(name, label string, min, max int) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgInt, Min: kit.IntPtr(min), Max: kit.IntPtr(max)}
}

func optional(a kit.ArgSpec) kit.ArgSpec { a.Optional = true; return a }

func enumArg(name, label string, values ...string) kit.ArgSpec {
	a := kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum}
	for _, v := range values {
		a.Choices = append(a.Choices, kit.Choice{Value: v, Label: choiceLabel(v)})
	}
	return a
}

// choiceLabels are the words players read for the coded choices.
var choiceLabels = map[string]string{
	"science": "Science step", "step3a": "Step 3A", "step3b": "Step 3B",
	"N": "North", "E": "East", "S": "South", "W": "West",
	"sensors": "Sensors broke the lock", "range": "Out of range", "other": "Another reason",
}

// choiceLabel is the label of a choice's value: its words when the value
// is a code, the value itself when it already is words.
func choiceLabel(v string) string {
	if l, ok := choiceLabels[v]; ok {
		return l
	}
	return v
}

// moveHints are the phone's hints for each move: Primary (it moves the
// game on), Group (a heading for secondary moves) and Confirm (a sentence
// asked before sending a move that ends the mission, cannot be undone or
// reveals something).
var moveHints = map[string]kit.MoveSpec{
	MoveStartTimer:        {Primary: true},
	MovePauseTimer:        {Group: "Timer"},
	MoveResumeTimer:       {Group: "Timer"},
	MoveCancelTimer:       {Group: "Timer"},
	MoveNextStep:          {Primary: true},
	MoveKeepStarting:      {Primary: true},
	MoveUnkeepStarting:    {Group: "Starting equipment"},
	MoveFinishStarting:    {Primary: true, Confirm: "Give the kept cards to the Captain and discard the others? This cannot be undone."},
	MoveScienceDraw:       {Primary: true, Confirm: "Draw the Experimental Equipment cards? A draw cannot be undone."},
	MoveScienceDrawExtra:  {Group: "Science", Confirm: "Remove 1 energy from that station and draw one more card? A draw cannot be undone."},
	MoveScienceSelect:     {Group: "Science"},
	MoveScienceUnselect:   {Group: "Science"},
	MoveScienceBuild:      {Primary: true, Confirm: "Announce the build and draw the Component cards face down? This cannot be undone."},
	MoveResearch:          {Group: "Science", Confirm: "Announce Research and draw the Component cards face down? This cannot be undone."},
	MoveSetAsideComponent: {Primary: true},
	MoveReportWorkbench:   {Primary: true, Confirm: "Report the Workbench? The card is built or discarded; this cannot be undone."},
	MoveAbortScience:      {Group: "Science", Confirm: "Abort the attempt? The Experimental Equipment card is discarded."},
	MoveUseEquipment:      {Group: "Experimental Equipment", Confirm: "Use this card? A one-use card is discarded."},
	MoveShipMoved:         {Group: "Ship and map"},
	MoveSetSpeed:          {Group: "Ship and map"},
	MoveRadiationBelt:     {Group: "Ship and map"},
	MoveNullZone:          {Group: "Ship and map"},
	MoveDamageCard:        {Group: "Damage and repair"},
	MoveRepair:            {Group: "Damage and repair"},
	MoveEnemyLock:         {Group: "Enemies"},
	MoveEnemyShot:         {Group: "Enemies"},
	MoveEnemyDestroyed:    {Group: "Enemies"},
	MoveEnemyDeactivated:  {Group: "Enemies"},
	MoveEnemyMoved:        {Group: "Enemies"},
	MoveParasiteAttach:    {Group: "Enemies"},
	MoveTractorEnemy:      {Group: "Enemies"},
	MoveEnemyObstacle:     {Group: "Enemies"},
	MoveRoll:              {Group: "Dice"},
	MoveRollHalf:          {Group: "Dice"},
	MoveRollPlacement:     {Group: "Dice"},
	MoveTractorCrystal:    {Group: "Mission"},
	MovePassGate:          {Group: "Mission", Confirm: "Pass the Gate? The arrival square is rolled and the ship's remaining movement is cancelled."},
	MoveChooseArrival:     {Primary: true},
	MoveExitMap:           {Group: "Mission", Confirm: "Leave the map? This ends the mission.", Ask: kit.AskEndsGame},
	MoveJumpHome:          {Group: "Mission", Confirm: "Jump home? This ends the mission.", Ask: kit.AskEndsGame},
	MoveTileRevealed:      {Group: "Mission", Confirm: "Draw the Saucers for this tile? The draw cannot be undone."},
	MoveRevealCrystal:     {Group: "Mission", Confirm: "Turn over the token beneath this crystal? This cannot be undone."},
	MoveSubdueTentacle:    {Group: "Mission", Confirm: "Record this tentacle as subdued? This cannot be undone."},
	MoveKrakenActivate:    {Primary: true, Confirm: "Record the tentacle's square? Its Grab, Attack or Spin is resolved at once."},
	MoveStartKrakenPart2:  {Primary: true, Confirm: "Start part 2 of Mission 10? This cannot be undone."},
	MoveScanBeak:          {Group: "Mission"},
	MoveDeclareLoss:       {Group: "End the mission", Confirm: "End the mission as lost? This cannot be undone.", Ask: kit.AskEndsGame},
}

var timerNames = []string{"science", "step3a", "step3b"}

// catalog is the full move catalog.
func catalog() []kit.MoveSpec {
	tn := enumArg("name", "Timer", timerNames...)
	return []kit.MoveSpec{
		{Type: MoveStartTimer, Label: "Start timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}},
		{Type: MovePauseTimer, Label: "Pause timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}},
		{Type: MoveResumeTimer, Label: "Resume timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}},
		{Type: MoveCancelTimer, Label: "Cancel timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}},
		{Type: kit.TimerExpiredMove, Label: "Timer ran out (server)", Rule: rule(secScience),
			Args: []kit.ArgSpec{arg("name", "Timer", kit.ArgString), intArg("generation", "Generation", 0, 1<<30)}},
		{Type: MoveNextStep, Label: "Next step", Rule: rule(secTurn)},
		{Type: MoveKeepStarting, Label: "Keep a starting Experimental Equipment card", Rule: rule(secScience),
			Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}},
		{Type: MoveUnkeepStarting, Label: "Put back a starting card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Card")}},
		{Type: MoveFinishStarting, Label: "Done choosing starting equipment", Rule: rule(secScience)},
		{Type: MoveScienceDraw, Label: "Draw Experimental Equipment cards", Rule: rule(secScience)},
		{Type: MoveScienceDrawExtra, Label: "Draw one more card (1 energy)", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("station", "Energy from station")}},
		{Type: MoveScienceSelect, Label: "Select the card to build", Rule: rule(secScience),
			Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}},
		{Type: MoveScienceUnselect, Label: "Build nothing this turn", Rule: rule(secScience)},
		{Type: MoveScienceBuild, Label: "Announce the build (draw Component cards)", Rule: rule(secScience)},
		{Type: MoveResearch, Label: "Announce Research", Rule: rule(secScience), Args: []kit.ArgSpec{intArg("points", "Science points", 1, 3)}},
		{Type: MoveSetAsideComponent, Label: "Set aside the unused Component card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Component card")}},
		{Type: MoveReportWorkbench, Label: "Report the Workbench", Rule: rule(secScience), Args: []kit.ArgSpec{arg("exact_match", "Components match exactly", kit.ArgBool)}},
		{Type: MoveAbortScience, Label: "Abort the attempt", Rule: rule(secScience)},
		{Type: MoveUseEquipment, Label: "Use Experimental Equipment", Rule: rule(secUsing), Args: []kit.ArgSpec{enumArg("card", "Card")}},
		{Type: MoveShipMoved, Label: "Report the ship's position", Rule: rule(secMissions),
			Args: []kit.ArgSpec{intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20), enumArg("facing", "Facing", "N", "E", "S", "W"),
				optional(intArg("beak_squares", "Beak squares passed through", 0, 4)), optional(arg("vortex", "Ended the full move on a Vortex", kit.ArgBool))}},
		{Type: MoveSetSpeed, Label: "Set ship speed", Rule: rule(secMissions), Args: []kit.ArgSpec{intArg("speed", "Speed", 0, maxSpeed)}},
		{Type: MoveRadiationBelt, Label: "Radiation Belt: zero a shield", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("shield", "Shield")}},
		{Type: MoveNullZone, Label: "Null Zone: remove 1 energy", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("system", "System", "Tractor Beams", "Jump", "Repair", "none (no energy)")}},
		{Type: MoveDamageCard, Label: "Damage card on a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}},
		{Type: MoveRepair, Label: "Repair a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}},
		{Type: MoveEnemyLock, Label: "Enemy lock on / lock lost", Rule: rule(secEnemies),
			Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), arg("locked", "Locked on", kit.ArgBool), optional(enumArg("cause", "Cause", "sensors", "range", "other"))}},
		{Type: MoveEnemyShot, Label: "Shoot at an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: MoveEnemyDestroyed, Label: "Enemy destroyed", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: MoveEnemyDeactivated, Label: "Enemy deactivated", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: MoveEnemyMoved, Label: "Report an enemy's square", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20)}},
		{Type: MoveParasiteAttach, Label: "Parasite attaches", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Parasite")}},
		{Type: MoveTractorEnemy, Label: "Tractor Beam an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: MoveEnemyObstacle, Label: "Enemy enters an obstacle", Rule: rule(secMapTiles),
			Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), enumArg("obstacle", "Obstacle", "Radiation Belt", "Null Zone", "Vortex")}},
		{Type: MoveRoll, Label: "Roll dice", Rule: rule(secEnemies), Args: []kit.ArgSpec{intArg("dice", "Dice", 1, 6), optional(arg("purpose", "For", kit.ArgString))}},
		{Type: MoveRollHalf, Label: "Roll half damage (d6 ÷ 2, up)", Rule: rule(secEnemies)},
		{Type: MoveRollPlacement, Label: "Roll a square (row, column; 6s rerolled)", Rule: rule(secM7)},
		{Type: MoveTractorCrystal, Label: "Successful Tractor Beam on a crystal", Rule: rule(secMissions), Args: []kit.ArgSpec{optional(intArg("crystal", "Crystal", 1, 9))}},
		{Type: MovePassGate, Label: "Pass over the open Gate", Rule: rule(secM7)},
		{Type: MoveChooseArrival, Label: "Choose the arrival row/column", Rule: rule(secM7),
			Args: []kit.ArgSpec{optional(intArg("row", "Row", 1, 5)), optional(intArg("col", "Column", 1, 5))}},
		{Type: MoveExitMap, Label: "Leave the map", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("edge", "Edge")}},
		{Type: MoveJumpHome, Label: "Jump home", Rule: rule(secMissions)},
		{Type: MoveTileRevealed, Label: "Map tile revealed", Rule: rule(secH1), Args: []kit.ArgSpec{intArg("saucers", "Saucer squares on the tile", 0, 6)}},
		{Type: MoveRevealCrystal, Label: "Superlock: turn over a crystal's token", Rule: rule(secH4), Args: []kit.ArgSpec{intArg("crystal", "Crystal", 1, 3)}},
		{Type: MoveSubdueTentacle, Label: "Tentacle subdued", Rule: rule(secM10), Args: []kit.ArgSpec{enumArg("tentacle", "Tentacle")}},
		{Type: MoveKrakenActivate, Label: "Step 7: the tentacle moved to", Rule: rule(secM10), Args: []kit.ArgSpec{intArg("row", "Row", 1, 10), intArg("col", "Column", 1, 10)}},
		{Type: MoveStartKrakenPart2, Label: "Start Mission 10, part 2", Rule: rule(secM10)},
		{Type: MoveScanBeak, Label: "Superlock scan of the Beak", Rule: rule(secM10)},
		{Type: MoveDeclareLoss, Label: "Mission failed", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("reason", "Reason", "ship destroyed", "mission abandoned")}},
	}
}

var moveCatalog = hinted(catalog())

// hinted sets each move's phone hints from moveHints.
func hinted(specs []kit.MoveSpec) []kit.MoveSpec {
	for i := range specs {
		h := moveHints[specs[i].Type]
		specs[i].Primary, specs[i].Group, specs[i].Confirm, specs[i].Ask = h.Primary, h.Group, h.Confirm, h.Ask
	}
	return specs
}
