package spacecadets

import (
	"slices"

	"tablewarden/referee/kit"
)

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
	withArgs(MoveStartTimer, kit.ByHostOrSeat, startTimer),
	withArgs(MovePauseTimer, kit.ByHostOrSeat, pauseTimer),
	withArgs(MoveResumeTimer, kit.ByHostOrSeat, resumeTimer),
	withArgs(MoveCancelTimer, kit.ByHostOrSeat, cancelTimer),
	expiryRow(),
	noArgs(MoveNextStep, kit.ByHostOrSeat, nextStep),
	withArgs(MoveKeepStarting, kit.ByHostOrSeat, keepStarting),
	withArgs(MoveUnkeepStarting, kit.ByHostOrSeat, unkeepStarting),
	noArgs(MoveFinishStarting, kit.ByHostOrSeat, finishStarting),
	noArgs(MoveScienceDraw, kit.ByHostOrSeat, scienceDraw),
	withArgs(MoveScienceDrawExtra, kit.ByHostOrSeat, scienceDrawExtra),
	withArgs(MoveScienceSelect, kit.ByHostOrSeat, scienceSelect),
	noArgs(MoveScienceUnselect, kit.ByHostOrSeat, scienceUnselect),
	noArgs(MoveScienceBuild, kit.ByHostOrSeat, scienceBuild),
	withArgs(MoveResearch, kit.ByHostOrSeat, research),
	withArgs(MoveSetAsideComponent, kit.ByHostOrSeat, setAside),
	withArgs(MoveReportWorkbench, kit.ByHostOrSeat, reportWorkbench),
	noArgs(MoveAbortScience, kit.ByHostOrSeat, abortScience),
	withArgs(MoveUseEquipment, kit.ByHostOrSeat, useEquipment),
	withArgs(MoveShipMoved, kit.BySeat, shipMoved),
	withArgs(MoveSetSpeed, kit.BySeat, setSpeed),
	withArgs(MoveRadiationBelt, kit.ByHostOrSeat, radiationBelt),
	withArgs(MoveNullZone, kit.ByHostOrSeat, nullZone),
	withArgs(MoveDamageCard, kit.BySeat, damageCard),
	withArgs(MoveRepair, kit.BySeat, repair),
	withArgs(MoveEnemyLock, kit.BySeat, onEnemy(enemyLock)),
	withArgs(MoveEnemyShot, kit.BySeat, onEnemy(enemyShot)),
	withArgs(MoveEnemyDestroyed, kit.BySeat, onEnemy(enemyDestroyed)),
	withArgs(MoveEnemyDeactivated, kit.BySeat, onEnemy(enemyDeactivated)),
	withArgs(MoveEnemyMoved, kit.BySeat, onEnemy(enemyMoved)),
	withArgs(MoveParasiteAttach, kit.BySeat, onEnemy(parasiteAttach)),
	withArgs(MoveTractorEnemy, kit.BySeat, onEnemy(tractorEnemy)),
	withArgs(MoveEnemyObstacle, kit.BySeat, onEnemy(enemyObstacle)),
	withArgs(MoveRoll, kit.ByHostOrSeat, roll),
	noArgs(MoveRollHalf, kit.ByHostOrSeat, rollHalf),
	noArgs(MoveRollPlacement, kit.ByHostOrSeat, rollPlacement),
	withArgs(MoveTractorCrystal, kit.BySeat, tractorCrystal),
	noArgs(MovePassGate, kit.BySeat, passGate),
	withArgs(MoveChooseArrival, kit.ByHostOrSeat, chooseArrival),
	withArgs(MoveExitMap, kit.BySeat, exitMap),
	noArgs(MoveJumpHome, kit.BySeat, jumpHome),
	withArgs(MoveTileRevealed, kit.BySeat, tileRevealed),
	withArgs(MoveRevealCrystal, kit.ByHostOrSeat, revealCrystal),
	withArgs(MoveSubdueTentacle, kit.ByHostOrSeat, subdueTentacle),
	withArgs(MoveKrakenActivate, kit.BySeat, krakenActivate),
	noArgs(MoveStartKrakenPart2, kit.ByHostOrSeat, startPart2),
	noArgs(MoveScanBeak, kit.ByHostOrSeat, scanBeak),
	withArgs(MoveDeclareLoss, kit.ByHostOrSeat, declareLoss),
)

