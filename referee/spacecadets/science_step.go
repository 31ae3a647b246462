package spacecadets

// The Science step's two announcements, as one predicate each: the
// Science Officer's offers and every phone's prompt read the same one, so
// that what the Captain is told matches what the Science Officer may do.

// canBuild reports whether the Science Officer may announce the build of
// the selected card now: the Science step, no attempt yet, and enough
// Component cards left to draw one more than its cost (Science).
func canBuild(s *State) bool {
	sc := s.Science
	return s.Step == "science" && sc.Attempt == nil && sc.Selected != nil && sc.CompDeck.Len() > sc.Selected.Level
}

// researchMax is the most Science points the Science Officer may announce
// Research of now, or 0 when Research is not possible: Mission 10's
// Science step, no attempt, no card selected or Experimental Equipment
// drawn this turn, no Research yet this turn, and one Component card more
// than the points left to draw.
func researchMax(s *State) int {
	sc := s.Science
	if s.Mission != "10" || s.Step != "science" || sc.Attempt != nil || sc.Selected != nil || sc.DrewEE || sc.Researched {
		return 0
	}
	return max(0, min(3, sc.CompDeck.Len()-1))
}
