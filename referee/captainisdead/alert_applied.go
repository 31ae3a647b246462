package captainisdead

import (
	"strings"

	"tablewarden/referee/kit"
)

// alertEffect wraps the apply of a card-effect move (the host's tools for
// what a card prints): while an alert card is out, what the move did, in
// the log's public words, is added to the alert's Applied list, so that
// ending the alert can name it.
func alertEffect(h func(t *turn, seat int, m kit.Move) error) func(t *turn, seat int, m kit.Move) error {
	return func(t *turn, seat int, m kit.Move) error {
		n := len(t.Events)
		if err := h(t, seat, m); err != nil {
			return err
		}
		s := t.S
		if s.Phase != PhaseAlert || s.Alert == nil {
			return nil
		}
		for _, e := range t.Events[n:] {
			if e.To == nil && e.Text != "" {
				s.Alert.Applied = append(s.Alert.Applied, strings.TrimSuffix(e.Text, "."))
			}
		}
		return nil
	}
}

// finishAlertQuestion is what ending the alert asks first: what the table
// applied for this card (or that it applied nothing), and that the aliens
// act next and nothing can be taken back.
func (s *State) finishAlertQuestion() string {
	if s.Alert == nil || len(s.Alert.Applied) == 0 {
		return "Nothing has been applied for this alert card. End it anyway? The aliens act now; this cannot be undone."
	}
	return "Applied for this alert card: " + strings.Join(s.Alert.Applied, "; ") + ". Is that everything the card prints? The aliens act now; this cannot be undone."
}

// alertToolsFirst marks, while an alert card the game data does not list
// is out (no known card is left to resolve it with), the card-effect
// moves as the primary moves: the table applies the card with them. Alert
// applied stays in view after them and asks first (AskEndsStep), naming
// what was applied.
func (s *State) alertToolsFirst(out []kit.MoveSpec) []kit.MoveSpec {
	if s.Phase != PhaseAlert || s.Alert == nil || offerResolveAlert(s, -1) != nil {
		return out
	}
	var finish []kit.MoveSpec
	tools := out[:0:0]
	for _, m := range out {
		switch {
		case m.Type == MoveFinishAlert:
			finish = append(finish, m)
		case m.Group == groupEffects:
			m.Primary = true
			tools = append(tools, m)
		default:
			tools = append(tools, m)
		}
	}
	return append(tools, finish...)
}
