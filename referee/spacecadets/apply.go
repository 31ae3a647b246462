package spacecadets

import (
	"fmt"
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// applier carries one move's working copy, its events and reveal flag.
type applier struct {
	s       *State
	who     kit.Actor
	ctx     kit.Ctx
	events  []kit.Event
	reveals bool
}

type handler func(a *applier, m kit.Move) error

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"start_timer":         (*applier).startTimer,
		"pause_timer":         (*applier).pauseTimer,
		"resume_timer":        (*applier).resumeTimer,
		"cancel_timer":        (*applier).cancelTimer,
		kit.TimerExpiredMove:  (*applier).timerExpired,
		"next_step":           (*applier).nextStep,
		"keep_starting":       (*applier).keepStarting,
		"unkeep_starting":     (*applier).unkeepStarting,
		"finish_starting":     (*applier).finishStarting,
		"science_draw":        (*applier).scienceDraw,
		"science_draw_extra":  (*applier).scienceDrawExtra,
		"science_select":      (*applier).scienceSelect,
		"science_unselect":    (*applier).scienceUnselect,
		"science_build":       (*applier).scienceBuild,
		"research":            (*applier).research,
		"set_aside_component": (*applier).setAside,
		"report_workbench":    (*applier).reportWorkbench,
		"abort_science":       (*applier).abortScience,
		"use_equipment":       (*applier).useEquipment,
		"ship_moved":          (*applier).shipMoved,
		"set_speed":           (*applier).setSpeed,
		"radiation_belt":      (*applier).radiationBelt,
		"null_zone":           (*applier).nullZone,
		"damage_card":         (*applier).damageCard,
		"repair":              (*applier).repair,
		"enemy_lock":          (*applier).enemyLock,
		"enemy_shot":          (*applier).enemyShot,
		"enemy_destroyed":     (*applier).enemyDestroyed,
		"enemy_deactivated":   (*applier).enemyDeactivated,
		"enemy_moved":         (*applier).enemyMoved,
		"parasite_attach":     (*applier).parasiteAttach,
		"tractor_enemy":       (*applier).tractorEnemy,
		"enemy_obstacle":      (*applier).enemyObstacle,
		"roll":                (*applier).roll,
		"roll_half":           (*applier).rollHalf,
		"roll_placement":      (*applier).rollPlacement,
		"tractor_crystal":     (*applier).tractorCrystal,
		"pass_gate":           (*applier).passGate,
		"choose_arrival":      (*applier).chooseArrival,
		"exit_map":            (*applier).exitMap,
		"jump_home":           (*applier).jumpHome,
		"tile_revealed":       (*applier).tileRevealed,
		"reveal_crystal":      (*applier).revealCrystal,
		"subdue_tentacle":     (*applier).subdueTentacle,
		"kraken_activate":     (*applier).krakenActivate,
		"start_kraken_part2":  (*applier).startPart2,
		"scan_beak":           (*applier).scanBeak,
		"declare_loss":        (*applier).declareLoss,
	}
}

// Apply validates and applies a move. Besides each move's own codes it
// returns "unknown_move", "bad_args", "game_over" (the mission has ended),
// "system_only", "host_or_captain", "seats_only", "not_captain",
// "not_science_officer", "not_sensors" and "wrong_step".
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	s0, ok := st.(*State)
	if !ok || s0 == nil {
		return kit.Result{}, fmt.Errorf("%w: Space Cadets got %T", kit.ErrStateType, st)
	}
	h, ok := handlers[m.Type]
	if !ok {
		return kit.Result{}, kit.Errorf("unknown_move", rule(secMissions), "Space Cadets has no move %q.", m.Type)
	}
	if s0.End != nil && m.Type != kit.TimerExpiredMove {
		return kit.Result{}, kit.Errorf("game_over", rule(missionSection(s0.Mission)), "The mission is over: %s", s0.End.Reason)
	}
	if s0.Step == "setup" && tableReports[m.Type] {
		return kit.Result{}, kit.Errorf("wrong_step", rule(secMissions), "The mission has not begun: the table reports %s only once the starting equipment is chosen.", m.Type)
	}
	a := &applier{s: s0.Clone(), who: who, ctx: ctx}
	if m.Type != kit.TimerExpiredMove && who.System {
		return kit.Result{}, kit.Errorf("system_only", rule(secMissions), "The server only reports timer expiries.")
	}
	if err := h(a, m); err != nil {
		if re, ok := kit.AsRuleError(err); ok && !strings.HasPrefix(re.Rule, "Space Cadets") {
			// kit's own refusals (bad_args) name the move's section.
			spec, _ := specOf(m.Type)
			c := *re
			c.Rule = spec.Rule
			return kit.Result{}, &c
		}
		return kit.Result{}, err
	}
	a.checkEnd()
	return kit.Result{State: a.s, Events: a.events, Reveals: a.reveals}, nil
}

// specOf returns the catalog entry of a move type.
func specOf(typ string) (kit.MoveSpec, bool) {
	i := slices.IndexFunc(moveCatalog, func(m kit.MoveSpec) bool { return m.Type == typ })
	if i < 0 {
		return kit.MoveSpec{}, false
	}
	return moveCatalog[i], true
}

