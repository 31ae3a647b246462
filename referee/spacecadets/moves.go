package spacecadets

import "tablewarden/referee/kit"

// The move types.
const (
	MoveStartTimer        = "start_timer"
	MovePauseTimer        = "pause_timer"
	MoveResumeTimer       = "resume_timer"
	MoveCancelTimer       = "cancel_timer"
	MoveNextStep          = "next_step"
	MoveKeepStarting      = "keep_starting"
	MoveUnkeepStarting    = "unkeep_starting"
	MoveFinishStarting    = "finish_starting"
	MoveScienceDraw       = "science_draw"
	MoveScienceDrawExtra  = "science_draw_extra"
	MoveScienceSelect     = "science_select"
	MoveScienceUnselect   = "science_unselect"
	MoveScienceBuild      = "science_build"
	MoveResearch          = "research"
	MoveSetAsideComponent = "set_aside_component"
	MoveReportWorkbench   = "report_workbench"
	MoveAbortScience      = "abort_science"
	MoveUseEquipment      = "use_equipment"
	MoveShipMoved         = "ship_moved"
	MoveSetSpeed          = "set_speed"
	MoveRadiationBelt     = "radiation_belt"
	MoveNullZone          = "null_zone"
	MoveDamageCard        = "damage_card"
	MoveRepair            = "repair"
	MoveEnemyLock         = "enemy_lock"
	MoveEnemyShot         = "enemy_shot"
	MoveEnemyDestroyed    = "enemy_destroyed"
	MoveEnemyDeactivated  = "enemy_deactivated"
	MoveEnemyMoved        = "enemy_moved"
	MoveParasiteAttach    = "parasite_attach"
	MoveTractorEnemy      = "tractor_enemy"
	MoveEnemyObstacle     = "enemy_obstacle"
	MoveRoll              = "roll"
	MoveRollHalf          = "roll_half"
	MoveRollPlacement     = "roll_placement"
	MoveTractorCrystal    = "tractor_crystal"
	MovePassGate          = "pass_gate"
	MoveChooseArrival     = "choose_arrival"
	MoveExitMap           = "exit_map"
	MoveJumpHome          = "jump_home"
	MoveTileRevealed      = "tile_revealed"
	MoveRevealCrystal     = "reveal_crystal"
	MoveSubdueTentacle    = "subdue_tentacle"
	MoveKrakenActivate    = "kraken_activate"
	MoveStartKrakenPart2  = "start_kraken_part2"
	MoveScanBeak          = "scan_beak"
	MoveDeclareLoss       = "declare_loss"
)

// turn is the carrier every move handler gets: the state's clone, the
// move's context, and the events it logs.
type turn = kit.Turn[State]

