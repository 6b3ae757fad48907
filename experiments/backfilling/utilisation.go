package backfilling

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// The EASY run of every log records the machine's utilisation over the
// log (spaceshared.UtilisationSeries, UtilBins bins).
const (
	SeriesUtilisation = spaceshared.SeriesUtilisation
	UtilBins          = 100
	UtilAlgo          = "easy"
)

// utilisationSection adds to pg the utilisation of every artefact log
// under EASY, drawn from series.csv (figure in paperDir/figures).
func utilisationSection(pg *report.Page, c Config, series []analysis.Point, paperDir string) error {
	var lines []plots.StepSeries
	for _, l := range Logs {
		if !slices.Contains(c.Logs, l.ID) {
			continue
		}
		var s plots.StepSeries
		for _, p := range series {
			if p.Workload == l.ID && p.Algorithm == UtilAlgo && p.Series == SeriesUtilisation && p.Rep == 0 {
				s.T, s.Y = append(s.T, p.T), append(s.Y, 100*p.Value)
			}
		}
		if len(s.T) < 2 {
			continue
		}
		var mean float64
		for _, y := range s.Y {
			mean += y / float64(len(s.Y))
		}
		s.Name = fmt.Sprintf("%s (mean %.0f%%)", l.Label, mean)
		s.TEnd = s.T[len(s.T)-1] + (s.T[1] - s.T[0])
		lines = append(lines, s)
	}
	if len(lines) == 0 {
		return nil
	}
	pg.Section("Utilisation under EASY")
	p, err := plots.Steps(plots.StepSpec{Title: "Utilisation of each log under EASY (requested times)", YLabel: "CPUs in use (%)", Series: lines})
	if err != nil {
		return err
	}
	p.X.Label.Text += " after the first submission"
	fig := "backfilling-utilisation"
	base := filepath.Join(paperDir, "figures", fig)
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return err
	}
	if _, err := plots.Save(p, 16*vg.Centimeter, 9*vg.Centimeter, base, "png", "svg"); err != nil {
		return err
	}
	pg.Para("The share of each machine's CPUs in use under EASY with requested times, on the authors' input, as the time-weighted mean over each of %d equal bins "+
		"from the first submission to the last end (series `%s` of the `%s` runs in series.csv; `gridbench plot utilisation` draws it for any jobs file).",
		UtilBins, SeriesUtilisation, UtilAlgo)
	pg.Add(&report.Figure{Path: "figures/" + fig + ".png", Alt: "utilisation under EASY", Links: []string{"figures/" + fig + ".svg"}})
	return nil
}
