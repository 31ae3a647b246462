package table

import "testing"

// TestSameNameConfusables checks look-alike names from other scripts
// (Cherokee, small capitals, click letters, Latin alpha), which only the TR39 skeleton catches, and the Cyrillic and Greek ones
// that the former hand-made table caught.
func TestSameNameConfusables(t *testing.T) {
	same := [][2]string{
		{"DAVE", "ᎠᎪᏙᎬ"}, // Cherokee
		{"Dave", "ᴅᴀᴠᴇ"}, // Latin small capitals
		{"Bill", "Biǀǀ"}, // U+01C0 dental click
		{"Ann", "ɑnn"},   // U+0251 Latin alpha
		{"Bob", "ВОВ"},   // Cyrillic
		{"Ann", "ΑΝΝ"},   // Greek capitals
		{"Анна", "Ahha"},
		{"Sam", "ЅАМ"},
		{"Ann", "\u0430nn"},
	}
	for _, c := range same {
		if !sameName(c[0], c[1]) {
			t.Errorf("sameName(%q, %q) = false, want true", c[0], c[1])
		}
	}
	differ := [][2]string{{"Ann", "Anne"}, {"Dave", "Dove"}, {"Zoë", "Zoe"}, {"José", "Jose"}, {"Bill", "Bull"}}
	for _, c := range differ {
		if sameName(c[0], c[1]) {
			t.Errorf("sameName(%q, %q) = true, want false", c[0], c[1])
		}
	}
}
