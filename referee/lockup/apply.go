package lockup

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// Apply validates a move and returns the new state. Besides each move's own
// codes (listed on the move's method), it returns "game_over" after the
// end, "unknown_move" for a type not in the catalog, "bad_args" for
// malformed arguments, "seat_only" when the host sends a player's move,
// "host_only" when a seat other than the first player sends a host move,
// and "wrong_phase" when the move does not belong to the current phase.
func (g *Game) Apply(s kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	st0, ok := s.(*State)
	if !ok {
		panic("lockup: Apply on a foreign state")
	}
	if st0.Phase == PhaseGameOver {
		return kit.Result{}, ruleErr("game_over", secEnd)
	}
	sp, ok := g.info.Spec(m.Type)
	if !ok {
		return kit.Result{}, ruleErr("unknown_move", secFlow, "move", m.Type)
	}
	if sp.Host {
		if !who.Host && !(who.IsSeat() && who.Seat == st0.FirstPlayer) {
			return kit.Result{}, ruleErr("host_only", sp.Rule)
		}
	} else if !who.IsSeat() || who.Seat >= len(st0.Seats) {
		return kit.Result{}, ruleErr("seat_only", sp.Rule)
	}
	if want := movePhase[m.Type]; !phaseIn(st0.Phase, want) {
		return kit.Result{}, ruleErr("wrong_phase", sp.Rule, "phase", label(phaseTexts, want[0]), "now", label(phaseTexts, st0.Phase))
	}
	st := st0.Clone()
	t := &turn{st: st, seat: who.Seat, rng: ctx.RNG}
	h := handlers[m.Type]
	if err := h(t, m); err != nil {
		return kit.Result{}, err
	}
	st.Moves++
	return kit.Result{State: st, Events: t.events, Reveals: t.reveals}, nil
}

// turn is one move being applied: the new state and what it produced.
type turn struct {
	st      *State
	seat    int
	rng     *kit.RNG
	events  []kit.Event
	reveals bool
}

func (t *turn) log(evs ...kit.Event) { t.events = append(t.events, evs...) }

func (t *turn) me() *Player { return &t.st.Players[t.seat] }

func (t *turn) name(seat int) string {
	if seat == Guards {
		return "the guards"
	}
	return t.st.Seats[seat]
}

// movePhase lists the phases each move type belongs to.
var movePhase = map[string][]string{
	"assign":            {PhaseRollCall},
	"pass":              {PhaseRollCall},
	"advance":           {PhaseLightsOut, PhaseLegend},
	"advance_paying":    {PhaseLightsOut, PhaseLegend},
	"stop_advancing":    {PhaseLightsOut, PhaseLegend},
	"keep_loot":         {PhaseLightsOut, PhaseLegend},
	"guards_pay":        {PhaseLightsOut, PhaseLegend},
	"latecomer":         {PhaseLightsOut, PhaseLegend},
	"advance_lantern":   {PhaseLightsOut, PhaseLegend},
	"reserve_item":      {PhaseLightsOut, PhaseLegend},
	"craft_item":        {PhaseLightsOut, PhaseLegend},
	"craft_reserved":    {PhaseLightsOut, PhaseLegend},
	"gain_item":         {PhaseLightsOut, PhaseLegend},
	"upgrade_item":      {PhaseLightsOut, PhaseLegend},
	"recruit":           {PhaseLightsOut, PhaseLegend},
	"keep_minion":       {PhaseLightsOut, PhaseLegend},
	"play_tome":         {PhaseLightsOut, PhaseLegend},
	"resolve_legend":    {PhaseLegend},
	"finish_raid":       {PhaseLastRaid},
	"enter_stars":       {PhaseFinalScoring},
	"enter_guard_stars": {PhaseFinalScoring},
	"enter_scores":      {PhaseFinalScoring},
	"choose_golems":     {PhaseFinalScoring},
	"finish_scoring":    {PhaseFinalScoring},
}

func phaseIn(p string, ps []string) bool {
	for _, x := range ps {
		if x == p {
			return true
		}
	}
	return false
}

var handlers map[string]func(*turn, kit.Move) error

func init() {
	handlers = map[string]func(*turn, kit.Move) error{
		"assign":            (*turn).assign,
		"pass":              (*turn).pass,
		"advance":           func(t *turn, m kit.Move) error { return t.advance(m, false) },
		"advance_paying":    func(t *turn, m kit.Move) error { return t.advance(m, true) },
		"stop_advancing":    (*turn).stopAdvancing,
		"keep_loot":         (*turn).keepLoot,
		"guards_pay":        (*turn).guardsPay,
		"latecomer":         (*turn).latecomer,
		"advance_lantern":   (*turn).advanceLantern,
		"reserve_item":      (*turn).reserveItem,
		"craft_item":        (*turn).craftItem,
		"craft_reserved":    (*turn).craftReserved,
		"gain_item":         (*turn).gainItem,
		"upgrade_item":      (*turn).upgradeItem,
		"recruit":           (*turn).recruit,
		"keep_minion":       (*turn).keepMinion,
		"play_tome":         (*turn).playTome,
		"resolve_legend":    (*turn).resolveLegend,
		"finish_raid":       (*turn).finishRaid,
		"enter_stars":       (*turn).enterStars,
		"enter_guard_stars": (*turn).enterGuardStars,
		"enter_scores":      (*turn).enterScores,
		"choose_golems":     (*turn).chooseGolems,
		"finish_scoring":    (*turn).finishScoring,
	}
}

// Decode reads a state from its JSON encoding.
func (g *Game) Decode(data []byte) (kit.State, error) {
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, err
	}
	if st.Data == nil {
		d, _ := LoadData(nil)
		st.Data = d
	}
	return &st, nil
}
