package kit

import (
	"encoding/json"
	"testing"
)

// testData is a game's data in small: groups at the top, in a list and
// under an unexported embedding, as the games write them.
type testData struct {
	About  string    `json:"about"`
	Rounds testCount `json:"rounds"`
	Limit  testCount `json:"limit"`
	Cards  []struct {
		Sourced
		Name string `json:"name"`
		Cost int    `json:"cost,omitempty"`
	} `json:"cards"`
	Board struct {
		Sourced
		Spaces []string       `json:"spaces"`
		Costs  map[string]int `json:"costs"`
	} `json:"board"`
}

type testCount struct {
	sourced
	Value int `json:"value"`
}

type sourced = Sourced

const testDataJSON = `{
	"about": "test",
	"rounds": {"source": "rulebook", "section": "Set Up", "value": 5},
	"limit": {"source": "assumed", "value": 3},
	"cards": [{"source": "rulebook", "name": "A", "cost": 2}, {"source": "assumed", "name": "B", "cost": 1}],
	"board": {"source": "assumed", "spaces": ["x", "y", "z"], "costs": {"gold": 1, "wood": 2}}
}`

func loadTestData(t *testing.T, override string) testData {
	t.Helper()
	var d testData
	if err := LoadData([]byte(testDataJSON), json.RawMessage(override), "Rule", &d); err != nil {
		t.Fatalf("LoadData(%s): %v", override, err)
	}
	return d
}

func TestLoadDataMarksExactlyTheGroupsTheOverrideGives(t *testing.T) {
	d := loadTestData(t, `{"limit": {"value": 4}}`)
	if got, want := d.Limit.Source, SourceTableEntered; got != want {
		t.Errorf("limit source = %q, want %q", got, want)
	}
	if got, want := d.Limit.Value, 4; got != want {
		t.Errorf("limit = %d, want %d", got, want)
	}
	if got, want := d.Rounds.Source, SourceRulebook; got != want {
		t.Errorf("rounds source = %q, want %q (not given by the override)", got, want)
	}
	if got, want := d.Board.Source, SourceAssumed; got != want {
		t.Errorf("board source = %q, want %q (not given by the override)", got, want)
	}
	for i, c := range d.Cards {
		if c.Source == SourceTableEntered {
			t.Errorf("card %d is marked table-entered; the override does not give it", i)
		}
	}
}

func TestLoadDataKeepsAStatedSource(t *testing.T) {
	d := loadTestData(t, `{"rounds": {"source": "assumed", "value": 4}, "board": {"spaces": ["q"]}}`)
	if got, want := d.Rounds.Source, SourceAssumed; got != want {
		t.Errorf("rounds source = %q, want %q (the override states it)", got, want)
	}
	if got, want := d.Rounds.Section, "Set Up"; got != want {
		t.Errorf("rounds section = %q, want %q (an object merges)", got, want)
	}
	if got, want := d.Board.Source, SourceTableEntered; got != want {
		t.Errorf("board source = %q, want %q", got, want)
	}
}

func TestLoadDataReplacesListsAndMergesObjects(t *testing.T) {
	d := loadTestData(t, `{"cards": [{"name": "C"}], "board": {"costs": {"gold": 5}}}`)
	if got, want := len(d.Cards), 1; got != want {
		t.Fatalf("%d cards, want %d: a list replaces the embedded one", got, want)
	}
	if got, want := d.Cards[0].Cost, 0; got != want {
		t.Errorf("card C cost = %d, want %d: an item of a given list keeps nothing of the embedded item", got, want)
	}
	if got, want := d.Cards[0].Source, SourceTableEntered; got != want {
		t.Errorf("card C source = %q, want %q", got, want)
	}
	if got, want := d.Board.Costs["wood"], 2; got != want {
		t.Errorf("wood cost = %d, want %d: a map merges key by key", got, want)
	}
	if got, want := d.Board.Costs["gold"], 5; got != want {
		t.Errorf("gold cost = %d, want %d", got, want)
	}
	if got, want := len(d.Board.Spaces), 3; got != want {
		t.Errorf("%d spaces, want %d: a list the override leaves out stays", got, want)
	}
}

func TestLoadDataRefusesABadOverride(t *testing.T) {
	for _, override := range []string{`[1]`, `{"nope": 1}`, `{"limit": {"value": "x"}}`, `{"limit": {"value": 1}} {}`, `{"limit": {"source": "table", "value": 1}}`, `{"cards": [{"name": "C", "source": "mine"}]}`} {
		var d testData
		err := LoadData([]byte(testDataJSON), json.RawMessage(override), "Rule", &d)
		re, ok := AsRuleError(err)
		if !ok {
			t.Errorf("LoadData(%s) = %v, want a *RuleError", override, err)
			continue
		}
		if got, want := re.Code, "bad_option"; got != want {
			t.Errorf("LoadData(%s) code = %q, want %q", override, got, want)
		}
	}
}

func TestLoadDataWithoutOverrideKeepsTheEmbeddedSources(t *testing.T) {
	for _, override := range []string{``, `null`, ` `} {
		d := loadTestData(t, override)
		if got, want := d.Limit.Source+","+d.Board.Source, SourceAssumed+","+SourceAssumed; got != want {
			t.Errorf("override %q: sources %q, want %q", override, got, want)
		}
	}
}

func TestLoadDataRequiresEverySourceInTheEmbeddedData(t *testing.T) {
	for _, embedded := range []string{
		`{"limit": {"value": 3}}`,
		`{"limit": {"source": "guess", "value": 3}}`,
		`{"cards": [{"source": "assumed", "name": "A"}, {"name": "B"}]}`,
	} {
		var d testData
		err := LoadData([]byte(embedded), nil, "Rule", &d)
		if err == nil {
			t.Errorf("LoadData(%s) accepted a group without a valid source", embedded)
			continue
		}
		if _, ok := AsRuleError(err); ok {
			t.Errorf("LoadData(%s) = %v, a *RuleError; a bad embedded file is a programming error", embedded, err)
		}
	}
}
