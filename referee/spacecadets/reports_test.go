package spacecadets

import "testing"

func TestTableReports(t *testing.T) {
	t.Run("ErrReportDuringSetup", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 3, 1)
		tb.fail(crew, "set_speed", map[string]any{"speed": 2}, "wrong_step")
		tb.fail(crew, "damage_card", map[string]any{"station": "Helm"}, "wrong_step")
	})
	t.Run("ErrBadSpeed", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 3, 1)
		tb.to("step3a")
		tb.fail(crew, "set_speed", map[string]any{"speed": -1}, "bad_speed")
		tb.fail(crew, "set_speed", map[string]any{"speed": maxSpeed + 1}, "bad_speed")
	})
	t.Run("OK", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 3, 1)
		tb.to("step3a")
		tb.do(crew, "set_speed", map[string]any{"speed": maxSpeed})
		if got, want := *tb.s.Speed, maxSpeed; got != want {
			t.Fatalf("speed = %d, want %d", got, want)
		}
	})
}
