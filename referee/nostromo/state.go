package nostromo

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// The phases (Game Turn Overview), plus setup and the end of the game.
const (
	PhaseSetup      = "setup"
	PhaseHiding     = "hiding"
	PhasePosture    = "posture"
	PhaseAppearance = "appearance"
	PhaseHunting    = "hunting"
	PhaseAction     = "action"
	PhaseEndOfTurn  = "end_of_turn"
	PhaseOver       = "over"
	// PhaseAttack is what views show while an attack phase (special phase)
	// interrupts the appearance or hunting phase.
	PhaseAttack = "attack"
)

// The Crew token kinds.
const (
	Presence = "presence"
	Passage  = "passage"
)

// The Blip token kinds.
const (
	BlipAlien     = "alien"
	BlipJonesy    = "jonesy"
	BlipBreakdown = "breakdown"
)

// The postures.
const (
	Aggressive  = "aggressive"
	Instinctive = "instinctive"
	Focused     = "focused"
)

// The Item tokens.
const (
	FlameThrower   = "flame_thrower"
	MotionDetector = "motion_detector"
)

// The difficulty levels (Game Options › Difficulty).
const (
	Novice      = "novice"
	Experienced = "experienced"
	HardCore    = "hardcore"
)

// The rooms the rules name.
const (
	RoomMother  = 1
	RoomKitchen = 4
	RoomInfirm  = 5
	RoomNest    = 7
	RoomShuttle = 10
)

// Options are the table options (Game Options).
type Options struct {
	Difficulty string          `json:"difficulty" vis:"public"`
	Heroic     bool            `json:"heroic" vis:"public"`
	Survival   bool            `json:"survival" vis:"public"`
	Data       json.RawMessage `json:"data,omitempty" vis:"public"`
}

// CrewToken is one Crew token: a color and a kind (Presence or Passage).
type CrewToken struct {
	Color string `json:"color" vis:"public"`
	Kind  string `json:"kind" vis:"public"`
}

// BoardToken is a Crew token on the board. Handle is a number given when
// it is placed (placement order), which says nothing of its identity.
type BoardToken struct {
	Handle int `json:"handle" vis:"public"`
	Room   int `json:"room" vis:"public"`
	Placer int `json:"placer" vis:"public"`
	// Token is the token's identity; nobody sees it while it lies face
	// down once the hiding phase is over (crew seats see it during hiding).
	Token CrewToken `json:"token" vis:"hidden"`
	// Shown is the identity once the token is face up, nil while face down.
	Shown *CrewToken `json:"shown,omitempty" vis:"public"`
}

// BlipToken is a Blip token on the board.
type BlipToken struct {
	Handle int `json:"handle" vis:"public"`
	Room   int `json:"room" vis:"public"`
	// Kind is alien, jonesy or breakdown; the Alien player sees it during
	// hiding, nobody afterwards until it is flipped.
	Kind string `json:"kind" vis:"hidden"`
	// Shown is the kind once flipped face up, "" while face down.
	Shown string `json:"shown,omitempty" vis:"public"`
}

// CrewCard is one crew member card.
type CrewCard struct {
	Name string `json:"name" vis:"public"`
	// Captured cards lie face down with the Alien player. The book does
	// not make their identity secret, so it is public.
	Captured bool `json:"captured" vis:"public"`
	// Owner is the Heroic mode owner seat, -1 outside Heroic mode.
	Owner int `json:"owner" vis:"public"`
	// Presence is the color of the Presence token placed on it this turn.
	Presence string `json:"presence,omitempty" vis:"public"`
}

// Item is an Item token: in a room (Holder -1) or in front of a player.
type Item struct {
	Name   string `json:"name" vis:"public"`
	Room   int    `json:"room" vis:"public"`
	Holder int    `json:"holder" vis:"public"`
}

