package spacecadets

// distance is the range between two squares, counted orthogonally (the
// data's range_metric; assumed, as the base game's counting is not in this
// book).
func distance(r1, c1, r2, c2 int) int {
	return abs(r1-r2) + abs(c1-c2)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// direction is the compass direction from (r1,c1) towards (r2,c2): the
// axis with the larger difference, the north–south axis on a tie.
func direction(r1, c1, r2, c2 int) string {
	dr, dc := r2-r1, c2-c1
	if abs(dr) >= abs(dc) {
		if dr < 0 {
			return "N"
		}
		return "S"
	}
	if dc < 0 {
		return "W"
	}
	return "E"
}

func opposite(dir string) string {
	return map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}[dir]
}

// facingShield is the ship's shield that faces a compass direction.
// shields are named in the order Fore, Aft, Port, Starboard.
func facingShield(shields []string, facing, dir string) string {
	rel := (compass(dir) - compass(facing) + 4) % 4
	switch rel {
	case 0:
		return shields[0]
	case 1:
		return shields[3]
	case 2:
		return shields[1]
	}
	return shields[2]
}

func compass(d string) int {
	switch d {
	case "E":
		return 1
	case "S":
		return 2
	case "W":
		return 3
	}
	return 0
}

// krakenTile is the tile (0–3, clockwise from the top left) of a square
// on the Kraken map.
func krakenTile(k KrakenData, row, col int) int {
	top, left := row <= k.TileSize, col <= k.TileSize
	switch {
	case top && left:
		return 0
	case top:
		return 1
	case !left:
		return 2
	}
	return 3
}

// spinStep is the direction a tentacle slides from each tile when the
// Kraken spins clockwise.
var spinStep = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

var spinDir = [4]string{"E", "S", "W", "N"}
