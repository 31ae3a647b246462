package table

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// viewShare holds the parts of a game view that every screen of one
// snapshot shares, encoded once: kit.View's Seats, Tracks and Public, taken
// from the board's view. By the kit's contract (kit.View) these parts are
// the same for every viewer, and every game's own tests enforce it at each
// step (kit.CheckSharedParts in kittest.Play and the fuzz checks). Taking
// them from the board, the screen that may see least, means that even a
// game that broke the contract could only show a phone too little, never
// another seat's secret.
//
// A viewShare belongs to one push of one snapshot.
type viewShare struct {
	seats, tracks, public, board json.RawMessage // nil when omitted
}

// newViewShare encodes the shared parts of snap's game view, or returns nil
// when the table has no game state yet.
func newViewShare(snap *tableSnapshot) (*viewShare, error) {
	if snap.state == nil {
		return nil, nil
	}
	return shareOf(snap.game.View(snap.state, kit.BoardViewer))
}

// shareOf encodes the shared parts of v.
func shareOf(v kit.View) (*viewShare, error) {
	var sh viewShare
	var err error
	if sh.seats, err = json.Marshal(v.Seats); err != nil {
		return nil, err
	}
	if len(v.Tracks) > 0 { // omitempty drops an empty slice
		if sh.tracks, err = json.Marshal(v.Tracks); err != nil {
			return nil, err
		}
	}
	if v.Public != nil { // omitempty drops only a nil interface
		if sh.public, err = json.Marshal(v.Public); err != nil {
			return nil, err
		}
	}
	if v.Board != nil {
		if sh.board, err = json.Marshal(v.Board); err != nil {
			return nil, err
		}
	}
	return &sh, nil
}

// viewHead and viewRest are kit.View without its shared parts; together
// with them they give kit.View's fields in its order, with its names and
// omitempty rules.
type viewHead struct {
	Game       string `json:"game"`
	Phase      string `json:"phase"`
	PhaseLabel string `json:"phase_label,omitempty"`
	Turn       []int  `json:"turn"`
}

type viewRest struct {
	Private any            `json:"private,omitempty"`
	Moves   []kit.MoveSpec `json:"moves"`
	Timers  []kit.Timer    `json:"timers,omitempty"`
	Outcome *kit.Outcome   `json:"outcome,omitempty"`
	Prompt  *kit.Prompt    `json:"prompt,omitempty"`
}

// encodeView returns json.Marshal(v) with share's parts in place of v's own
// Seats, Tracks and Public; with share nil, json.Marshal(v) itself.
func encodeView(v *kit.View, share *viewShare) ([]byte, error) {
	if share == nil {
		return json.Marshal(v)
	}
	head, err := json.Marshal(viewHead{Game: v.Game, Phase: v.Phase, PhaseLabel: v.PhaseLabel, Turn: v.Turn})
	if err != nil {
		return nil, err
	}
	rest, err := json.Marshal(viewRest{Private: v.Private, Moves: v.Moves, Timers: v.Timers, Outcome: v.Outcome, Prompt: v.Prompt})
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, len(head)+len(rest)+len(share.seats)+len(share.tracks)+len(share.public)+len(share.board)+32)
	buf = append(buf, head[:len(head)-1]...) // without its '}'
	buf = append(buf, `,"seats":`...)
	buf = append(buf, share.seats...)
	if share.tracks != nil {
		buf = append(buf, `,"tracks":`...)
		buf = append(buf, share.tracks...)
	}
	if share.public != nil {
		buf = append(buf, `,"public":`...)
		buf = append(buf, share.public...)
	}
	if share.board != nil {
		buf = append(buf, `,"board":`...)
		buf = append(buf, share.board...)
	}
	buf = append(buf, ',')
	return append(buf, rest[1:]...), nil // rest always holds "moves"
}
