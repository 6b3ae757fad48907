package backfilling

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
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
		t, pct, end, ok := spaceshared.UtilisationOf(series, l.ID, UtilAlgo)
		if !ok {
			continue
		}
		var mean float64
		for _, y := range pct {
			mean += y / float64(len(pct))
		}
		lines = append(lines, plots.StepSeries{Name: fmt.Sprintf("%s (mean %.0f%%)", l.Label, mean), T: t, Y: pct, TEnd: end})
	}
	if len(lines) == 0 {
		return nil
	}
	pg.Section("Utilisation under EASY")
	p, err := plots.Steps(plots.StepSpec{Title: "Utilisation of each log under EASY (requested times)", Note: experiments.QuickNote("", c.Quick),
		YLabel: "CPUs in use (%)", Series: lines})
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
