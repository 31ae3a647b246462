package kit

// Track is a bounded track with labelled steps. Pos indexes Steps.
type Track struct {
	Pos int `json:"pos" vis:"public"`
}

// TrackDef is the static description of a track: its steps in order.
type TrackDef struct {
	Name  string
	Label string
	Steps []string
}

// Max is the highest position.
func (d TrackDef) Max() int { return len(d.Steps) - 1 }

// Move moves a track by delta within [0, Max] and returns the new position
// and the part of delta that did not fit (0 when it all fit).
func (d TrackDef) Move(t Track, delta int) (Track, int) {
	p := t.Pos + delta
	over := 0
	if p < 0 {
		over = p
		p = 0
	}
	if p > d.Max() {
		over = p - d.Max()
		p = d.Max()
	}
	return Track{Pos: p}, over
}

// Label returns the label of a position.
func (d TrackDef) StepLabel(pos int) string {
	if pos < 0 || pos >= len(d.Steps) {
		return ""
	}
	return d.Steps[pos]
}

// View returns the track for screens.
func (d TrackDef) View(t Track) TrackView {
	return TrackView{Name: d.Name, Label: d.Label, Pos: t.Pos, Steps: d.Steps, Max: d.Max()}
}

// InBounds reports whether t lies on the track.
func (d TrackDef) InBounds(t Track) bool { return t.Pos >= 0 && t.Pos <= d.Max() }
