package lockup

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// lantern returns the space of a seat's lantern (Guards: the guards').
func (st *State) lantern(seat int) string {
	if seat == Guards {
		return st.GuardState.Lantern
	}
	return st.Players[seat].Lantern
}

// head returns the advance at the head of the queue when it belongs to
// seat.
func (st *State) head(seat int) *Advance {
	if len(st.Queue) == 0 || st.Queue[0].Seat != seat {
		return nil
	}
	return &st.Queue[0]
}

func (st *State) pop() { st.Queue = st.Queue[1:] }

// findPath returns the path from a space to another.
func (d *Data) findPath(from, to string) (Path, bool) {
	for _, p := range d.pathsFrom(from) {
		if p.To == to {
			return p, true
		}
	}
	return Path{}, false
}

func (d *Data) spaceLabel(id string) string {
	if s, ok := d.space(id); ok && s.Label != "" {
		return s.Label
	}
	return id
}

// advance moves the player's lantern one space forward along a path.
// "advance" takes a free path, "advance_paying" a path with a cost, which
// the player pays. Codes: "not_advancing", "await_loot", "lantern_ended",
// "not_forward" (no arrow from here to there: never backwards),
// "cost_unpaid", "no_cost".
type advanceArgs struct {
	To string `json:"to"`
}

func advanceFree(t *kit.Turn[State], seat int, a advanceArgs) error {
	return advance(t, seat, a, false)
}

func advancePaying(t *kit.Turn[State], seat int, a advanceArgs) error {
	return advance(t, seat, a, true)
}

func advance(t *kit.Turn[State], seat int, a advanceArgs, paying bool) error {
	st, p := t.S, (&t.S.Players[seat])
	h := st.head(seat)
	if h == nil {
		return ruleErr("not_advancing", secAdvancing)
	}
	if h.AwaitLoot {
		return ruleErr("await_loot", secAdvancing)
	}
	if st.lanternEnded(p.Lantern) {
		return ruleErr("lantern_ended", secTomb, "space", st.Data.spaceTerm(p.Lantern))
	}
	path, ok := st.Data.findPath(p.Lantern, a.To)
	if !ok {
		return ruleErr("not_forward", secAdvancing, "from", st.Data.spaceTerm(p.Lantern), "to", a.To)
	}
	to := st.Data.spaceTerm(a.To)
	if len(path.Cost) > 0 && !paying {
		return ruleErr("cost_unpaid", secAdvancing, "to", to, "cost", costText(path.Cost))
	}
	if len(path.Cost) == 0 && paying {
		return ruleErr("no_cost", secAdvancing, "to", to)
	}
	if paying {
		t.Log(event("cost_paid", nil, "seat", t.S.name(seat), "cost", costText(path.Cost), "to", to))
	}
	p.Lantern = a.To
	h.StepsLeft--
	h.Moved++
	if h.Moved == 1 && h.Location > 0 && !slices.Contains(p.AdvancedFrom, h.Location) {
		p.AdvancedFrom = append(p.AdvancedFrom, h.Location)
	}
	t.Log(event("lantern_moved", nil, "seat", t.S.name(seat), "space", to))
	arrive(t, seat)
	finishHeadIfDone(t)
	resolve(t)
	return nil
}

// arrive applies the space a lantern reached: a loot space shows the
// player the whole stack (the guards take the top token), the TOMB ends the
// journey, ESCAPED scores 17 + 3 per round left at once.
func arrive(t *kit.Turn[State], seat int) {
	st := t.S
	id := st.lantern(seat)
	sp, _ := st.Data.space(id)
	if sp.Loot {
		stack := st.LootStacks[id]
		switch {
		case len(stack) == 0:
			t.Log(event("loot_empty", nil, "space", st.Data.spaceTerm(id)))
		case seat == Guards:
			g := st.GuardState
			g.Loot = append(g.Loot, stack[0])
			st.LootStacks[id] = stack[1:]
			t.Reveal()
			t.Log(event("guards_loot", nil, "loot", st.Data.lootTerm(stack[0])))
		default:
			p := &st.Players[seat]
			p.Peek = append([]string(nil), stack...)
			st.Queue[0].AwaitLoot = true
			t.Reveal()
			var ls []string
			for _, k := range stack {
				ls = append(ls, st.Data.lootTerm(k))
			}
			t.Log(event("loot_peek", []int{seat}, "tokens", strings.Join(ls, ", ")))
		}
	}
	switch sp.End {
	case EndTomb:
		if seat == Guards {
			t.Log(event("guards_tomb", nil))
		} else {
			t.Log(event("tomb_reached", nil, "seat", t.S.name(seat)))
		}
	case EndEscaped:
		stars := st.Data.EscapedBase.Value + st.Data.EscapedPerRoundLeft.Value*st.roundsLeft()
		if seat == Guards {
			st.GuardState.EscapedRound, st.GuardState.EscapedStars = st.Round, stars
			t.Log(event("guards_escaped", nil, "round", fmt.Sprint(st.Round), "stars", fmt.Sprint(stars)))
		} else {
			st.Players[seat].EscapedRound, st.Players[seat].EscapedStars = st.Round, stars
			t.Log(event("escaped", nil, "seat", t.S.name(seat), "round", fmt.Sprint(st.Round), "stars", fmt.Sprint(stars)))
		}
	}
}