// Task is one pending step on the task stack: an automatic step the
// referee runs, or a decision it waits for. The top of the stack (last
// element) runs first.
type Task struct {
	Kind   string `json:"kind" vis:"public"`
	Seat   int    `json:"seat" vis:"public"`
	N      int    `json:"n,omitempty" vis:"public"`
	Card   int    `json:"card,omitempty" vis:"public"`
	Room   int    `json:"room,omitempty" vis:"public"`
	Source string `json:"source,omitempty" vis:"public"`
	Reason string `json:"reason,omitempty" vis:"public"`
	Color  string `json:"color,omitempty" vis:"public"`
	Sub    int    `json:"sub,omitempty" vis:"public"`
	// Handles lists tokens still to move (Motion detector) or seats still
	// to pass a set (end of turn).
	Handles []int `json:"handles,omitempty" vis:"public"`
	// Takers lists the seats still to receive a set (end of turn).
	Takers []int `json:"takers,omitempty" vis:"public"`
}

// Attack is an attack phase as the table sees it: where, and which
// Presence tokens the Alien caught there.
type Attack struct {
	Room int `json:"room" vis:"public"`
	// Caught lists the colours of the captured Presence tokens ("red"),
	// in the order they were caught.
	Caught []string `json:"caught,omitempty" vis:"public"`
	// Over is set once the attack phase has ended.
	Over bool `json:"over,omitempty" vis:"public"`
}

// State is a whole game of Alien: USCSS Nostromo.
type State struct {
	Options Options  `json:"options" vis:"public"`
	Data    *Data    `json:"data" vis:"public"`
	Names   []string `json:"names" vis:"public"`
	// Alien is the Alien player's seat, -1 until the host records it.
	Alien int    `json:"alien" vis:"public"`
	Phase string `json:"phase" vis:"public"`
	Stage string `json:"stage" vis:"public"`
	Round int    `json:"round" vis:"public"`
	// Sets maps a color index to the seat holding that Reminder card.
	Sets []int `json:"sets" vis:"public"`
	// ExtraSets is how many extra sets the Alien still chooses (5–6 players).
	ExtraSets int `json:"extra_sets" vis:"public"`

	// Hands are the Mission cards in each seat's hand.
	Hands [][]int `json:"hands" vis:"private"`
	// Deck is the Mission deck, top first.
	Deck kit.Deck[int] `json:"deck" vis:"hidden"`
	// Discard is the Mission discard pile, oldest first.
	Discard []int `json:"discard" vis:"public"`
	// Activated are the activated emergency procedure cards.
	Activated []int `json:"activated" vis:"public"`
	// ActivatedThisTurn counts activations this game turn.
	ActivatedThisTurn int `json:"activated_this_turn" vis:"public"`

	CrewCards []CrewCard `json:"crew_cards" vis:"public"`

	Behaviour kit.Deck[int] `json:"behaviour" vis:"hidden"`
	// BehaviourDrawn are the cards the Alien drew for the Instinctive
	// posture and has not yet played or put back.
	BehaviourDrawn   []int  `json:"behaviour_drawn" vis:"private"`
	BehaviourDiscard []int  `json:"behaviour_discard" vis:"public"`
	Posture          string `json:"posture,omitempty" vis:"public"`

	// Reserve holds, per seat, the Crew tokens in front of that player
	// (not on the board). In Survival mode every token is in Pool instead.
	// Crew seats may look at them during hiding (1 - Hiding Phase).
	Reserve [][]CrewToken `json:"reserve" vis:"private"`
	Pool    []CrewToken   `json:"pool" vis:"private"`
	// BlipReserve are the Alien's Blip tokens not on the board.
	BlipReserve []string `json:"blip_reserve" vis:"private"`
	// Breakdowns is how many Breakdown tokens the Alien owns (1 + Focused).
	Breakdowns int `json:"breakdowns" vis:"public"`

	Board      []BoardToken `json:"board" vis:"public"`
	Blips      []BlipToken  `json:"blips" vis:"public"`
	NextHandle int          `json:"next_handle" vis:"public"`
	// Removed are the Crew tokens taken off the board this turn (all were
	// face up); they go back to their owners at the end of the turn.
	Removed []CrewToken `json:"removed" vis:"public"`
	// Captured are the colors of the Presence tokens the Alien keeps
	// (Survival mode).
	Captured []string `json:"captured" vis:"public"`
	Items    []Item   `json:"items" vis:"public"`

	// Hiding progress: the crew seats placing this step, whose turn, and
	// how many tokens the current placer has placed.
	HideOrder []int `json:"hide_order" vis:"public"`
	HideIdx   int   `json:"hide_idx" vis:"public"`
	Placed    int   `json:"placed" vis:"public"`

	AlienRoom  int   `json:"alien_room" vis:"public"`
	JonesyRoom int   `json:"jonesy_room" vis:"public"`
	HuntLeft   int   `json:"hunt_left" vis:"public"`
	AttackRoom int   `json:"attack_room" vis:"public"`
	ToApply    []int `json:"to_apply" vis:"public"`

	// Resolving is the room being resolved in the action phase, Acting the
	// Presence tokens there that still owe an action.
	Resolving int   `json:"resolving" vis:"public"`
	Acting    []int `json:"acting" vis:"public"`

	Tasks []Task `json:"tasks" vis:"public"`

	// NoOrders marks, by seat, the Crew players who said "I have no
	// mission orders this turn": the referee passes for them until the
	// next game turn. Said aloud at the table, so public.
	NoOrders []bool `json:"no_orders,omitempty" vis:"public"`
	// Attack is the attack phase in progress, or the last one of this
	// appearance or hunting phase, for the public banner.
	Attack *Attack `json:"attack,omitempty" vis:"public"`

	Winner string `json:"winner,omitempty" vis:"public"`
	Reason string `json:"reason,omitempty" vis:"public"`
	// ReasonCode is Reason's message-catalog key.
	ReasonCode string `json:"reason_code,omitempty" vis:"public"`
}

