package spacecadets

import (
	"fmt"
	"testing"

	"tablewarden/referee/kit"
)

// gridOf finds, for every square node of a board, the tile node whose
// rows and columns cover it; it fails the test for a square outside every
// tile or covered by two.
func gridOf(t *testing.T, b *kit.BoardView) map[string]kit.BoardNode {
	t.Helper()
	var tiles []kit.BoardNode
	for _, n := range b.Nodes {
		if n.Rows > 0 || n.Cols > 0 {
			tiles = append(tiles, n)
		}
	}
	if len(tiles) == 0 {
		t.Fatal("no tile node has rows and columns")
	}
	squares := map[string]kit.BoardNode{}
	for _, n := range b.Nodes {
		if n.Rows > 0 || n.Row == 0 {
			continue
		}
		covered := 0
		for _, tl := range tiles {
			if n.Row >= tl.Row && n.Row < tl.Row+tl.Rows && n.Col >= tl.Col && n.Col < tl.Col+tl.Cols {
				covered++
			}
		}
		if covered != 1 {
			t.Errorf("square %s (row %d, column %d) is in %d tiles, want 1", n.ID, n.Row, n.Col, covered)
		}
		squares[n.ID] = n
	}
	return squares
}

// TestBoardSiegeGrid checks Mission 8's grid: every square of the enemies'
// path is a cell at its row and column, marked with its place along the
// path (1 is the Enemy Start square).
func TestBoardSiegeGrid(t *testing.T) {
	tb := newTable(t, `{"mission":"8","difficulty":"normal"}`, 4, 7)
	b := boardOf(tb.s)
	squares := gridOf(t, b)
	for i, sq := range tb.s.D().M8.Path {
		n, ok := squares[fmt.Sprintf("sq-0-%d-%d", sq[0], sq[1])]
		if !ok {
			t.Fatalf("path square %d (%v) has no cell", i+1, sq)
		}
		if got, want := [2]int{n.Row, n.Col}, [2]int{sq[0], sq[1]}; got != want {
			t.Errorf("path square %d: row and column %v, want %v", i+1, got, want)
		}
		if got, want := n.Mark, fmt.Sprint(i+1); got != want {
			t.Errorf("path square %d: mark %q, want %q", i+1, got, want)
		}
	}
}

// TestBoardInvisibleGrid checks Mission H4's grid: the 10×10 map's four
// tiles cover it, each entry square is a cell marked with its die number,
// and the crystals are cells at their squares.
func TestBoardInvisibleGrid(t *testing.T) {
	tb := newTable(t, `{"mission":"H4","difficulty":"normal"}`, 4, 7)
	d := tb.s.D()
	b := boardOf(tb.s)
	squares := gridOf(t, b)
	cover := 0
	for _, n := range b.Nodes {
		cover += n.Rows * n.Cols
	}
	if got, want := cover, 100; got != want {
		t.Errorf("the tiles cover %d squares, want %d", got, want)
	}
	for i, sq := range d.H4.EntrySquares {
		n, ok := squares[fmt.Sprintf("sq-0-%d-%d", sq[0], sq[1])]
		if !ok {
			t.Fatalf("entry square %d (%v) has no cell", i+1, sq)
		}
		if got, want := n.Mark, fmt.Sprint(i+1); n.Note == fmt.Sprintf("Enemy entry square %d", i+1) && got != want {
			t.Errorf("entry square %d: mark %q, want %q", i+1, got, want)
		}
	}
	for i, sq := range d.H4.Crystals {
		if _, ok := squares[fmt.Sprintf("sq-0-%d-%d", sq[0], sq[1])]; !ok {
			t.Errorf("crystal %d (%v) has no cell", i+1, sq)
		}
	}
}

// TestBoardRabbitHangs checks that Mission 7's tiles, each its own 5×5
// drawn apart, are not drawn as one grid: its squares hang from them.
func TestBoardRabbitHangs(t *testing.T) {
	tb := newTable(t, `{"mission":"7","difficulty":"normal"}`, 4, 7)
	for _, n := range boardOf(tb.s).Nodes {
		if n.Rows != 0 || n.Cols != 0 {
			t.Errorf("Mission 7's %s has %d rows and %d columns, want none", n.ID, n.Rows, n.Cols)
		}
	}
}
