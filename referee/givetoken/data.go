package givetoken

import (
	_ "embed"
	"fmt"

	"tablewarden/referee/kit"
)

//go:embed data.json
var dataJSON []byte

// Colours lists the bag's colours in the order views list them.
var Colours = []string{"red", "green", "blue", "gold"}

// Data is Give a Token's game data: the bag and the hand size.
type Data struct {
	Bag  BagData  `json:"bag" vis:"public"`
	Hand HandData `json:"hand" vis:"public"`
}

// BagData is how many tokens of each colour the bag holds.
type BagData struct {
	kit.Sourced `vis:"public"`
	Counts      map[string]int `json:"counts" vis:"public"`
}

// HandData is the size of every seat's hand.
type HandData struct {
	kit.Sourced `vis:"public"`
	Size        int `json:"size" vis:"public"`
}

// data is the embedded game data, loaded once.
var data = mustLoad()

func mustLoad() Data {
	var d Data
	if err := kit.LoadData(dataJSON, nil, ruleSetup, &d); err != nil {
		panic(fmt.Sprintf("givetoken: data.json: %v", err))
	}
	for _, c := range Colours {
		if d.Bag.Counts[c] < 0 {
			panic("givetoken: data.json: negative count of " + c)
		}
	}
	return d
}
