package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sans is set on every text style explicitly rather than through
// plot.DefaultFont, so this package never mutates gonum's globals that
// other packages may read concurrently.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

const (
	titleSize  = 12
	noteSize   = 9
	labelSize  = 11
	tickSize   = 9
	legendSize = 9
)

// newPlot returns a plot with gridbench's fonts. note, when not empty, is
// appended to the title as a second line; it names the data the figure
// was drawn from.
func newPlot(title, note, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.TextStyle.Font = font.From(sans, titleSize)
	p.Title.Text = title
	if note != "" {
		if title != "" {
			p.Title.Text += "\n"
		}
		p.Title.Text += note
	}
	p.Title.Padding = vg.Points(6)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(sans, labelSize)
		ax.Tick.Label.Font = font.From(sans, tickSize)
		ax.Tick.Length = vg.Points(4)
		ax.Tick.Marker = niceTicks{}
	}
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Legend.TextStyle.Font = font.From(sans, legendSize)
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Padding = vg.Points(2)
	return p
}

// addLegend adds entries to p's legend and reserves a right-hand margin
// wide enough for it, so the legend never hides data. gonum draws the
// legend inside the data area; reserving room is done with an invisible
// glyph box sticking out past the right edge, which the layout honours.
func addLegend(p *plot.Plot, names []string, thumbs [][]plot.Thumbnailer) {
	if len(names) == 0 {
		return
	}
	sty := p.Legend.TextStyle
	var widest vg.Length
	for i, n := range names {
		p.Legend.Add(n, thumbs[i]...)
		if w := sty.Width(n); w > widest {
			widest = w
		}
	}
	em := sty.Rectangle(" ").Max.X
	p.Add(margin{right: p.Legend.ThumbnailWidth + 2*em + widest})
}

// margin is a plotter that draws nothing and only widens the plot's
// right-hand padding.
type margin struct{ right vg.Length }

func (margin) Plot(draw.Canvas, *plot.Plot) {}

func (m margin) GlyphBoxes(*plot.Plot) []plot.GlyphBox {
	return []plot.GlyphBox{{
		X: 1, Y: 0.5,
		Rectangle: vg.Rectangle{Max: vg.Point{X: m.right}},
	}}
}

// checkFinite reports the first non-finite value of vs.
func checkFinite(what string, vs []float64) error {
	for i, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s[%d] is %v", what, i, v)
		}
	}
	return nil
}

// checkLen reports a slice whose length differs from want.
func checkLen(what string, vs []float64, want int) error {
	if len(vs) != want {
		return fmt.Errorf("len(%s)=%d, want %d", what, len(vs), want)
	}
	return nil
}
