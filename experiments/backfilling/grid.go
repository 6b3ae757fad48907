package backfilling

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched/backfill"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// The authors' grid of the learned predictor's parameters on KTH-SP2: the
// needed columns of predictsim's experiments/data/KTH-SP2/sim_analysis/
// metrics_complete (testdata/sc15-grid/PROVENANCE.md).
//
//go:embed testdata/sc15-grid/KTH-SP2.tsv
var gridFS embed.FS

const gridFile = "testdata/sc15-grid/KTH-SP2.tsv"

// GridInput is the artefact file whose lines, sorted by job id, are the
// KTH-SP2 input the authors simulated (any of the five gives the same input).
const GridInput = "sc15-artefact/KTH-SP2/res_easy_backfill_scheduler_None_None.swf.gz"

// GridEvery is the share of the grid that reproduce runs: every GridEvery-th
// finished configuration (5,752 / 240: 24 runs, some 8 s on one core).
// The whole grid (about 30 min on one core) runs with
// `go test ./experiments/backfilling -run TestGridAll -grid.all -timeout 3h`
// (-grid.every 4: every 4th configuration, 1,438 of them, gave correlation
// 0.975 and 47.7% within 1% of the authors' bsld).
const GridEvery = 240

// GridRow is one finished configuration of the authors' grid.
type GridRow struct {
	Line       int  // in the grid file
	SJBF       bool // EASY++ (easy_plus_plus_scheduler), else EASY with predictions
	Correction backfill.Correction
	SGD        backfill.SGDConfig
	Theirs     float64 // the authors' mean bounded slowdown (avgbsld)
}

// Name is the row's configuration as a scheduler name with the SGD code.
func (r GridRow) Name() string {
	p := "easypred"
	if r.SJBF {
		p = "easypp"
	}
	return fmt.Sprintf("%s-sgd-%v [%v]", p, r.Correction, r.SGD)
}

var gridWeights = map[string]backfill.Weight{"1": backfill.WeightOne, "5+log(r/m)": backfill.WeightLogRM, "5+log(m/r)": backfill.WeightLogMR,
	"11+log(1/(r*m))": backfill.WeightLogInvRM, "1+log(m*r)": backfill.WeightLogProd}

var gridCorrections = map[string]backfill.Correction{"reqtime": backfill.ReqTime, "tsafrir": backfill.Tsafrir, "recursive_doubling": backfill.Doubling}