// moves is the game's one move table. Who makes each move:
//   - kit.BySeat: the reports from the table, made from any player's phone
//     (the host's screen is refused with "seats_only");
//   - kit.ByHostOrSeat: the moves of the host or the Captain (next step,
//     timers, "Mission failed"), the dice anyone may roll, and the moves of
//     one role (Captain, Science Officer, Sensors). The handler checks the
//     role, so that the host's screen too gets the role's own refusal
//     ("not_captain", "not_science_officer", "not_sensors",
//     "host_or_captain");
//   - kit.BySystem: the server's timer expiry.
var moves = kit.NewMoves(kit.MovesConfig[State]{
	Game:  "Space Cadets",
	Rule:  rule(secMissions),
	Clone: (*State).Clone,
	Over: func(s *State) *kit.RuleError {
		if s.End == nil {
			return nil
		}
		return kit.Errorf("game_over", rule(missionSection(s.Mission)), "The mission is over: %s", s.End.Reason)
	},
	Seats:        func(s *State) int { return len(s.Seats) },
	SeatOnlyCode: "seats_only",
	After:        checkEnd,
},
	kit.Row(specStartTimer, kit.ByHostOrSeat, offerStartTimer, kit.Args(rule(secScience), startTimer)),
	kit.Row(specPauseTimer, kit.ByHostOrSeat, offerPauseTimer, kit.Args(rule(secScience), pauseTimer)),
	kit.Row(specResumeTimer, kit.ByHostOrSeat, offerResumeTimer, kit.Args(rule(secScience), resumeTimer)),
	kit.Row(specCancelTimer, kit.ByHostOrSeat, offerCancelTimer, kit.Args(rule(secScience), cancelTimer)),
	kit.Row(specTimerExpired, kit.BySystem, offerTimerExpired, kit.Args(rule(secScience), timerExpired)),
	kit.Row(specNextStep, kit.ByHostOrSeat, offerNextStep, kit.NoArgs(rule(secTurn), nextStep)),
	kit.Row(specKeepStarting, kit.ByHostOrSeat, offerKeepStarting, kit.Args(rule(secScience), keepStarting)),
	kit.Row(specUnkeepStarting, kit.ByHostOrSeat, offerUnkeepStarting, kit.Args(rule(secScience), unkeepStarting)),
	kit.Row(specFinishStarting, kit.ByHostOrSeat, offerFinishStarting, kit.NoArgs(rule(secScience), finishStarting)),
	kit.Row(specScienceDraw, kit.ByHostOrSeat, offerScienceDraw, kit.NoArgs(rule(secScience), scienceDraw)),
	kit.Row(specScienceDrawExtra, kit.ByHostOrSeat, offerScienceDrawExtra, kit.Args(rule(secScience), scienceDrawExtra)),
	kit.Row(specScienceSelect, kit.ByHostOrSeat, offerScienceSelect, kit.Args(rule(secScience), scienceSelect)),
	kit.Row(specScienceUnselect, kit.ByHostOrSeat, offerScienceUnselect, kit.NoArgs(rule(secScience), scienceUnselect)),
	kit.Row(specScienceBuild, kit.ByHostOrSeat, offerScienceBuild, kit.NoArgs(rule(secScience), scienceBuild)),
	kit.Row(specResearch, kit.ByHostOrSeat, offerResearch, kit.Args(rule(secScience), research)),
	kit.Row(specSetAsideComponent, kit.ByHostOrSeat, offerSetAsideComponent, kit.Args(rule(secScience), setAside)),
	kit.Row(specReportWorkbench, kit.ByHostOrSeat, offerReportWorkbench, kit.Args(rule(secScience), reportWorkbench)),
	kit.Row(specAbortScience, kit.ByHostOrSeat, offerAbortScience, kit.NoArgs(rule(secScience), abortScience)),
	kit.Row(specUseEquipment, kit.ByHostOrSeat, offerUseEquipment, kit.Args(rule(secUsing), useEquipment)),
	kit.Row(specShipMoved, kit.BySeat, offerShipMoved, tableReport(kit.Args(rule(secMissions), shipMoved))),
	kit.Row(specSetSpeed, kit.BySeat, offerSetSpeed, tableReport(kit.Args(rule(secMissions), setSpeed))),
	kit.Row(specRadiationBelt, kit.ByHostOrSeat, offerRadiationBelt, kit.Args(rule(secMapTiles), radiationBelt)),
	kit.Row(specNullZone, kit.ByHostOrSeat, offerNullZone, kit.Args(rule(secMapTiles), nullZone)),
	kit.Row(specDamageCard, kit.BySeat, offerDamageCard, tableReport(kit.Args(rule(secMissions), damageCard))),
	kit.Row(specRepair, kit.BySeat, offerRepair, tableReport(kit.Args(rule(secMissions), repair))),
	kit.Row(specEnemyLock, kit.BySeat, offerEnemyLock, tableReport(kit.Args(rule(secEnemies), onEnemy(enemyLock)))),
	kit.Row(specEnemyShot, kit.BySeat, offerEnemyShot, kit.Args(rule(secEnemies), onEnemy(enemyShot))),
	kit.Row(specEnemyDestroyed, kit.BySeat, offerEnemyDestroyed, tableReport(kit.Args(rule(secEnemies), onEnemy(enemyDestroyed)))),
	kit.Row(specEnemyDeactivated, kit.BySeat, offerEnemyDeactivated, tableReport(kit.Args(rule(secEnemies), onEnemy(enemyDeactivated)))),
	kit.Row(specEnemyMoved, kit.BySeat, offerEnemyMoved, tableReport(kit.Args(rule(secEnemies), onEnemy(enemyMoved)))),
	kit.Row(specParasiteAttach, kit.BySeat, offerParasiteAttach, tableReport(kit.Args(rule(secEnemies), onEnemy(parasiteAttach)))),
	kit.Row(specTractorEnemy, kit.BySeat, offerTractorEnemy, tableReport(kit.Args(rule(secEnemies), onEnemy(tractorEnemy)))),
	kit.Row(specEnemyObstacle, kit.BySeat, offerEnemyObstacle, tableReport(kit.Args(rule(secMapTiles), onEnemy(enemyObstacle)))),
	kit.Row(specRoll, kit.ByHostOrSeat, offerRoll, kit.Args(rule(secEnemies), roll)),
	kit.Row(specRollHalf, kit.ByHostOrSeat, offerRollHalf, kit.NoArgs(rule(secEnemies), rollHalf)),
	kit.Row(specRollPlacement, kit.ByHostOrSeat, offerRollPlacement, kit.NoArgs(rule(secM7), rollPlacement)),
	kit.Row(specTractorCrystal, kit.BySeat, offerTractorCrystal, tableReport(kit.Args(rule(secMissions), tractorCrystal))),
	kit.Row(specPassGate, kit.BySeat, offerPassGate, tableReport(kit.NoArgs(rule(secM7), passGate))),
	kit.Row(specChooseArrival, kit.ByHostOrSeat, offerChooseArrival, kit.Args(rule(secM7), chooseArrival)),
	kit.Row(specExitMap, kit.BySeat, offerExitMap, tableReport(kit.Args(rule(secMissions), exitMap))),
	kit.Row(specJumpHome, kit.BySeat, offerJumpHome, tableReport(kit.NoArgs(rule(secMissions), jumpHome))),
	kit.Row(specTileRevealed, kit.BySeat, offerTileRevealed, kit.Args(rule(secH1), tileRevealed)),
	kit.Row(specRevealCrystal, kit.ByHostOrSeat, offerRevealCrystal, tableReport(kit.Args(rule(secH4), revealCrystal))),
	kit.Row(specSubdueTentacle, kit.ByHostOrSeat, offerSubdueTentacle, tableReport(kit.Args(rule(secM10), subdueTentacle))),
	kit.Row(specKrakenActivate, kit.BySeat, offerKrakenActivate, tableReport(kit.Args(rule(secM10), krakenActivate))),
	kit.Row(specStartKrakenPart2, kit.ByHostOrSeat, offerStartKrakenPart2, kit.NoArgs(rule(secM10), startPart2)),
	kit.Row(specScanBeak, kit.ByHostOrSeat, offerScanBeak, kit.NoArgs(rule(secM10), scanBeak)),
	kit.Row(specDeclareLoss, kit.ByHostOrSeat, offerDeclareLoss, kit.Args(rule(secMissions), declareLoss)),
)

