package all_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/browsertest"
	"github.com/gridbench/gridbench/pipeline"
)

// svgColour finds the colours an inline SVG figure draws with.
var svgColour = regexp.MustCompile(`(?:fill|stroke):#([0-9A-Fa-f]{6})`)

// checkHTMLPages opens every study's HTML page and the index in a headless
// Chromium (a window 20,000 pixels tall, which reaches each page's first
// figures): each renders (not blank), each page with figures shows the
// figures' own colours (a page whose SVG did not render shows none of
// them: its text is black, grey and link blue), and the index links every
// page. Skips, naming what is missing, without Chromium.
func checkHTMLPages(t *testing.T, out string, names []string) {
	browsertest.Chromium(t)
	index := filepath.Join(out, "results", "index.html")
	b, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !strings.Contains(string(b), `href="`+n+`/page/`+n+`.html"`) {
			t.Errorf("index.html does not link %s's page", n)
		}
	}
	t.Run("html", func(t *testing.T) {
		pages := append([]string{index}, func() []string {
			var ps []string
			for _, n := range names {
				ps = append(ps, filepath.Join(pipeline.ResultsDir(out, n), "page", n+".html"))
			}
			return ps
		}()...)
		for _, p := range pages {
			t.Run(filepath.Base(p), func(t *testing.T) {
				t.Parallel()
				html, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				colours := map[[3]uint8]bool{}
				for _, m := range svgColour.FindAllStringSubmatch(string(html), -1) {
					v, _ := strconv.ParseUint(m[1], 16, 32)
					c := [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}
					if c[0] != c[1] || c[1] != c[2] { // greys are axes and text
						colours[c] = true
					}
				}
				img := browsertest.Screenshot(t, p, 1200, 20000)
				if n := browsertest.Inked(img); n < 20000 {
					t.Fatalf("%s renders blank: %d pixels not white", p, n)
				}
				if strings.Count(string(html), "<svg") == 0 {
					return
				}
				drawn := 0
				for c := range colours {
					drawn += browsertest.Near(img, c, 2)
				}
				// Only figures use colours other than greys, so any pixel of
				// theirs on screen is a figure drawn; 50 is well under the
				// smallest figure here (the --quick grid scatter's 6 points
				// cover about 100) and well over antialiasing noise.
				if drawn < 50 {
					t.Errorf("%s: its figures' %d colours cover %d pixels: the figures did not render", p, len(colours), drawn)
				}
				t.Logf("%s: %d pixels in the figures' %d colours", filepath.Base(p), drawn, len(colours))
			})
		}
	})
}
