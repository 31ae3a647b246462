package kittest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"tablewarden/referee/kit"
)

// Labels is a game's catalog of words for people: every label and message
// of its Info (moves, arguments, choices, options, every message of every
// language), and the labels its views show (phase labels, track labels,
// move labels). A view field that a program reads must never hold one of
// them: it holds a code, and the words sit beside it or in the catalog
// (referee/README.md, "Codes in data, words apart").
type Labels struct {
	words map[string]bool
	// keys are the string values of choices: codes and data keys.
	keys map[string]bool
}

// CatalogLabels returns the labels of g's Info.
func CatalogLabels(info kit.Info) Labels {
	l := Labels{words: map[string]bool{}, keys: map[string]bool{}}
	add := func(s string) {
		s = strings.TrimSpace(s)
		// One-letter and numeric labels ("1", "A") say nothing apart
		// from a code.
		if len(s) > 1 && strings.ContainsFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r == ' ' || r > 127 }) {
			l.words[s] = true
		}
	}
	// A choice whose label is its value names a thing of the game's data
	// by its key (a room, a character, a card as printed): that is the
	// thing's identifier, not a label put in a code's place.
	choices := func(cs []kit.Choice) {
		for _, c := range cs {
			if v, ok := c.Value.(string); ok {
				add(c.Label)
				l.keys[v] = true
			}
		}
	}
	for _, m := range info.Moves {
		add(m.Label)
		for _, a := range m.Args {
			add(a.Label)
			choices(a.Choices)
		}
	}
	for _, o := range info.Options {
		add(o.Label)
		choices(o.Choices)
	}
	for _, msgs := range info.Messages {
		for _, s := range msgs {
			add(s)
		}
	}
	return l
}

// AddViewLabels adds the labels v shows: its phase label, its tracks' and
// moves' labels and their choices' labels.
func (l Labels) AddViewLabels(v kit.View) {
	add := func(s string) {
		if len(s) > 1 && strings.ContainsFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r == ' ' }) {
			l.words[s] = true
		}
	}
	add(v.PhaseLabel)
	for _, t := range v.Tracks {
		add(t.Label)
	}
	for _, m := range v.Moves {
		add(m.Label)
		for _, a := range m.Args {
			add(a.Label)
			for _, c := range a.Choices {
				if k, ok := c.Value.(string); ok {
					add(c.Label)
					l.keys[k] = true
				}
			}
		}
	}
}

// textKeys are the fields that hold words for people (the rest hold
// codes, numbers and booleans a program reads).
var textKeys = map[string]bool{
	"label": true, "text": true, "title": true, "help": true, "confirm": true, "note": true, "message": true,
	"reason": true, "name": true, "description": true, "rule": true, "params": true, "reason_params": true,
	"prompt": true, "group": true, "names": true, "facts_text": true, "lines": true, "notes": true,
}

// textPaths are the kit's fields for people: a track's step names, the
// board's counter and slot values (what the board page prints).
var textPaths = map[string]bool{".tracks[].steps": true, ".board.counters[].value": true, ".board.slots[].value": true,
	".board.nodes[].id": true, ".board.edges[].from": true, ".board.edges[].to": true}

// IsTextKey reports whether a field named k holds words for people: one of
// textKeys, or a name ending in _label, _text, _note, _name, _names or
// _title.
func IsTextKey(k string) bool {
	if textKeys[k] {
		return true
	}
	for _, suf := range []string{"_label", "_labels", "_text", "_note", "_name", "_names", "_title", "_reason"} {
		if strings.HasSuffix(k, suf) {
			return true
		}
	}
	return false
}

// CheckCodes returns an error listing the fields of v (as JSON) that hold
// words for people where a program reads a code: a string that is one of
// labels, a term string ("§…", Lockup's old form) as a value or an object
// key, or a list printed into a string ("[a b]"). Fields for people
// (IsTextKey) are not checked, nor anything under them.
func CheckCodes(v kit.View, labels Labels) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	// A choice's value is a code a program sends (or the key of a thing
	// of the game's data, such as a room named as printed): never a label.
	keys := map[string]bool{}
	for _, m := range v.Moves {
		for _, a := range m.Args {
			for _, c := range a.Choices {
				if s, ok := c.Value.(string); ok {
					keys[s] = true
				}
			}
		}
	}
	for k := range labels.keys {
		keys[k] = true
	}
	// The board's places are named by their keys in the game's data.
	if v.Board != nil {
		for _, n := range v.Board.Nodes {
			keys[n.ID] = true
		}
	}
	bad := map[string]string{}
	var walk func(path string, x any)
	walk = func(path string, x any) {
		if textPaths[path] {
			return
		}
		switch x := x.(type) {
		case map[string]any:
			for k, e := range x {
				if strings.HasPrefix(k, "§") {
					bad[path+"{key}"] = k
				}
				if IsTextKey(k) {
					continue
				}
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		case string:
			switch {
			case strings.HasPrefix(x, "§"):
				bad[path] = x
			case labels.words[strings.TrimSpace(x)] && !keys[x]:
				bad[path] = x
			case strings.HasPrefix(x, "[") && strings.HasSuffix(x, "]"):
				bad[path] = x
			}
		}
	}
	walk("", doc)
	if len(bad) == 0 {
		return nil
	}
	var lines []string
	for p, x := range bad {
		lines = append(lines, fmt.Sprintf("%s = %q", p, x))
	}
	sort.Strings(lines)
	return fmt.Errorf("fields a program reads hold words for people instead of codes:\n%s", strings.Join(lines, "\n"))
}
