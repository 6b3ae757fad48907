package filestudy

import (
	"fmt"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// Every space-shared run records the machine's utilisation over its
// window: seriesUtilisation, the share of the
// platform's CPUs in use (0 to 1), as the time-weighted mean over each of
// utilBins equal bins from the first submission to the last end; t is the
// bin's start in seconds after the first submission. The page draws the
// first repetition's, one figure per workload, a line per algorithm.
const (
	seriesUtilisation = "utilisation"
	utilBins          = 100
)

// utilisation is the seriesUtilisation samples of a schedule on p.
func utilisation(p sim.Platform, jobs []sim.Job, recs []sim.Record) []bench.Sample {
	cpus := 0
	for _, m := range p.Machines {
		cpus += m.CPUs
	}
	_, width, share := jobsout.Utilisation(jobs, recs, cpus, utilBins)
	out := make([]bench.Sample, len(share))
	for k, x := range share {
		out[k] = bench.Sample{Series: seriesUtilisation, T: float64(k) * width, Value: x}
	}
	return out
}

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
			l := plots.StepSeries{Name: s.seriesName(a)}
			for _, p := range series {
				if p.Workload == w.Name && p.Algorithm == a && p.Rep == 0 && p.Series == seriesUtilisation {
					l.T, l.Y = append(l.T, p.T), append(l.Y, 100*p.Value)
				}
			}
			if len(l.T) < 2 {
				continue
			}
			l.TEnd = l.T[len(l.T)-1] + (l.T[1] - l.T[0])
			lines = append(lines, l)
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