// ReadGrid returns the learned predictor's finished configurations (every
// job simulated, avgbsld given) of the grid file, in file order. Other
// rows (baselines, unfinished runs) are left out; a row that does not read
// is an error naming the line.
func ReadGrid() ([]GridRow, error) {
	f, err := gridFS.Open(gridFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readGrid(f, gridFile)
}

func readGrid(r io.Reader, name string) ([]GridRow, error) {
	var rows []GridRow
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 11 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 11", name, line, len(f))
		}
		if f[2] != "predictor_sgdlinear" || f[9] != "28481" || f[10] == "NA" {
			continue
		}
		bad := func(what string) error { return fmt.Errorf("%s:%d: %s", name, line, what) }
		var row GridRow
		row.Line = line
		switch f[0] {
		case "easy_plus_plus_scheduler":
			row.SJBF = true
		case "easy_prediction_backfill_scheduler":
		default:
			return nil, bad(fmt.Sprintf("scheduler %q", f[0]))
		}
		c, ok := gridCorrections[f[1]]
		if !ok {
			return nil, bad(fmt.Sprintf("corrector %q", f[1]))
		}
		row.Correction = c
		w, ok := gridWeights[f[8]]
		if !ok {
			return nil, bad(fmt.Sprintf("weight %q", f[8]))
		}
		cfg, err := backfill.ParseSGD(strings.Join([]string{f[3], f[4], f[5], f[6], f[7], string(w)}, "|"))
		if err != nil {
			return nil, bad(err.Error())
		}
		row.SGD = cfg
		if row.Theirs, err = strconv.ParseFloat(f[10], 64); err != nil || !(row.Theirs >= 1) {
			return nil, bad(fmt.Sprintf("avgbsld %q is not a bounded slowdown", f[10]))
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rows, nil
}

// GridPoint is one configuration's mean bounded slowdown, theirs and ours.
type GridPoint struct {
	Row  GridRow
	Ours float64
}

// RunGrid simulates each row's configuration on the artefact's input in
// the given order of events (the study's is sim.PerEvent, the authors'
// simulator's) and gives its mean bounded slowdown over all jobs, as the
// authors' metrics_complete: max(1, (wait+run)/max(run, 10)).
func RunGrid(a adapt.Artefact, rows []GridRow, order sim.EventOrder) ([]GridPoint, error) {
	jobs := a.Jobs
	pts := make([]GridPoint, 0, len(rows))
	for _, r := range rows {
		s := backfill.NewPredicted(backfill.NewSGD(r.SGD), r.Correction, r.SJBF)
		recs, err := sim.SimulateWith(sim.SingleMachine(a.CPUs), jobs, s, sim.Options{Order: order})
		if err != nil {
			return nil, fmt.Errorf("grid line %d (%s): %w", r.Line, r.Name(), err)
		}
		sum := 0.0
		for i, rec := range recs {
			sum += BoundedSlowdown(rec.Start-jobs[i].Submit, jobs[i].Run)
		}
		pts = append(pts, GridPoint{Row: r, Ours: sum / float64(len(recs))})
	}
	return pts, nil
}

// GridStats are the Pearson correlation of ours against theirs and the
// share of configurations within 1% of theirs.
func GridStats(pts []GridPoint) (corr, within1 float64) {
	n := float64(len(pts))
	var mx, my float64
	for _, p := range pts {
		mx += p.Row.Theirs
		my += p.Ours
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	in := 0
	for _, p := range pts {
		dx, dy := p.Row.Theirs-mx, p.Ours-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
		if math.Abs(p.Ours/p.Row.Theirs-1) <= 0.01 {
			in++
		}
	}
	return sxy / math.Sqrt(sxx*syy), float64(in) / n
}

// EveryNth is every n-th row, starting with the first.
func EveryNth(rows []GridRow, n int) []GridRow {
	var out []GridRow
	for i := 0; i < len(rows); i += n {
		out = append(out, rows[i])
	}
	return out
}

// gridOptions are the study options the grid section follows: the data
// root given (--data) and --quick, which runs a quarter of the subset.
type gridOptions struct {
	DataDir string
	Quick   bool
}

// GridSection runs every GridEvery-th configuration of the authors' grid
// rows (ReadGrid; every 4·GridEvery-th with Quick) on the KTH-SP2 artefact input (found
// like every data set: DataDir, data/, then ../shared/data) and adds to pg
// a section with the scatter of our mean bounded slowdown against theirs
// (figure written in paperDir/figures), the correlation and the share
// within 1%. Without the input the section says which file is missing.
func GridSection(pg *report.Page, paperDir string, rows []GridRow, o gridOptions) error {
	pg.Section("The learned predictor's parameter grid, ours against the authors'")
	path, err := datadir.Find(o.DataDir, GridInput, "the SC'15 artefact (../shared/data/sc15-artefact, see its PROVENANCE.md)")
	if errors.Is(err, datadir.ErrMissing) {
		// The error names this machine's folders; the page must not.
		pg.Para("Not run: the SC'15 artefact's KTH-SP2 input (`%s`, see `../shared/data/sc15-artefact/PROVENANCE.md`) is not in the data root (`gridbench data` lists what is where).", GridInput)
		return nil
	}
	if err != nil {
		return err
	}
	l, err := spaceshared.Load(spaceshared.Input{Path: path, Estimate: adapt.Requested, Artefact: true})
	if err != nil {
		return err
	}
	a := adapt.Artefact{Jobs: l.Jobs, Starts: l.Starts, CPUs: l.CPUs}
	every := GridEvery
	if o.Quick {
		every *= 4
	}
	sub := EveryNth(rows, every)
	pts, err := RunGrid(a, sub, sim.PerEvent)
	if err != nil {
		return err
	}
	corr, within := GridStats(pts)
	fig := "backfilling-sgd-grid"
	if err := gridFigure(pts, corr, within, filepath.Join(paperDir, "figures", fig), o.Quick); err != nil {
		return err
	}
	pg.Para("The authors ran the learned predictor (EASY++ and EASY with predictions, three corrections) over a grid of loss shapes and parameters, thresholds and weights on KTH-SP2: "+
		"%d finished configurations in predictsim's `metrics_complete` (`testdata/sc15-grid`). Here every %dth of them (%d), each simulated on the authors' own input (%d jobs) in their simulator's order of events: "+
		"Pearson correlation of our mean bounded slowdown with theirs **%.3f**, **%.0f%%** of configurations within 1%% of theirs. "+
		"The whole grid runs with `go test ./experiments/backfilling -run TestGridAll -grid.all -timeout 3h`.",
		len(rows), every, len(pts), len(a.Jobs), corr, 100*within)
	pg.Add(&report.Figure{Path: "figures/" + fig + ".png", Alt: "grid: ours against theirs", Links: []string{"figures/" + fig + ".svg"}})
	return nil
}

func gridFigure(pts []GridPoint, corr, within float64, base string, quick bool) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Learned predictor grid on KTH-SP2: r = %.3f, %.0f%% within 1%%", corr, 100*within)
	if quick {
		p.Title.Text += "\n" + experiments.QuickNote("", quick) // the note line plots' figures have
	}
	p.X.Label.Text = "mean bounded slowdown, authors (pyss)"
	p.Y.Label.Text = "mean bounded slowdown, gridbench"
	xys := make(plotter.XYs, len(pts))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, pt := range pts {
		xys[i].X, xys[i].Y = pt.Row.Theirs, pt.Ours
		lo, hi = min(lo, pt.Row.Theirs, pt.Ours), max(hi, pt.Row.Theirs, pt.Ours)
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	sc.GlyphStyle.Color = plots.Color(0)
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return err
	}
	diag.Color = plots.Color(1)
	p.Add(diag, sc)
	p.Legend.Add("configuration", sc)
	p.Legend.Add("ours = theirs", diag)
	p.Legend.Top, p.Legend.Left = true, true
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return err
	}
	_, err = plots.Save(p, 14*vg.Centimeter, 12*vg.Centimeter, base, "png", "svg")
	return err
}
