package web

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The home-screen icons are drawn here, from one description, as SVG and
// as PNG: TestIcons fails when a committed file differs from the drawing,
// and `go test ./web -run TestIcons -update` writes them again.
var update = flag.Bool("update", false, "write the icons under static/icons from the drawing")

// The icon is a round table seen from above, in the pages' own colours
// (style.css): the table in --panel2 ringed with --line on the page's
// --bg, a card on it in --fg, and four seats around it, the top one in
// --turn (whose turn it is), the others in --accent.
var (
	iconBg     = color.NRGBA{0x0f, 0x14, 0x20, 0xff}
	iconRing   = color.NRGBA{0x2d, 0x3a, 0x56, 0xff}
	iconTable  = color.NRGBA{0x20, 0x2a, 0x42, 0xff}
	iconCard   = color.NRGBA{0xe9, 0xed, 0xf5, 0xff}
	iconSeat   = color.NRGBA{0x4f, 0xc3, 0xf7, 0xff}
	iconTurn   = color.NRGBA{0xff, 0xb8, 0x4d, 0xff}
	iconCanvas = 512.0
)

// shape is a filled circle (r > 0) or a rounded rectangle (w, h > 0) in
// the 512-unit canvas.
type shape struct {
	cx, cy, r   float64 // circle
	x, y, w, h  float64 // rectangle with corner radius rr
	rr          float64
	fill        color.NRGBA
	isRectangle bool
}

func circle(cx, cy, r float64, c color.NRGBA) shape { return shape{cx: cx, cy: cy, r: r, fill: c} }
func rect(x, y, w, h, rr float64, c color.NRGBA) shape {
	return shape{x: x, y: y, w: w, h: h, rr: rr, fill: c, isRectangle: true}
}

// inside reports whether the point (px, py) is in the shape.
func (s shape) inside(px, py float64) bool {
	if !s.isRectangle {
		dx, dy := px-s.cx, py-s.cy
		return dx*dx+dy*dy <= s.r*s.r
	}
	if px < s.x || px > s.x+s.w || py < s.y || py > s.y+s.h {
		return false
	}
	// Distance to the nearest corner's centre, where it matters.
	qx := math.Max(math.Max(s.x+s.rr-px, px-(s.x+s.w-s.rr)), 0)
	qy := math.Max(math.Max(s.y+s.rr-py, py-(s.y+s.h-s.rr)), 0)
	return qx*qx+qy*qy <= s.rr*s.rr
}

// scaled is the shape shrunk by k about the canvas's centre.
func (s shape) scaled(k float64) shape {
	c := iconCanvas / 2
	f := func(v float64) float64 { return c + (v-c)*k }
	s.cx, s.cy, s.r = f(s.cx), f(s.cy), s.r*k
	s.x, s.y, s.w, s.h, s.rr = f(s.x), f(s.y), s.w*k, s.h*k, s.rr*k
	return s
}

// iconShapes is the drawing, back to front. A maskable icon fills the
// whole square (the launcher cuts its own shape) and keeps the drawing
// inside the safe circle of 40 % of the size around the centre, so it is
// the same drawing shrunk to 80 % on a square background; the plain icon
// has rounded corners of its own.
func iconShapes(maskable bool) []shape {
	const c = 256.0
	fg := []shape{
		circle(c, c, 136, iconRing),
		circle(c, c, 120, iconTable),
		rect(c-40, c-56, 80, 112, 12, iconCard),
		circle(c, c-190, 40, iconTurn),
		circle(c+190, c, 40, iconSeat),
		circle(c, c+190, 40, iconSeat),
		circle(c-190, c, 40, iconSeat),
	}
	if !maskable {
		return append([]shape{rect(0, 0, iconCanvas, iconCanvas, 96, iconBg)}, fg...)
	}
	out := []shape{rect(0, 0, iconCanvas, iconCanvas, 0, iconBg)}
	for _, s := range fg {
		out = append(out, s.scaled(0.8))
	}
	return out
}

// iconSVG writes the drawing as SVG.
func iconSVG(maskable bool) []byte {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` + "\n")
	hex := func(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
	num := func(v float64) string { return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".") }
	for _, s := range iconShapes(maskable) {
		if s.isRectangle {
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`+"\n", num(s.x), num(s.y), num(s.w), num(s.h), num(s.rr), hex(s.fill))
		} else {
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", num(s.cx), num(s.cy), num(s.r), hex(s.fill))
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// iconPNG rasterises the drawing at size×size, each pixel the mean of 4×4
// samples (smooth edges), with the alpha of the shapes that cover it.
func iconPNG(maskable bool, size int) *image.NRGBA {
	const n = 4
	shapes := iconShapes(maskable)
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	k := iconCanvas / float64(size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, bl, a float64
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					px := (float64(x) + (float64(sx)+0.5)/n) * k
					py := (float64(y) + (float64(sy)+0.5)/n) * k
					for i := len(shapes) - 1; i >= 0; i-- {
						if s := shapes[i]; s.inside(px, py) {
							r += float64(s.fill.R)
							g += float64(s.fill.G)
							bl += float64(s.fill.B)
							a++
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(math.Round(r / a)), uint8(math.Round(g / a)), uint8(math.Round(bl / a)), uint8(math.Round(255 * a / (n * n)))})
		}
	}
	return img
}

// iconFiles are the icons the manifest lists.
var iconFiles = []struct {
	name     string
	maskable bool
	size     int // 0: SVG
}{
	{"icon.svg", false, 0},
	{"maskable.svg", true, 0},
	{"icon-192.png", false, 192},
	{"icon-512.png", false, 512},
	{"maskable-192.png", true, 192},
	{"maskable-512.png", true, 512},
}

// TestIcons checks that every committed icon is the drawing: the SVG byte
// for byte, the PNG pixel for pixel (its encoding may differ between Go
// versions).
func TestIcons(t *testing.T) {
	dir := filepath.Join("static", "icons")
	for _, f := range iconFiles {
		path := filepath.Join(dir, f.name)
		var want []byte
		var wantImg *image.NRGBA
		if f.size == 0 {
			want = iconSVG(f.maskable)
		} else {
			wantImg = iconPNG(f.maskable, f.size)
			var buf bytes.Buffer
			if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, wantImg); err != nil {
				t.Fatal(err)
			}
			want = buf.Bytes()
		}
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v (go test ./web -run TestIcons -update writes it)", path, err)
		}
		if f.size == 0 {
			if !bytes.Equal(got, want) {
				t.Errorf("%s is not the drawing (go test ./web -run TestIcons -update)", path)
			}
			continue
		}
		img, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b := img.Bounds(); b.Dx() != f.size || b.Dy() != f.size {
			t.Fatalf("%s is %dx%d, want %dx%d", path, b.Dx(), b.Dy(), f.size, f.size)
		}
		for y := 0; y < f.size; y++ {
			for x := 0; x < f.size; x++ {
				if g, w := color.NRGBAModel.Convert(img.At(x, y)), wantImg.NRGBAAt(x, y); g != w {
					t.Fatalf("%s: pixel (%d,%d) = %v, want %v (go test ./web -run TestIcons -update)", path, x, y, g, w)
				}
			}
		}
		if f.maskable {
			// A launcher may cut the icon to any shape: the corners are
			// opaque background.
			if a := wantImg.NRGBAAt(0, 0).A; a != 255 {
				t.Errorf("%s: corner alpha %d, want 255", path, a)
			}
		}
	}
}