// Clone returns a deep copy that shares no mutable memory with s (Data is
// shared: it is never modified).
func (s *State) Clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.Sets = append([]int(nil), s.Sets...)
	c.Hands = make([][]int, len(s.Hands))
	for i, h := range s.Hands {
		c.Hands[i] = append([]int(nil), h...)
	}
	c.Deck = s.Deck.Clone()
	c.Discard = append([]int(nil), s.Discard...)
	c.Activated = append([]int(nil), s.Activated...)
	c.CrewCards = append([]CrewCard(nil), s.CrewCards...)
	c.Behaviour = s.Behaviour.Clone()
	c.BehaviourDrawn = append([]int(nil), s.BehaviourDrawn...)
	c.BehaviourDiscard = append([]int(nil), s.BehaviourDiscard...)
	c.Reserve = make([][]CrewToken, len(s.Reserve))
	for i, r := range s.Reserve {
		c.Reserve[i] = append([]CrewToken(nil), r...)
	}
	c.Pool = append([]CrewToken(nil), s.Pool...)
	c.BlipReserve = append([]string(nil), s.BlipReserve...)
	c.Board = make([]BoardToken, len(s.Board))
	for i, t := range s.Board {
		if t.Shown != nil {
			sh := *t.Shown
			t.Shown = &sh
		}
		c.Board[i] = t
	}
	c.Blips = append([]BlipToken(nil), s.Blips...)
	c.Removed = append([]CrewToken(nil), s.Removed...)
	c.Captured = append([]string(nil), s.Captured...)
	c.Items = append([]Item(nil), s.Items...)
	c.HideOrder = append([]int(nil), s.HideOrder...)
	c.ToApply = append([]int(nil), s.ToApply...)
	c.Acting = append([]int(nil), s.Acting...)
	c.NoOrders = append([]bool(nil), s.NoOrders...)
	if s.Attack != nil {
		at := *s.Attack
		at.Caught = append([]string(nil), at.Caught...)
		c.Attack = &at
	}
	c.Tasks = make([]Task, len(s.Tasks))
	for i, t := range s.Tasks {
		t.Handles = append([]int(nil), t.Handles...)
		t.Takers = append([]int(nil), t.Takers...)
		c.Tasks[i] = t
	}
	return &c
}