// finishHeadIfDone drops the head advance once it can go no further.
func finishHeadIfDone(t *kit.Turn[State]) {
	st := t.S
	if len(st.Queue) == 0 {
		return
	}
	h := st.Queue[0]
	if h.AwaitLoot || h.AwaitGuardsPay {
		return
	}
	l := st.lantern(h.Seat)
	if h.StepsLeft <= 0 || st.lanternEnded(l) || len(st.Data.pathsFrom(l)) == 0 {
		st.pop()
	}
}

// keepLoot keeps one token of the stack the player is looking at; the
// others go back face down (reshuffled, unseen by anyone else). The player
// uses it at once or scores 1 star instead, and keeps it either way. Codes:
// "not_on_loot", "unknown_loot".
type keepLootArgs struct {
	Token string `json:"loot"`
	Use   bool   `json:"use"`
}

func keepLoot(t *kit.Turn[State], seat int, a keepLootArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	h := st.head(seat)
	if h == nil || !h.AwaitLoot {
		return ruleErr("not_on_loot", secAdvancing)
	}
	stack := st.LootStacks[p.Lantern]
	k := -1
	for i, x := range stack {
		if x == a.Token {
			k = i
			break
		}
	}
	if k < 0 {
		return ruleErr("unknown_loot", secAdvancing, "loot", a.Token)
	}
	rest := append(append([]string(nil), stack[:k]...), stack[k+1:]...)
	t.RNG.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	st.LootStacks[p.Lantern] = rest
	p.Loot = append(p.Loot, a.Token)
	p.Peek = nil
	h.AwaitLoot = false
	if a.Use {
		t.Log(event("loot_used", nil, "seat", t.S.name(seat), "loot", st.Data.lootTerm(a.Token)))
	} else {
		p.LootStars += st.Data.LootStar.Value
		t.Log(event("loot_star", nil, "seat", t.S.name(seat), "loot", st.Data.lootTerm(a.Token)))
	}
	finishHeadIfDone(t)
	resolve(t)
	return nil
}

// stopAdvancing ends the player's advance; before any step it declines the
// reward (and the player may then send latecomers from that location).
// Codes: "not_advancing", "await_loot".
func stopAdvancing(t *kit.Turn[State], seat int) error {
	h := t.S.head(seat)
	if h == nil {
		return ruleErr("not_advancing", secTunnels)
	}
	if h.AwaitLoot {
		return ruleErr("await_loot", secAdvancing)
	}
	if h.Moved == 0 {
		t.Log(event("advance_declined", nil, "seat", t.S.name(seat)))
	} else {
		t.Log(event("advance_stopped", nil, "seat", t.S.name(seat)))
	}
	t.S.pop()
	resolve(t)
	return nil
}

// advanceLanternArgs name the source of an Advance lantern icon claim.
type advanceLanternArgs struct {
	Source string `json:"source"`
}

// advanceLantern is the Advance lantern icon: one space, paying the path's
// cost if any and taking loot. Each claim names the icon's source, one of
// lanternSources, and each source gives one advance (the icon moves the
// lantern "um espaço"); the claim is logged for the table. Codes:
// "lantern_ended", "no_path", "icon_claimed" (that icon was used
// already), "icon_source_unknown" (no such icon for the player now).
func advanceLantern(t *kit.Turn[State], seat int, a advanceLanternArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if st.lanternEnded(p.Lantern) {
		return ruleErr("lantern_ended", secIcons, "space", st.Data.spaceTerm(p.Lantern))
	}
	if len(st.Data.pathsFrom(p.Lantern)) == 0 {
		return ruleErr("no_path", secIcons, "space", st.Data.spaceTerm(p.Lantern))
	}
	key := st.claimKey(a.Source)
	if slices.Contains(p.LanternClaims, key) {
		return ruleErr("icon_claimed", secIcons, "source", st.sourceLabel(seat, a.Source))
	}
	src, ok := st.lanternSource(seat, a.Source)
	if !ok {
		return ruleErr("icon_source_unknown", secIcons, "source", a.Source)
	}
	p.LanternClaims = append(p.LanternClaims, key)
	// An advance by a location's reward is that location's reward
	// received: once the lantern moves, the tokens there go back to the
	// holding cell, not to the LIBRARY (as from a tunnel).
	loc := 0
	if n, ok := strings.CutPrefix(a.Source, "location:"); ok {
		loc, _ = strconv.Atoi(n)
	}
	st.Queue = append(st.Queue, Advance{Seat: seat, StepsLeft: 1, Location: loc, Source: "advance_lantern"})
	t.Log(event("lantern_icon", nil, "seat", st.name(seat), "source", src.Label))
	resolve(t)
	return nil
}

