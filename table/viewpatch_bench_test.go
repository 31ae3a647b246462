package table

import (
	"bytes"
	"testing"
)

// BenchmarkPatchNext measures a stream's cost of turning a whole view
// response (about 4 KiB, as Jumpship's) into a patch against the previous one.
func BenchmarkPatchNext(b *testing.B) {
	log := bytes.Repeat([]byte(`{"seq":1,"kind":"move","actor":{"seat":2},"type":"give","at":"2026-11-30T13:00:00Z","events":[{"code":"gave","text":"Player 3 gave a token to Player 4."}]},`), 10)
	mk := func(v string) []byte {
		return []byte(`{"table_id":"abcdefghijkl","game":"jumpship","game_name":"Jumpship","status":"playing","version":` + v +
			`,"server_time":"2026-11-30T13:00:00.123456Z","me":{"role":"seat","seat":2,"name":"Player 3"},"seats":[{"seat":0,"name":"Player 1"},{"seat":1,"name":"Player 2"}],"min_players":3,"max_players":7,` +
			`"view":{"game":"jumpship","phase":"play","turn":[1,2],"seats":` + string(bytes.Repeat([]byte(`{"seat":1,"facts":{"a":"b","c":"d"}},`), 20)) + `{}],"public":{"x":` + v + `},"board":` + string(bytes.Repeat([]byte(`[1,2,3,4,5,6,7,8,9,10],`), 30)) + `[]],"private":{"hand":["a","b"]},"moves":[{"type":"give","args":[]}]},` +
			`"log":[` + string(log) + `{}]}`)
	}
	p1, p2 := mk("10"), mk("11")
	b.SetBytes(int64(len(p2)))
	b.ReportAllocs()
	var ps patchState
	ps.next(p1, nil)
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			ps.next(p2, nil)
		} else {
			ps.next(p1, nil)
		}
	}
}
