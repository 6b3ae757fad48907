package report

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/internal/browsertest"
)

// The HTML page opens in a real browser and shows its figure: the
// fixture's box, in its colour, covers about as many pixels as the SVG
// gives it (200 × 100 of 300 × 150 units drawn 400 px wide: 267 × 133).
// The same page without its figure shows none of that colour.
func TestHTMLPageRendersInChromium(t *testing.T) {
	browsertest.Chromium(t)
	dir := t.TempDir()
	write := func(name string, p *Page) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WritePageHTML(f, p, HTMLOptions{Figure: figures(map[string]string{"figures/demo-fig1.svg": fixtureSVG})}); err != nil {
			t.Fatal(err)
		}
		return path
	}
	with := testPage()
	without := testPage()
	for i, b := range without.Blocks {
		if _, ok := b.(*Figure); ok {
			without.Blocks = append(without.Blocks[:i], without.Blocks[i+1:]...)
			break
		}
	}
	for _, tc := range []struct {
		name     string
		page     *Page
		min, max int
	}{{"with.html", with, 30000, 40000}, {"without.html", without, 0, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			img := browsertest.Screenshot(t, write(tc.name, tc.page), 1000, 1600)
			if n := browsertest.Inked(img); n < 5000 {
				t.Fatalf("the page is blank: %d pixels not white", n)
			}
			if n := browsertest.Near(img, figureRGB, 2); n < tc.min || n > tc.max {
				t.Errorf("%d pixels of the figure's colour, want %d to %d", n, tc.min, tc.max)
			}
		})
	}
}
