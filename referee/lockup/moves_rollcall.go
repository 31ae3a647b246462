package lockup

import (
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// assignArgs are the arguments of "assign".
type assignArgs struct {
	Token    string `json:"token"`
	Location int    `json:"location"`
	FaceDown bool   `json:"face_down"`
}

// assign puts one crew token from the holding cell on a board location,
// face up or face down. Players take turns clockwise from the first player,
// one token a turn (base game; assumed). Codes: "not_your_turn",
// "already_passed", "unknown_token", "token_not_in_cell",
// "unknown_location", "must_pass" (the 7th token must stay: only six go on
// board locations), "face_down_limit".
func assign(t *kit.Turn[State], seat int, a assignArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if err := rollCallTurn(t, seat); err != nil {
		return err
	}
	i := p.token(a.Token)
	if i < 0 {
		return ruleErr("unknown_token", secRollCall, "token", a.Token)
	}
	if p.Tokens[i].Place != PlaceCell {
		return ruleErr("token_not_in_cell", secRollCall, "token", tokenLabel(p.Tokens[i]))
	}
	if a.Location < 1 || a.Location > 7 {
		return ruleErr("unknown_location", secRollCall, "location", fmt.Sprint(a.Location))
	}
	if p.inCell() <= 1 {
		return ruleErr("must_pass", secRollCall)
	}
	if a.FaceDown {
		if lim := st.Data.faceDownLimit(len(st.Seats)); p.FaceDown >= lim {
			return ruleErr("face_down_limit", secRollCall, "limit", fmt.Sprint(lim))
		}
		p.FaceDown++
	}
	tok := &p.Tokens[i]
	st.Placements++
	tok.Place, tok.Location, tok.FaceDown, tok.Placed = PlaceLocation, a.Location, a.FaceDown, st.Placements
	loc := t.S.locName(a.Location)
	if a.FaceDown {
		t.Log(event("assigned_face_down", nil, "seat", t.S.name(seat), "location", loc),
			event("your_face_down", []int{seat}, "token", tokenLabel(*tok), "location", loc))
	} else {
		t.Log(event("assigned", nil, "seat", t.S.name(seat), "token", tokenLabel(*tok), "location", loc))
	}
	nextRollCallTurn(t)
	return nil
}

// pass ends the player's Roll Call: with one token left in the holding cell
// the player must pass, and that token goes face down on the active legend
// card (it does not count toward the face-down limit). Codes:
// "not_your_turn", "already_passed", "cannot_pass_yet" (more than one token
// left: tokens go on the legend card no other way).
func pass(t *kit.Turn[State], seat int) error {
	p := (&t.S.Players[seat])
	if err := rollCallTurn(t, seat); err != nil {
		return err
	}
	cell := p.tokensIn(PlaceCell, 0)
	if len(cell) != 1 {
		return ruleErr("cannot_pass_yet", secRollCall, "n", fmt.Sprint(len(cell)))
	}
	tok := &p.Tokens[cell[0]]
	t.S.Placements++
	tok.Place, tok.FaceDown, tok.Placed = PlaceLegend, true, t.S.Placements
	p.Passed = true
	t.Log(event("passed", nil, "seat", t.S.name(seat)))
	nextRollCallTurn(t)
	return nil
}

func rollCallTurn(t *kit.Turn[State], seat int) error {
	if (&t.S.Players[seat]).Passed {
		return ruleErr("already_passed", secRollCall)
	}
	if t.S.Turn != seat {
		return ruleErr("not_your_turn", secRollCall, "seat", t.S.name(t.S.Turn))
	}
	return nil
}

// nextRollCallTurn hands the turn clockwise to the next player who has not
// passed, or starts Lights Out when everyone has passed.
func nextRollCallTurn(t *kit.Turn[State]) {
	st := t.S
	n := len(st.Seats)
	for i := 1; i <= n; i++ {
		s := (st.Turn + i) % n
		if !st.Players[s].Passed {
			st.Turn = s
			return
		}
	}
	startLightsOut(t)
}

func (st *State) locName(n int) string {
	return fmt.Sprintf("%d %s", n, st.Data.locationTerm(n))
}

// tokenTerm is a crew token's term as data: its code and values.
func tokenTerm(c CrewToken) (string, map[string]string) {
	if c.Explorer {
		return "explorer", map[string]string{"strength": strconv.Itoa(c.Strength)}
	}
	return "token", map[string]string{"n": strings.TrimPrefix(c.ID, "crew"), "strength": strconv.Itoa(c.Strength)}
}

// tokenLabel names a crew token for screens, as a term.
func tokenLabel(c CrewToken) string {
	code, p := tokenTerm(c)
	if c.Explorer {
		return term(code, "strength", p["strength"])
	}
	return term(code, "n", p["n"], "strength", p["strength"])
}
