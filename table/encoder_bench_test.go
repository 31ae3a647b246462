package table

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	gojson "github.com/goccy/go-json"
	segjson "github.com/segmentio/encoding/json"

	"tablewarden/referee/kit"
)

// BenchmarkEncoders encodes one seat's whole view response of a six-seat
// Jumpship table forty moves in, with each JSON library the view push could
// use. It is how the push's encoder was chosen (viewpush.go).
func BenchmarkEncoders(b *testing.B) {
	svc, ids := benchService(b, 1)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 40; i++ {
		if who, req, ok := nextMove(b, svc, ids[0], r); ok {
			svc.Move(ctx, ids[0], who, req)
		}
	}
	v, err := svc.View(ctx, ids[0], Identity{Role: kit.RoleSeat, Seat: 1})
	if err != nil {
		b.Fatal(err)
	}
	want, _ := json.Marshal(v)
	encoders := []struct {
		name string
		enc  func(dst []byte, v any) ([]byte, error)
	}{
		{"encoding-json", func(dst []byte, v any) ([]byte, error) {
			out, err := json.Marshal(v)
			return append(dst, out...), err
		}},
		{"goccy-go-json", func(dst []byte, v any) ([]byte, error) {
			out, err := gojson.Marshal(v)
			return append(dst, out...), err
		}},
		{"segmentio", func(dst []byte, v any) ([]byte, error) {
			return segjson.Append(dst, v, segjson.EscapeHTML|segjson.SortMapKeys)
		}},
	}
	for _, e := range encoders {
		got, err := e.enc(nil, &v)
		if err != nil || string(got) != string(want) {
			b.Logf("%s: differs from encoding/json (%v): %d vs %d bytes", e.name, err, len(got), len(want))
		}
		b.Run(e.name, func(b *testing.B) {
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			buf := make([]byte, 0, 2*len(want))
			for i := 0; i < b.N; i++ {
				buf, _ = e.enc(buf[:0], &v)
			}
		})
	}
}
