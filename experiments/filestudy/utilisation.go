package filestudy

import (
	"fmt"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// Every space-shared run records the machine's utilisation over its
// window (spaceshared.UtilisationSeries, utilBins bins). The page draws the
// first repetition's, one figure per workload, a line per algorithm.
const (
	seriesUtilisation = spaceshared.SeriesUtilisation
	utilBins          = 100
)

// utilisationFigures draws, for each space-shared workload, the
// utilisation of the first repetition under each algorithm (figures in
// paperDir/figures); a workload no run recorded it for gets none.
func (s *Study) utilisationFigures(series []analysis.Point, paperDir string) ([]*report.Figure, error) {
	var figs []*report.Figure
	for i, w := range s.Workloads {
		if kindOf(w.Kind).family() != spaceShared {
			continue
		}
		var lines []plots.StepSeries
		for _, a := range s.Algorithms {
			if t, pct, end, ok := spaceshared.UtilisationOf(series, w.Name, a); ok {
				lines = append(lines, plots.StepSeries{Name: s.seriesName(a), T: t, Y: pct, TEnd: end})
			}
		}
		if len(lines) == 0 {
			continue
		}
		p, err := plots.Steps(plots.StepSpec{Title: fmt.Sprintf("%s: utilisation, repetition 0", w.Name), YLabel: "CPUs in use (%)", Series: lines})
		if err != nil {
			return nil, err
		}
		fig := fmt.Sprintf("%s-utilisation-%d", s.Name(), i+1) // a workload name may hold "/"
		base := filepath.Join(paperDir, "figures", fig)
		if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
			return nil, err
		}
		if _, err := plots.Save(p, 16*vg.Centimeter, 9*vg.Centimeter, base, "png", "svg"); err != nil {
			return nil, err
		}
		figs = append(figs, &report.Figure{Path: "figures/" + fig + ".png", Alt: "utilisation on " + w.Name, Links: []string{"figures/" + fig + ".svg"}})
	}
	return figs, nil
}