// tableReport refuses a report from the table during setup ("wrong_step")
// before its arguments are read: the table reports what happened on the
// physical board only once the mission is running (the reports are
// offered from then on, and only then).
func tableReport(apply func(t *turn, seat int, m kit.Move) error) func(t *turn, seat int, m kit.Move) error {
	return func(t *turn, seat int, m kit.Move) error {
		if t.S.Step == "setup" {
			return kit.Errorf("wrong_step", rule(secMissions), "The mission has not begun: the table reports %s only once the starting equipment is chosen.", m.Type)
		}
		return apply(t, seat, m)
	}
}

// Apply validates and applies a move through the move table. Besides each
// move's own codes it returns "unknown_move", "bad_args", "game_over" (the
// mission has ended), "not_offered", "system_only" (the server makes only
// timer expiries), "seats_only", "host_or_captain", "not_captain",
// "not_science_officer", "not_sensors" and "wrong_step".
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	if s, err := moves.State(st); err == nil && s.End != nil && who.System && m.Type == kit.TimerExpiredMove {
		return kit.Result{}, expiryAfterEnd(s, m, ctx)
	}
	res, err := moves.Apply(st, who, m, ctx)
	if who.System && kit.ErrorCode(err) == "seats_only" {
		// The table names the refusal of a player's move; the server's
		// actor is told that it makes only timer expiries.
		return kit.Result{}, kit.Errorf("system_only", rule(secMissions), "The server only reports timer expiries.")
	}
	return res, err
}

// expiryAfterEnd refuses a timer expiry that arrives after the mission
// ended as it always did: the end cancelled every timer, so the expiry is
// "stale_timer" (or "unknown_timer", "bad_args"); it is "game_over" only if
// it would otherwise be taken.
func expiryAfterEnd(s *State, m kit.Move, ctx kit.Ctx) error {
	row, _ := moves.Def(kit.TimerExpiredMove)
	if err := row.Apply(&turn{S: s.Clone(), Ctx: ctx, RNG: ctx.RNG}, -1, m); err != nil {
		return err
	}
	return kit.Errorf("game_over", rule(missionSection(s.Mission)), "The mission is over: %s", s.End.Reason)
}
