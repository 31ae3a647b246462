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

var timerNames = []string{"science", "step3a", "step3b"}

// The catalog: every move's entry, with the phone's hints: Primary (it
// moves the game on), Group (a heading for secondary moves) and Confirm
// (a sentence asked before sending a move that ends the mission, cannot
// be undone or reveals something). Each row of the move table declares
// its own; the offers narrow them.
var (
	timerNameArg = enumArg("name", "Timer", timerNames...)

	specStartTimer   = kit.MoveSpec{Type: MoveStartTimer, Label: "Start timer", Rule: rule(secScience), Args: []kit.ArgSpec{timerNameArg}, Primary: true}
	specPauseTimer   = kit.MoveSpec{Type: MovePauseTimer, Label: "Pause timer", Rule: rule(secScience), Args: []kit.ArgSpec{timerNameArg}, Group: "Timer"}
	specResumeTimer  = kit.MoveSpec{Type: MoveResumeTimer, Label: "Resume timer", Rule: rule(secScience), Args: []kit.ArgSpec{timerNameArg}, Group: "Timer"}
	specCancelTimer  = kit.MoveSpec{Type: MoveCancelTimer, Label: "Cancel timer", Rule: rule(secScience), Args: []kit.ArgSpec{timerNameArg}, Group: "Timer"}
	specTimerExpired = kit.MoveSpec{Type: kit.TimerExpiredMove, Label: "Timer ran out (server)", Rule: rule(secScience),
		Args: []kit.ArgSpec{arg("name", "Timer", kit.ArgString), intArg("generation", "Generation", 0, 1<<30)}}
	specNextStep     = kit.MoveSpec{Type: MoveNextStep, Label: "Next step", Rule: rule(secTurn), Primary: true}
	specKeepStarting = kit.MoveSpec{Type: MoveKeepStarting, Label: "Keep a starting Experimental Equipment card", Rule: rule(secScience),
		Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}, Primary: true}
	specUnkeepStarting   = kit.MoveSpec{Type: MoveUnkeepStarting, Label: "Put back a starting card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Card")}, Group: "Starting equipment"}
	specFinishStarting   = kit.MoveSpec{Type: MoveFinishStarting, Label: "Done choosing starting equipment", Rule: rule(secScience), Primary: true, Confirm: "Give the kept cards to the Captain and discard the others? This cannot be undone."}
	specScienceDraw      = kit.MoveSpec{Type: MoveScienceDraw, Label: "Draw Experimental Equipment cards", Rule: rule(secScience), Primary: true, Confirm: "Draw the Experimental Equipment cards? A draw cannot be undone."}
	specScienceDrawExtra = kit.MoveSpec{Type: MoveScienceDrawExtra, Label: "Draw one more card (1 energy)", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("station", "Energy from station")}, Group: "Science", Confirm: "Remove 1 energy from that station and draw one more card? A draw cannot be undone."}
	specScienceSelect    = kit.MoveSpec{Type: MoveScienceSelect, Label: "Select the card to build", Rule: rule(secScience),
		Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}, Primary: true}
	specScienceUnselect   = kit.MoveSpec{Type: MoveScienceUnselect, Label: "Build nothing this turn", Rule: rule(secScience), Group: "Science"}
	specScienceBuild      = kit.MoveSpec{Type: MoveScienceBuild, Label: "Announce the build (draw Component cards)", Rule: rule(secScience), Primary: true, Confirm: "Announce the build and draw the Component cards face down? This cannot be undone."}
	specResearch          = kit.MoveSpec{Type: MoveResearch, Label: "Announce Research", Rule: rule(secScience), Args: []kit.ArgSpec{intArg("points", "Science points", 1, 3)}, Group: "Science", Confirm: "Announce Research and draw the Component cards face down? This cannot be undone."}
	specSetAsideComponent = kit.MoveSpec{Type: MoveSetAsideComponent, Label: "Set aside the unused Component card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Component card")}, Primary: true}
	specReportWorkbench   = kit.MoveSpec{Type: MoveReportWorkbench, Label: "Report the Workbench", Rule: rule(secScience), Args: []kit.ArgSpec{arg("exact_match", "Components match exactly", kit.ArgBool)}, Primary: true, Confirm: "Report the Workbench? The card is built or discarded; this cannot be undone."}
	specAbortScience      = kit.MoveSpec{Type: MoveAbortScience, Label: "Abort the attempt", Rule: rule(secScience), Group: "Science", Confirm: "Abort the attempt? The Experimental Equipment card is discarded."}
	specUseEquipment      = kit.MoveSpec{Type: MoveUseEquipment, Label: "Use Experimental Equipment", Rule: rule(secUsing), Args: []kit.ArgSpec{enumArg("card", "Card")}, Group: "Experimental Equipment", Confirm: "Use this card? A one-use card is discarded."}
	specShipMoved         = kit.MoveSpec{Type: MoveShipMoved, Label: "Report the ship's position", Rule: rule(secMissions),
		Args: []kit.ArgSpec{intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20), enumArg("facing", "Facing", "N", "E", "S", "W"),
			optional(intArg("beak_squares", "Beak squares passed through", 0, 4)), optional(arg("vortex", "Ended the full move on a Vortex", kit.ArgBool))}, Group: "Ship and map"}
	specSetSpeed      = kit.MoveSpec{Type: MoveSetSpeed, Label: "Set ship speed", Rule: rule(secMissions), Args: []kit.ArgSpec{intArg("speed", "Speed", 0, maxSpeed)}, Group: "Ship and map"}
	specRadiationBelt = kit.MoveSpec{Type: MoveRadiationBelt, Label: "Radiation Belt: zero a shield", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("shield", "Shield")}, Group: "Ship and map"}
	specNullZone      = kit.MoveSpec{Type: MoveNullZone, Label: "Null Zone: remove 1 energy", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("system", "System", "Tractor Beams", "Jump", "Repair", "none (no energy)")}, Group: "Ship and map"}
	specDamageCard    = kit.MoveSpec{Type: MoveDamageCard, Label: "Damage card on a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}, Group: "Damage and repair"}
	specRepair        = kit.MoveSpec{Type: MoveRepair, Label: "Repair a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}, Group: "Damage and repair"}
	specEnemyLock     = kit.MoveSpec{Type: MoveEnemyLock, Label: "Enemy lock on / lock lost", Rule: rule(secEnemies),
		Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), arg("locked", "Locked on", kit.ArgBool), optional(enumArg("cause", "Cause", "sensors", "range", "other"))}, Group: "Enemies"}
	specEnemyShot        = kit.MoveSpec{Type: MoveEnemyShot, Label: "Shoot at an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}, Group: "Enemies"}
	specEnemyDestroyed   = kit.MoveSpec{Type: MoveEnemyDestroyed, Label: "Enemy destroyed", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}, Group: "Enemies"}
	specEnemyDeactivated = kit.MoveSpec{Type: MoveEnemyDeactivated, Label: "Enemy deactivated", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}, Group: "Enemies"}
	specEnemyMoved       = kit.MoveSpec{Type: MoveEnemyMoved, Label: "Report an enemy's square", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20)}, Group: "Enemies"}
	specParasiteAttach   = kit.MoveSpec{Type: MoveParasiteAttach, Label: "Parasite attaches", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Parasite")}, Group: "Enemies"}
	specTractorEnemy     = kit.MoveSpec{Type: MoveTractorEnemy, Label: "Tractor Beam an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}, Group: "Enemies"}
	specEnemyObstacle    = kit.MoveSpec{Type: MoveEnemyObstacle, Label: "Enemy enters an obstacle", Rule: rule(secMapTiles),
		Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), enumArg("obstacle", "Obstacle", "Radiation Belt", "Null Zone", "Vortex")}, Group: "Enemies"}
	specRoll           = kit.MoveSpec{Type: MoveRoll, Label: "Roll dice", Rule: rule(secEnemies), Args: []kit.ArgSpec{intArg("dice", "Dice", 1, 6), optional(arg("purpose", "For", kit.ArgString))}, Group: "Dice"}
	specRollHalf       = kit.MoveSpec{Type: MoveRollHalf, Label: "Roll half damage (d6 ÷ 2, up)", Rule: rule(secEnemies), Group: "Dice"}
	specRollPlacement  = kit.MoveSpec{Type: MoveRollPlacement, Label: "Roll a square (row, column; 6s rerolled)", Rule: rule(secM7), Group: "Dice"}
	specTractorCrystal = kit.MoveSpec{Type: MoveTractorCrystal, Label: "Successful Tractor Beam on a crystal", Rule: rule(secMissions), Args: []kit.ArgSpec{optional(intArg("crystal", "Crystal", 1, 9))}, Group: "Mission"}
	specPassGate       = kit.MoveSpec{Type: MovePassGate, Label: "Pass over the open Gate", Rule: rule(secM7), Group: "Mission", Confirm: "Pass the Gate? The arrival square is rolled and the ship's remaining movement is cancelled."}
	specChooseArrival  = kit.MoveSpec{Type: MoveChooseArrival, Label: "Choose the arrival row/column", Rule: rule(secM7),
		Args: []kit.ArgSpec{optional(intArg("row", "Row", 1, 5)), optional(intArg("col", "Column", 1, 5))}, Primary: true}
	specExitMap          = kit.MoveSpec{Type: MoveExitMap, Label: "Leave the map", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("edge", "Edge")}, Group: "Mission", Confirm: "Leave the map? This ends the mission.", Ask: kit.AskEndsGame}
	specJumpHome         = kit.MoveSpec{Type: MoveJumpHome, Label: "Jump home", Rule: rule(secMissions), Group: "Mission", Confirm: "Jump home? This ends the mission.", Ask: kit.AskEndsGame}
	specTileRevealed     = kit.MoveSpec{Type: MoveTileRevealed, Label: "Map tile revealed", Rule: rule(secH1), Args: []kit.ArgSpec{intArg("saucers", "Saucer squares on the tile", 0, 6)}, Group: "Mission", Confirm: "Draw the Saucers for this tile? The draw cannot be undone."}
	specRevealCrystal    = kit.MoveSpec{Type: MoveRevealCrystal, Label: "Superlock: turn over a crystal's token", Rule: rule(secH4), Args: []kit.ArgSpec{intArg("crystal", "Crystal", 1, 3)}, Group: "Mission", Confirm: "Turn over the token beneath this crystal? This cannot be undone."}
	specSubdueTentacle   = kit.MoveSpec{Type: MoveSubdueTentacle, Label: "Tentacle subdued", Rule: rule(secM10), Args: []kit.ArgSpec{enumArg("tentacle", "Tentacle")}, Group: "Mission", Confirm: "Record this tentacle as subdued? This cannot be undone."}
	specKrakenActivate   = kit.MoveSpec{Type: MoveKrakenActivate, Label: "Step 7: the tentacle moved to", Rule: rule(secM10), Args: []kit.ArgSpec{intArg("row", "Row", 1, 10), intArg("col", "Column", 1, 10)}, Primary: true, Confirm: "Record the tentacle's square? Its Grab, Attack or Spin is resolved at once."}
	specStartKrakenPart2 = kit.MoveSpec{Type: MoveStartKrakenPart2, Label: "Start Mission 10, part 2", Rule: rule(secM10), Primary: true, Confirm: "Start part 2 of Mission 10? This cannot be undone.", Ask: kit.AskEndsStep}
	specScanBeak         = kit.MoveSpec{Type: MoveScanBeak, Label: "Superlock scan of the Beak", Rule: rule(secM10), Group: "Mission"}
	specDeclareLoss      = kit.MoveSpec{Type: MoveDeclareLoss, Label: "Mission failed", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("reason", "Reason", "ship destroyed", "mission abandoned")}, Group: "End the mission", Confirm: "End the mission as lost? This cannot be undone.", Ask: kit.AskEndsGame}
)
