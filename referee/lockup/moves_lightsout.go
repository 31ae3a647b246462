package lockup

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tablewarden/referee/kit"
)

// startLightsOut begins Lights Out once every player has passed.
func startLightsOut(t *kit.Turn[State]) {
	st := t.S
	st.Phase = PhaseLightsOut
	st.Resolving = 1
	t.Log(event("lights_out", nil))
	resolve(t)
}

// resolve runs Lights Out forward: it lets the guards move, and resolves
// locations 1–7 in order, stopping whenever a catacomb advance waits for a
// player; after location 7 it reveals the legend card's strengths.
func resolve(t *kit.Turn[State]) {
	st := t.S
	for {
		runGuards(t)
		if len(st.Queue) > 0 || st.Phase != PhaseLightsOut {
			return
		}
		if st.Resolving >= 1 && st.Resolving <= 7 && !st.Resolved[st.Resolving-1] {
			resolveLocation(t, st.Resolving)
			st.Resolved[st.Resolving-1] = true
			continue
		}
		if st.Resolving < 7 {
			st.Resolving++
			continue
		}
		startLegend(t)
		return
	}
}

// strengthAt sums a player's crew strength at a location and says whether
// their explorer is there.
func (p *Player) strengthAt(loc int) (strength int, explorer, present bool) {
	for _, i := range p.tokensIn(PlaceLocation, loc) {
		present = true
		strength += p.Tokens[i].Strength
		if p.Tokens[i].Explorer {
			explorer = true
		}
	}
	return
}

// beats reports whether a has more strength than b, ties broken by seating
// order from the first player, clockwise.
func (st *State) beats(a, b Strength) bool {
	if a.Strength != b.Strength {
		return a.Strength > b.Strength
	}
	return st.seatRank(a.Seat) < st.seatRank(b.Seat)
}

// resolveLocation reveals a location's face-down tokens and, at a tunnel
// location, queues the advance of whoever earned it.
func resolveLocation(t *kit.Turn[State], loc int) {
	st := t.S
	var shown []string
	for s := range st.Players {
		p := &st.Players[s]
		for _, i := range p.tokensIn(PlaceLocation, loc) {
			if p.Tokens[i].FaceDown && !p.Tokens[i].Revealed {
				p.Tokens[i].Revealed = true
				shown = append(shown, fmt.Sprintf("%s: %s", st.Seats[s], tokenLabel(p.Tokens[i])))
				t.Reveal()
			}
		}
	}
	if len(shown) > 0 {
		t.Log(event("tokens_revealed", nil, "location", t.S.locName(loc), "tokens", strings.Join(shown, ", ")))
	}
	tunnel := st.Tunnels[loc-1]
	if tunnel == "" {
		return
	}
	steps := 1
	if tunnel == "double" {
		steps = 2
	}
	if st.Solo {
		resolveSoloTunnel(t, loc, tunnel, steps)
		return
	}
	var best *Strength
	for _, s := range st.seatingOrder() {
		str, exp, _ := st.Players[s].strengthAt(loc)
		if !exp {
			continue
		}
		c := Strength{Seat: s, Strength: str, Explorer: true}
		if best == nil || st.beats(c, *best) {
			best = &c
		}
	}
	if best == nil {
		t.Log(event("tunnel_nobody", nil, "location", t.S.locName(loc)))
		return
	}
	queueAdvance(t, best.Seat, loc, tunnel, steps)
}

// resolveSoloTunnel applies the solo rules: the guards advance one space
// whenever they have the most strength (no explorer needed); the player
// advances as in the multiplayer game. When the player has the only
// explorer but the guards have the most strength, the book is silent:
// lone_explorer_vs_stronger_guards decides ("both" by default: the player,
// then the guards).
func resolveSoloTunnel(t *kit.Turn[State], loc int, tunnel string, steps int) {
	st := t.S
	g := st.GuardState
	pStr, pExp, _ := st.Players[0].strengthAt(loc)
	var card GuardCard
	if loc-1 < len(g.OnLocations) {
		card = g.OnLocations[loc-1]
	}
	player := Strength{Seat: 0, Strength: pStr, Explorer: pExp}
	guards := Strength{Seat: Guards, Strength: card.Strength, Explorer: card.Explorer}
	guardsMost := card.Colour != "" && card.Strength > 0 && st.beats(guards, player)
	playerGoes, guardsGo := false, false
	switch {
	case pExp && guards.Explorer:
		playerGoes, guardsGo = !guardsMost, guardsMost
	case pExp:
		playerGoes = true
		guardsGo = guardsMost
		if guardsMost && st.Data.LoneExplorerVsGuards.Value == "guards_only" {
			playerGoes = false
		}
	default:
		guardsGo = guardsMost
	}
	if !playerGoes && !guardsGo {
		t.Log(event("tunnel_nobody", nil, "location", t.S.locName(loc)))
	}
	if playerGoes {
		queueAdvance(t, 0, loc, tunnel, steps)
	}
	if guardsGo {
		// The guards advance exactly one space, even through a double tunnel.
		queueAdvance(t, Guards, loc, tunnel, 1)
	}
}