// withArgs is the row of a move with typed arguments: its catalog entry,
// who makes it, its offers and its handler. bad_args names the move's
// section.
func withArgs[A any](typ string, who kit.Who, h func(t *turn, seat int, a A) error) kit.MoveDef[State] {
	spec := catalogSpec(typ)
	return kit.MoveDef[State]{Spec: spec, Who: who, OfferAll: offersOf(typ), Apply: tableReport(typ, kit.Args(spec.Rule, h))}
}

// noArgs is the row of a move without arguments.
func noArgs(typ string, who kit.Who, h func(t *turn, seat int) error) kit.MoveDef[State] {
	spec := catalogSpec(typ)
	return kit.MoveDef[State]{Spec: spec, Who: who, OfferAll: offersOf(typ), Apply: tableReport(typ, kit.NoArgs(spec.Rule, h))}
}

// expiryRow is the server's timer expiry: offered to the server for each
// running timer.
func expiryRow() kit.MoveDef[State] {
	spec := catalogSpec(kit.TimerExpiredMove)
	return kit.MoveDef[State]{Spec: spec, Who: kit.BySystem, Apply: kit.Args(spec.Rule, timerExpired),
		OfferAll: func(s *State, _ int) []kit.MoveSpec {
			var names []kit.Choice
			for _, tm := range s.Timers {
				if tm.Running {
					names = append(names, kit.Choice{Value: tm.Name, Label: tm.Label})
				}
			}
			if len(names) == 0 {
				return nil
			}
			o := spec
			o.Args = slices.Clone(spec.Args)
			o.Args[0].Choices = names
			return []kit.MoveSpec{o}
		}}
}

// catalogSpec returns the catalog entry of a move type.
func catalogSpec(typ string) kit.MoveSpec {
	i := slices.IndexFunc(moveCatalog, func(m kit.MoveSpec) bool { return m.Type == typ })
	return moveCatalog[i]
}

// offersOf returns a row's offers: the entries of its type among what the
// seat (-1: the host) may do now.
func offersOf(typ string) func(s *State, seat int) []kit.MoveSpec {
	return func(s *State, seat int) []kit.MoveSpec {
		return available(s, seat, typ)
	}
}

// tableReports are the moves by which the table reports what happened on
// the physical board; they are taken only once the mission is running
// (they are offered from then on, and only then).
var tableReports = []string{
	MoveShipMoved, MoveSetSpeed, MoveDamageCard, MoveRepair, MoveEnemyLock,
	MoveEnemyDestroyed, MoveEnemyDeactivated, MoveEnemyMoved, MoveParasiteAttach,
	MoveTractorEnemy, MoveEnemyObstacle, MoveTractorCrystal, MovePassGate,
	MoveJumpHome, MoveExitMap, MoveRevealCrystal, MoveSubdueTentacle, MoveKrakenActivate,
}

// tableReport refuses a table report during setup ("wrong_step") before
// its arguments are read; other moves pass through.
func tableReport(typ string, apply func(t *turn, seat int, m kit.Move) error) func(t *turn, seat int, m kit.Move) error {
	if !slices.Contains(tableReports, typ) {
		return apply
	}
	return func(t *turn, seat int, m kit.Move) error {
		if t.S.Step == "setup" {
			return kit.Errorf("wrong_step", rule(secMissions), "The mission has not begun: the table reports %s only once the starting equipment is chosen.", typ)
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