// tableReports are the moves by which the table reports what happened on
// the physical board; they are taken only once the mission is running
// (View offers them from then on, and only then).
var tableReports = map[string]bool{
	"ship_moved": true, "set_speed": true, "damage_card": true, "repair": true, "enemy_lock": true,
	"enemy_destroyed": true, "enemy_deactivated": true, "enemy_moved": true, "parasite_attach": true,
	"tractor_enemy": true, "enemy_obstacle": true, "tractor_crystal": true, "pass_gate": true,
	"jump_home": true, "exit_map": true, "reveal_crystal": true, "subdue_tentacle": true, "kraken_activate": true,
}

func (a *applier) log(code, format string, args ...any) {
	a.events = append(a.events, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
}

func (a *applier) isCaptain() bool { return a.who.IsSeat() && a.who.Seat == a.s.Roles.Captain }

// hostOrCaptain allows the host's screen and the Captain's phone.
func (a *applier) hostOrCaptain(section string) error {
	if a.who.Host || a.isCaptain() {
		return nil
	}
	return kit.Errorf("host_or_captain", rule(section), "Only the host or the Captain (%s) can do that.", a.seatName(a.s.Roles.Captain))
}

func (a *applier) captain(section string) error {
	if a.isCaptain() {
		return nil
	}
	return kit.Errorf("not_captain", rule(section), "Only the Captain (%s) can do that.", a.seatName(a.s.Roles.Captain))
}

func (a *applier) scienceOfficer() error {
	if a.who.IsSeat() && a.who.Seat == a.s.Roles.ScienceOfficer {
		return nil
	}
	return kit.Errorf("not_science_officer", rule(secScience), "Only the Science Officer (%s) can do that.", a.seatName(a.s.Roles.ScienceOfficer))
}

func (a *applier) sensors(section string, captainToo bool) error {
	if a.who.IsSeat() && (a.who.Seat == a.s.Roles.Sensors || captainToo && a.who.Seat == a.s.Roles.Captain) {
		return nil
	}
	return kit.Errorf("not_sensors", rule(section), "Only the Sensors player (%s) can do that.", a.seatName(a.s.Roles.Sensors))
}

// seat allows any player's phone.
func (a *applier) seat(section string) error {
	if a.who.IsSeat() && a.who.Seat < len(a.s.Seats) {
		return nil
	}
	return kit.Errorf("seats_only", rule(section), "This is reported from a player's phone.")
}

// seatOrHost allows any player's phone and the host's screen.
func (a *applier) seatOrHost(section string) error {
	if a.who.Host {
		return nil
	}
	return a.seat(section)
}

func (a *applier) inStep(section string, want ...string) error {
	if slices.Contains(want, a.s.Step) {
		return nil
	}
	labels := make([]string, len(want))
	for i, w := range want {
		labels[i] = stepLabels[w]
	}
	return kit.Errorf("wrong_step", rule(section), "That is done in %s; it is now %s.", joinOr(labels), stepLabels[a.s.Step])
}

// running refuses moves of the game proper during setup.
func (a *applier) running(section string) error {
	if a.s.Step == "setup" {
		return kit.Errorf("wrong_step", rule(section), "Finish choosing the starting Experimental Equipment first.")
	}
	return nil
}

func (a *applier) inMission(section string, ids ...string) error {
	if slices.Contains(ids, a.s.Mission) {
		return nil
	}
	return kit.Errorf("not_in_mission", rule(section), "That is not part of Mission %s.", a.s.Mission)
}

func (a *applier) seatName(i int) string {
	if i >= 0 && i < len(a.s.Seats) {
		return a.s.Seats[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}

func joinOr(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := ""
	for i, x := range xs {
		switch {
		case i == 0:
			out = x
		case i == len(xs)-1:
			out += " or " + x
		default:
			out += ", " + x
		}
	}
	return out
}

// reason is why a mission ended: its message-catalog code, the English
// text and the text's parameters (for translations).
type reason struct {
	code   string
	text   string
	params map[string]string
}

// why builds a reason; kv are placeholder names and values in pairs.
func why(code, text string, kv ...string) reason {
	r := reason{code: code, text: text}
	for i := 0; i+1 < len(kv); i += 2 {
		if r.params == nil {
			r.params = map[string]string{}
		}
		r.params[kv[i]] = kv[i+1]
	}
	return r
}

// end finishes the mission and cancels every timer so that no expiry can
// fire after it.
func (a *applier) end(won bool, level string, r reason, section string) {
	if a.s.End != nil {
		return
	}
	a.s.End = &End{Won: won, Level: level, Reason: r.text, Code: r.code, Params: r.params, Rule: rule(section)}
	a.s.Step = "over"
	for i := range a.s.Timers {
		t := &a.s.Timers[i]
		if t.Running || t.Paused {
			_ = t.Cancel()
		}
	}
	if won {
		a.log("mission_won", "Mission won: %s", r.text)
	} else {
		a.log("mission_lost", "Mission lost: %s", r.text)
	}
}
