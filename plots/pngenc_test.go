package plots

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNGPixels: what encodePNG writes decodes (CRCs, zlib stream,
// IDAT chunks and all) to the same pixels with image/png, for an opaque
// image large and noisy enough to span several IDAT chunks, for a figure-like
// one, and for one with transparency (image/png's path).
func TestEncodePNGPixels(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	noise := image.NewRGBA(image.Rect(0, 0, 301, 257))
	for i := range noise.Pix {
		noise.Pix[i] = byte(r.Uint32())
	}
	for i := 3; i < len(noise.Pix); i += 4 {
		noise.Pix[i] = 0xff
	}
	figure := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range figure.Pix {
		figure.Pix[i] = 0xff
	}
	for x := range 640 {
		figure.Set(x, 100+x/5, color.RGBA{0x1f, 0x77, 0xb4, 0xff})
	}
	clear := image.NewRGBA(image.Rect(0, 0, 31, 17))
	clear.Set(3, 4, color.RGBA{0x40, 0, 0, 0x80})
	sub := figure.SubImage(image.Rect(10, 20, 110, 70)).(*image.RGBA)
	for name, m := range map[string]*image.RGBA{"noise": noise, "figure": figure, "transparent": clear, "sub-image": sub} {
		var b bytes.Buffer
		if err := encodePNG(&b, m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%s: image/png cannot read it: %v", name, err)
		}
		if got.Bounds().Dx() != m.Bounds().Dx() || got.Bounds().Dy() != m.Bounds().Dy() {
			t.Fatalf("%s: %v, want %v", name, got.Bounds(), m.Bounds())
		}
		gb, mb := got.Bounds(), m.Bounds()
		for y := range mb.Dy() {
			for x := range mb.Dx() {
				want := color.NRGBAModel.Convert(m.At(mb.Min.X+x, mb.Min.Y+y))
				if c := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)); c != want {
					t.Fatalf("%s: pixel (%d,%d) is %v, want %v", name, x, y, c, want)
				}
			}
		}
	}
}