// queueAdvance queues an advance, or logs that the lantern can go no
// further (a player on TOMB or ESCAPED still blocks the others).
func queueAdvance(t *kit.Turn[State], seat, loc int, source string, steps int) {
	st := t.S
	lantern := st.lantern(seat)
	if st.lanternEnded(lantern) || len(st.Data.pathsFrom(lantern)) == 0 {
		t.Log(event("tunnel_blocked", nil, "location", t.S.locName(loc), "seat", t.S.name(seat)))
		return
	}
	st.Queue = append(st.Queue, Advance{Seat: seat, StepsLeft: steps, Location: loc, Source: source})
	if loc > 0 {
		t.Log(event("tunnel_winner", nil, "location", t.S.locName(loc), "tunnel", tunnelTerm(source), "seat", t.S.name(seat), "steps", spacesText(steps)))
	}
}

func spacesText(n int) string { return spacesTerm(n) }

// startLegend reveals every token on the active legend card (and, solo, the
// guards' 8th card) and ranks the strengths, ties by seating order.
func startLegend(t *kit.Turn[State]) {
	st := t.S
	st.Phase = PhaseLegend
	st.Resolving = 8
	var rank []Strength
	for s := range st.Players {
		p := &st.Players[s]
		str, present := 0, false
		for _, i := range p.tokensIn(PlaceLegend, 0) {
			p.Tokens[i].Revealed = true
			str += p.Tokens[i].Strength
			present = true
		}
		if present {
			rank = append(rank, Strength{Seat: s, Strength: str})
		}
	}
	if g := st.GuardState; g != nil && g.OnLegend.Colour != "" {
		g.LegendRevealed = true
		rank = append(rank, Strength{Seat: Guards, Strength: g.OnLegend.Strength})
	}
	sort.SliceStable(rank, func(i, j int) bool { return st.beats(rank[i], rank[j]) })
	st.LegendRanking = rank
	var parts []string
	for i, r := range rank {
		parts = append(parts, fmt.Sprintf("%d. %s %d", i+1, t.S.name(r.Seat), r.Strength))
	}
	t.Reveal()
	t.Log(event("legend_strengths", nil, "legend", legendTerm(st.ActiveLegend), "ranking", strings.Join(parts, ", ")))
}

// latecomer sends the player's tokens at a resolved location to the
// LIBRARY at the end of Lights Out. Codes: "unknown_location",
// "not_resolved_yet", "no_tokens_there", "advanced_no_library" (advancing
// in the catacombs from that location, by its tunnel or its reward's
// Advance lantern icon, was a reward), "rewarded_no_library" (another
// reward taken there: a reserved item crafted at the CELL BLOCK),
// "already_latecomer".
type latecomerArgs struct {
	Location int `json:"location"`
}

func latecomer(t *kit.Turn[State], seat int, a latecomerArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if a.Location < 1 || a.Location > 7 {
		return ruleErr("unknown_location", secTunnels, "location", fmt.Sprint(a.Location))
	}
	loc := t.S.locName(a.Location)
	if !st.latecomerReady(seat, a.Location) {
		return ruleErr("not_resolved_yet", secTunnels, "location", loc)
	}
	toks := p.tokensIn(PlaceLocation, a.Location)
	if len(toks) == 0 {
		return ruleErr("no_tokens_there", secTunnels, "location", loc)
	}
	if slices.Contains(p.AdvancedFrom, a.Location) {
		return ruleErr("advanced_no_library", secTunnels, "location", loc)
	}
	if slices.Contains(p.RewardedAt, a.Location) {
		return ruleErr("rewarded_no_library", secTunnels, "location", loc)
	}
	if p.Tokens[toks[0]].Latecomer {
		return ruleErr("already_latecomer", secTunnels, "location", loc)
	}
	for _, i := range toks {
		p.Tokens[i].Latecomer = true
	}
	t.Log(event("latecomers_sent", nil, "seat", t.S.name(seat), "location", loc))
	return nil
}

