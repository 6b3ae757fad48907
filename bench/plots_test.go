package bench_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/plots"
)

// BenchmarkFigureGrid draws and writes a grid of line panels shaped like
// one of the round-robin report's seven figures: 2x2 panels of six
// algorithms over eight slave counts, log y with interval bars, 26x20 cm.
// cpu-ns/op is the process's CPU time per figure (user plus system), the
// figure to compare on a shared machine.
func BenchmarkFigureGrid(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	grid := make([][]*plot.Plot, 2)
	for j := range grid {
		grid[j] = make([]*plot.Plot, 2)
		for i := range grid[j] {
			spec := plots.LineSpec{Title: fmt.Sprintf("Waiting time, size %d windows", j*2+i), XLabel: "slaves P",
				YLabel: "hours", Note: "trace: LCG-2005", LogY: true}
			for a := range 6 {
				s := plots.Series{Name: fmt.Sprintf("algorithm %d", a)}
				for k := range 8 {
					y := (1 + r.Float64()) * float64(a+1) * 10 / float64(k+1)
					s.X = append(s.X, float64(int(8)<<k))
					s.Y = append(s.Y, y)
					s.Lo = append(s.Lo, y*0.8)
					s.Hi = append(s.Hi, y*1.2)
				}
				spec.Series = append(spec.Series, s)
			}
			p, err := plots.Lines(spec)
			if err != nil {
				b.Fatal(err)
			}
			grid[j][i] = p
		}
	}
	base := filepath.Join(b.TempDir(), "grid")
	for _, formats := range [][]string{{"png"}, {"svg"}, {"png", "svg"}} {
		name := formats[0]
		if len(formats) > 1 {
			name = "png+svg"
		}
		b.Run("format="+name, func(b *testing.B) {
			b.ReportAllocs()
			c0, _ := cpuTimes(b)
			for b.Loop() {
				if _, err := plots.SaveGrid(grid, 26*vg.Centimeter, 20*vg.Centimeter, base, formats...); err != nil {
					b.Fatal(err)
				}
			}
			c1, _ := cpuTimes(b)
			b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}