// lanternSources lists the Advance lantern icons a player may claim now,
// each once: the reward of a resolved location where the player's crew
// still stands (not sent to the LIBRARY), this round; the active legend
// card's reward, this round, while it is resolved and the player has a
// token on it; each item the player has; each tome card played, while its
// play is being resolved (the step of the round it was played in).
func (st *State) lanternSources(seat int) []kit.Choice {
	p := &st.Players[seat]
	var out []kit.Choice
	add := func(value, label string) {
		if !slices.Contains(p.LanternClaims, st.claimKey(value)) {
			out = append(out, kit.Choice{Value: value, Label: label})
		}
	}
	for loc := 1; loc <= 7; loc++ {
		toks := p.tokensIn(PlaceLocation, loc)
		if st.Resolved[loc-1] && len(toks) > 0 && !p.Tokens[toks[0]].Latecomer {
			add(fmt.Sprintf("location:%d", loc), term("location_reward", "n", strconv.Itoa(loc))+" "+st.Data.locationTerm(loc))
		}
	}
	if st.Phase == PhaseLegend && len(p.tokensIn(PlaceLegend, 0)) > 0 {
		add("legend", term("legend_reward")+" "+legendTerm(st.ActiveLegend))
	}
	for i, it := range p.Items {
		add(fmt.Sprintf("item:%d", i), it.Name)
	}
	for i, tome := range p.TomesPlayed {
		if i < len(p.TomeSteps) && p.TomeSteps[i] == st.stepKey() {
			add(fmt.Sprintf("tome:%d", i), tome)
		}
	}
	return out
}

// lanternSource returns the claimable source with the given value.
func (st *State) lanternSource(seat int, value string) (kit.Choice, bool) {
	for _, c := range st.lanternSources(seat) {
		if c.Value == value {
			return c, true
		}
	}
	return kit.Choice{}, false
}

// stepKey names the step of the game being resolved now: the round, the
// phase and the location (8: the legend card). A tome's play is resolved
// within the step it was played in.
func (st *State) stepKey() string {
	return fmt.Sprintf("round %d %s %d", st.Round, st.Phase, st.Resolving)
}

// claimKey is how a claim is remembered: location and legend rewards per
// round, cards for the whole game.
func (st *State) claimKey(source string) string {
	if source == "legend" || strings.HasPrefix(source, "location:") {
		return fmt.Sprintf("round %d %s", st.Round, source)
	}
	return source
}

// sourceLabel names a source for a refusal.
func (st *State) sourceLabel(seat int, source string) string {
	p := &st.Players[seat]
	kind, n, _ := strings.Cut(source, ":")
	i, err := strconv.Atoi(n)
	switch {
	case kind == "legend":
		return term("legend_source") + " " + legendTerm(st.ActiveLegend)
	case kind == "location" && err == nil:
		return term("location_n", "n", strconv.Itoa(i))
	case kind == "item" && err == nil && i >= 0 && i < len(p.Items):
		return p.Items[i].Name
	case kind == "tome" && err == nil && i >= 0 && i < len(p.TomesPlayed):
		return p.TomesPlayed[i]
	}
	return source
}

// guardsPay answers, for the solo guards at a path with a cost, whether
// they can pay it: they take the cost path if they can, the other path
// otherwise. Code: "guards_not_waiting".
type guardsPayArgs struct {
	CanPay bool `json:"can_pay"`
}

func guardsPay(t *kit.Turn[State], seat int, a guardsPayArgs) error {
	st := t.S
	h := st.head(Guards)
	if h == nil || !h.AwaitGuardsPay {
		return ruleErr("guards_not_waiting", secSoloTunnel)
	}
	h.AwaitGuardsPay = false
	var chosen *Path
	for _, p := range st.Data.pathsFrom(st.GuardState.Lantern) {
		if (len(p.Cost) > 0) == a.CanPay {
			p := p
			chosen = &p
			break
		}
	}
	if chosen != nil {
		if a.CanPay {
			t.Log(event("guards_paid", nil, "cost", costText(chosen.Cost)))
		}
		guardsStep(t, *chosen)
	}
	st.pop()
	resolve(t)
	return nil
}

// runGuards moves the guards while their advance is at the head of the
// queue: exactly one space; at a cost path the solo player must say
// whether they can pay.
func runGuards(t *kit.Turn[State]) {
	st := t.S
	for len(st.Queue) > 0 && st.Queue[0].Seat == Guards && !st.Queue[0].AwaitGuardsPay {
		g := st.GuardState
		paths := st.Data.pathsFrom(g.Lantern)
		var cost *Path
		for _, p := range paths {
			if len(p.Cost) > 0 {
				p := p
				cost = &p
				break
			}
		}
		if cost != nil {
			st.Queue[0].AwaitGuardsPay = true
			t.Log(event("guards_wait_pay", nil, "cost", costText(cost.Cost)))
			return
		}
		if len(paths) > 0 {
			// No cost path: the first path in board order (assumed).
			guardsStep(t, paths[0])
		}
		st.pop()
	}
}

func guardsStep(t *kit.Turn[State], p Path) {
	t.S.GuardState.Lantern = p.To
	t.Log(event("guards_moved", nil, "space", t.S.Data.spaceTerm(p.To)))
	arrive(t, Guards)
}