// latecomerReady reports whether a location is resolved and the seat has
// no advance from it still waiting.
func (st *State) latecomerReady(seat, loc int) bool {
	if !st.Resolved[loc-1] {
		return false
	}
	for _, q := range st.Queue {
		if q.Seat == seat && q.Location == loc {
			return false
		}
	}
	return true
}

// playTome records a tome card played. Code: "tome_during_legend" while
// the legend card is being resolved, unless the tome's text allows it.
type playTomeArgs struct {
	Tome       string `json:"tome"`
	TextAllows bool   `json:"text_allows"`
}

func playTome(t *kit.Turn[State], seat int, a playTomeArgs) error {
	if t.S.Phase == PhaseLegend && !a.TextAllows {
		return ruleErr("tome_during_legend", secLegend)
	}
	name := strings.TrimSpace(a.Tome)
	if name == "" {
		name = "tome"
	}
	p := (&t.S.Players[seat])
	p.TomesPlayed = append(p.TomesPlayed, name)
	p.TomeSteps = append(p.TomeSteps, t.S.stepKey())
	t.Log(event("tome_played", nil, "seat", t.S.name(seat), "tome", name))
	return nil
}

// pendingText describes the decisions still waiting, or "".
func (st *State) pendingText() string {
	var w []string
	for _, q := range st.Queue {
		if q.Seat == Guards {
			w = append(w, "the guards' advance")
		} else {
			w = append(w, st.Seats[q.Seat]+"'s advance")
		}
	}
	for s, p := range st.Players {
		if len(p.MinionChoice) > 0 {
			w = append(w, st.Seats[s]+"'s minion choice")
		}
	}
	return strings.Join(w, ", ")
}

// resolveLegend records that the table applied the legend card's effect;
// in solo mode a reward to the guards becomes 2 stars. Then the last tokens
// go back to their cells (latecomers to the LIBRARY), and Patrol follows:
// the active legend goes to the bottom of the deck and the next is
// revealed, the minion row advances; after the last round the last raid
// begins. Codes: "pending_decisions", "solo_only".
type resolveLegendArgs struct {
	GuardsRewarded *bool `json:"guards_rewarded"`
}

func resolveLegend(t *kit.Turn[State], seat int, a resolveLegendArgs) error {
	st := t.S
	if w := st.pendingText(); w != "" {
		return ruleErr("pending_decisions", secLegend, "what", w)
	}
	if a.GuardsRewarded != nil && !st.Solo {
		return ruleErr("solo_only", secSoloLegend)
	}
	if a.GuardsRewarded != nil && *a.GuardsRewarded {
		n := st.Data.GuardsLegendRewardStars.Value
		st.GuardState.LegendStars += n
		t.Log(event("guards_legend_stars", nil, "stars", fmt.Sprint(n)))
	}
	// The last tokens go back to their holding cells; latecomers pass
	// through the LIBRARY (its effect is the base game's).
	for s := range st.Players {
		p := &st.Players[s]
		for i := range p.Tokens {
			p.Tokens[i] = CrewToken{ID: p.Tokens[i].ID, Strength: p.Tokens[i].Strength, Explorer: p.Tokens[i].Explorer, Place: PlaceCell}
		}
	}
	t.Log(event("tokens_returned", nil))
	patrol(t)
	return nil
}

// patrol is the Patrol phase and the end of the round.
func patrol(t *kit.Turn[State]) {
	st := t.S
	old := st.ActiveLegend
	st.LegendDeck = append(st.LegendDeck, old)
	st.ActiveLegend, st.LegendDeck = st.LegendDeck[0], st.LegendDeck[1:]
	t.Reveal()
	t.Log(event("patrol", nil, "old", legendTerm(old), "legend", legendTerm(st.ActiveLegend)))
	patrolMinions(t)
	if st.Round >= st.Data.Rounds.Value {
		st.Phase = PhaseLastRaid
		st.Resolving = 0
		t.Log(event("last_raid", nil, "rounds", fmt.Sprint(st.Data.Rounds.Value)))
		return
	}
	st.Round++
	if st.Data.FirstPlayerRotates.Value {
		st.FirstPlayer = (st.FirstPlayer + 1) % len(st.Seats)
	}
	t.Log(st.startRollCall(t.RNG)...)
}

// finishRaid ends the last raid and opens final scoring, prefilling each
// player's minion counts from the minions recruited through the app.
func finishRaid(t *kit.Turn[State], seat int) error {
	st := t.S
	st.Phase = PhaseFinalScoring
	for s := range st.Players {
		p := &st.Players[s]
		for _, mn := range p.Minions {
			if c, ok := minionCountCategory[mn.Type]; ok {
				p.Score.Counts[c]++
			}
		}
	}
	t.Log(event("final_scoring", nil))
	return nil
}
