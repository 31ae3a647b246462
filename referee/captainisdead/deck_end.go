package captainisdead

// The end of the Alert deck (Losing The Game): "should you reach the end of
// the Alert deck without setting Ship Control to WIN! the hostile aliens
// will [determine] this ship isn't worth the trouble and destroy it".

// lostAlertDeckReason is the reason of a game lost at the end of the
// Alert deck.
const lostAlertDeckReason = "The Alert deck ran out before Ship Control reached WIN!: the aliens destroy the ship with everyone still on board."

// deckEndLoses ends the game, lost, when the alert just resolved was the
// last of the Alert deck and Ship Control is not at WIN! (the game would
// have ended already): no player gets a further turn. With the table
// option last_turn_after_deck the table plays the other reading: play
// goes on and the game is lost only when an alert is due and none is left
// (drawAlert).
func (s *State) deckEndLoses(t *turn) bool {
	if s.End != nil || s.LastTurnAfterDeck || s.Deck.Left() > 0 {
		return false
	}
	s.finish(false, "lost_alert_deck", lostAlertDeckReason, ruleLosing, t)
	return true
}
