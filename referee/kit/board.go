package kit

// BoardView is the drawable part of a view: the places of the game's board
// (rooms, locations, catacomb chambers, map tiles) with what stands on
// them, the connections between them, and big counters. The board page
// draws it as SVG for any game, so a game describes its board here instead
// of in prose. It is a shared part: the same for every viewer of a state
// (never a face-down identity), like Seats, Tracks and Public.
type BoardView struct {
	// Title names the board ("The Nostromo", "The catacombs").
	Title string `json:"title,omitempty"`
	// Nodes are the places, laid out on a unit square: X and Y from 0 (left,
	// top) to 1 (right, bottom). The layout comes from the game's data.json.
	Nodes []BoardNode `json:"nodes,omitempty"`
	// Edges connect places (corridors, paths, routes).
	Edges []BoardEdge `json:"edges,omitempty"`
	// Counters are big numbers shown beside the board: "Bag: 42 tokens",
	// "Mission deck: 20", "Round 3 of 5".
	Counters []BoardCounter `json:"counters,omitempty"`
	// Slots are named places that hold one card or marker each (the five
	// emergency procedures, the current alert).
	Slots []BoardSlot `json:"slots,omitempty"`
}

// BoardNode is one place of the board.
type BoardNode struct {
	ID    string  `json:"id"`
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	// Tags mark states the board shows: "locked", "unlocked", "current",
	// "danger", "closed", "exit"…
	Tags []string `json:"tags,omitempty"`
	// Note is a short line under the label ("Ship Control: Locked").
	Note   string  `json:"note,omitempty"`
	Pieces []Piece `json:"pieces,omitempty"`
	// Row and Col, when set, make the place a square of a map drawn as a
	// grid: its row and column in the game's own numbering (from 1). The
	// board page then draws it as a cell of the tile that covers it.
	Row int `json:"row,omitempty"`
	Col int `json:"col,omitempty"`
	// Rows and Cols, when set, make the place a map tile drawn as a grid:
	// it covers the squares from Row, Col to Row+Rows-1, Col+Cols-1, and
	// the board page draws them as cells with row and column headers.
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	// Mark is a short sign (a few characters) that a grid cell shows for
	// the square itself, beside its pieces: an entry square's number, a
	// square's place along a path.
	Mark string `json:"mark,omitempty"`
}

// Piece is something standing on a place.
type Piece struct {
	// Kind says how to draw it: "back" (a face-down token or card, never
	// its identity), "token", "character", "enemy", "marker".
	Kind  string `json:"kind"`
	Label string `json:"label"`
	// Seat is the owning seat, or nil.
	Seat *int `json:"seat,omitempty"`
	// Count is how many of this piece stand there (0 means 1).
	Count int `json:"count,omitempty"`
	// Short, when set, is what the piece shows on itself (a letter, an
	// arrow) instead of the first letters of its label; the label says it
	// in words.
	Short string `json:"short,omitempty"`
	// Tags mark states the piece is drawn in ("subdued"); its label says
	// them in words too.
	Tags []string `json:"tags,omitempty"`
}

// BoardEdge connects two places by their IDs.
type BoardEdge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label,omitempty"`
	// Tags as for nodes ("collapsed", "open", "one-way").
	Tags []string `json:"tags,omitempty"`
}

// BoardCounter is a big number with its label.
type BoardCounter struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// BoardSlot is a named place for one card or marker.
type BoardSlot struct {
	// Key names the slot for a program ("alert", "station:weapons",
	// "minion:2"): the same slot has the same key in every view.
	Key   string `json:"key"`
	Label string `json:"label"`
	// Value is what fills the slot, or "" when it is empty.
	Value string   `json:"value,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}
