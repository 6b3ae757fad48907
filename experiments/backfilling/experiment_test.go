package backfilling

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/pipeline"
)

func TestBoundedSlowdown(t *testing.T) {
	for _, c := range []struct{ wait, run, want float64 }{
		{0, 100, 1},      // never below 1
		{100, 100, 2},    // (100+100)/100
		{50, 0, 5},       // a zero run counts as 10 s: 50/10
		{30, 5, 3.5},     // (30+5)/10
		{900, 300, 4},    // (900+300)/300
		{0, 0, 1},        // max(1, 0)
		{5, 10, 1.5},     // (5+10)/10
		{1e6, 1e5, 11},   // long jobs are not bounded
		{0, 1e-3, 1},     // tiny
		{7, 3, 1},        // (7+3)/10 = 1
		{8, 3, 1.1},      // (8+3)/10
		{10, 10, 2},      // boundary
		{1, 9.99, 1.099}, // (1+9.99)/10
		{0, 10, 1},       //
		{20, 20, 2},      //
		{3600, 60, 61},   //
		{86400, 0, 8640}, //
	} {
		if got := BoundedSlowdown(c.wait, c.run); math.Abs(got-c.want) > 1e-3 {
			t.Errorf("BoundedSlowdown(%g, %g) = %g, want %g", c.wait, c.run, got, c.want)
		}
	}
}

func TestMeasureWindows(t *testing.T) {
	// 40 jobs, the k-th waiting k seconds with run 100: window w (2 jobs)
	// has mean bounded slowdown 1 + (2w + 0.5)/100.
	var jobs []sim.Job
	var recs []sim.Record
	for k := range 40 {
		jobs = append(jobs, sim.Job{Submit: 0, Run: 100, CPUs: 1})
		recs = append(recs, sim.Record{Start: float64(k), End: float64(k) + 100})
	}
	out := measure(sim.SingleMachine(1), jobs, recs)
	if len(out.Series) != Windows {
		t.Fatalf("%d windows, want %d", len(out.Series), Windows)
	}
	for w, s := range out.Series {
		want := 1 + (2*float64(w)+0.5)/100
		if s.Series != SeriesWindow || s.T != float64(w) || math.Abs(s.Value-want) > 1e-12 {
			t.Errorf("window %d: %+v, want %g", w, s, want)
		}
	}
	if out.Metrics[0].Name != MetricBSLD || math.Abs(out.Metrics[0].Value-(1+19.5/100)) > 1e-12 {
		t.Errorf("metrics %+v", out.Metrics)
	}
}

// TestKTH plans, runs and reports the study on what a fresh clone has
// (the authors' KTH-SP2 input, read from their bundled EASY schedule, and
// our cleaned KTH-SP2 log) with --quick: the page puts every published
// cell beside ours, the ledger has one entry per cell and ordering, the
// EASY configuration agrees with the authors' schedule job by job, and a
// missing schedule or scheduler is said, not fatal.
func TestKTH(t *testing.T) {
	in := datadir.ForTest(t, References[0].Rel("KTH-SP2"))
	path := datadir.ForTest(t, Logs[0].Rel)
	root := strings.TrimSuffix(filepath.ToSlash(path), Logs[0].Rel)
	if r2 := strings.TrimSuffix(filepath.ToSlash(in), References[0].Rel("KTH-SP2")); r2 != root {
		t.Skipf("skipping: the KTH-SP2 log (%s) and the artefact's schedule (%s) are under different data roots", root, r2)
	}
	t.Setenv(datadir.EnvVar, "")
	pl, err := plan(experiments.Config{DataDir: root, Quick: true}.Filled(&Experiment{}))
	if err != nil {
		t.Fatal(err)
	}
	p, exec, c := pl.Bench(), pl.Execute, pl.Config
	if !slices.Equal(c.Logs, []string{"kth-sp2", "kth-sp2" + PWASuffix}) || c.CPUs[0] != 100 || c.CPUs[1] != 100 {
		t.Fatalf("logs %v (cpus %v), skipped %v", c.Logs, c.CPUs, pl.Skipped())
	}
	// Every run reads its input (and the authors' schedule it is compared
	// with), so those are its inputs: reused only while they are unchanged.
	for _, r := range p.Runs {
		want := path
		if r.Workload == "kth-sp2" {
			want = in
		}
		if len(r.Inputs) < 1 || filepath.ToSlash(r.Inputs[0]) != filepath.ToSlash(want) {
			t.Fatalf("run %s: inputs %v, want first %s", r.Key(), r.Inputs, want)
		}
	}
	dir := t.TempDir()
	res, err := bench.Execute(context.Background(), p, exec, bench.Options{Dir: filepath.Join(dir, "results", Name), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	pdir := filepath.Join(dir, "paper")
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := pl.Report(context.Background(), experiments.ReportInput{Result: res, PaperDir: pdir})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(dir, Name, out); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(pdir, out.Page))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| KTH-SP2 | EASY | 92.58 |", "| KTH-SP2 | EASY++ (reqtime) | 62.86 |", "| KTH-SP2 | CONS | — |", "±10%", "## Interpretations", "Past an estimate",
		"## Claims ledger", "Fitted vs validated", "validated out of sample",
		// The authors' EASY schedule, in both orders of events.
		"| KTH-SP2 | EASY, requested times | easy, requested estimates | 100.00% | 92.577 | 92.577 | +0.00% | yes | none: every job starts at the authors' second |",
		"| KTH-SP2 | EASY, requested times | easy, requested estimates | 98.40% |",
		"## Second reading: our cleaned PWA logs",
		// The logs the quick configuration leaves out, listed.
		"| CTC-SP2 | EASY | 49.57 | not run (quick configuration) |",
		// Both readings of "clairvoyant", with the authors' number.
		"- KTH-SP2: learned predictor 69.31 here, 69.31 the authors' (their grid); below EASY clairvoyant (default reading): 71.72, not held, Holm p 0.571; below EASY++ clairvoyant (other reading): 49.85, not held, higher, Holm p ",
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, r := range References {
		want := "not run: the authors' schedule is missing (`gridbench data fetch sc15-kth-sp2`)"
		if !r.Registered() {
			want = "not yet run: scheduler missing (`" + r.Sched + "`)"
		} else if _, err := datadir.Find(root, r.Rel("KTH-SP2"), ""); err == nil {
			continue
		}
		if !strings.Contains(string(page), "| KTH-SP2 | "+r.Label+" |") || !strings.Contains(string(page), want) {
			t.Errorf("page lacks the row of %s saying %q", r.ID, want)
		}
	}
	if len(out.Compared) != len(Logs[0].Published) {
		t.Errorf("%d comparisons, want %d", len(out.Compared), len(Logs[0].Published))
	}
	var sheets []string
	for _, s := range out.Sheets {
		sheets = append(sheets, s.ID)
	}
	if want := []string{"table2", "agreement", "pwa", "orderings", "readings", "clairvoyant"}; !slices.Equal(sheets, want) {
		t.Errorf("workbook sheets %v, want %v", sheets, want)
	}
	b, err := os.ReadFile(filepath.Join(pdir, Name+".claims.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file analysis.LedgerFile
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	ledger := file.Entries
	// Every log's published cells and orderings, those of the logs the
	// quick configuration leaves out as not run.
	cells := 0
	for _, l := range Logs {
		cells += len(l.Published)
	}
	if want := cells + len(Logs)*len(Orderings) + len(paperClaims); len(ledger) != want || len(out.Ledger) != want {
		t.Errorf("%d ledger entries in the file, %d in the output, want %d", len(ledger), len(out.Ledger), want)
	}
	for _, c := range out.Compared {
		if c.InSample {
			t.Errorf("%s %s: in sample, but nothing of this study is fitted", c.Workload, c.Algorithm)
		}
	}
	for _, l := range ledger {
		if !strings.HasPrefix(l.ID, Logs[0].ID+"/") && strings.Contains(l.ID, "/") && !strings.HasPrefix(l.ID, clairvoyantClaim) {
			if l.Verdict != analysis.VerdictNotTestable || !strings.HasPrefix(l.Note, "not run: ") {
				t.Errorf("%s: verdict %q (%s), want not testable: its log is left out of the quick configuration", l.ID, l.Verdict, l.Note)
			}
			continue
		}
		if l.ID == "corrections" {
			// no direction stated: not testable, with the reason
			if l.Verdict != analysis.VerdictNotTestable || l.Note == "" {
				t.Errorf("%s: verdict %q (%s), want not testable with the reason", l.ID, l.Verdict, l.Note)
			}
			continue
		}
		if l.Verdict != analysis.VerdictHeld && l.Verdict != analysis.VerdictNotHeld && l.Verdict != analysis.VerdictInconclusive {
			t.Errorf("%s: verdict %q", l.ID, l.Verdict)
		}
	}
	// Backfilling must beat FCFS by far on this log, or the runs are wrong.
	idx := res.Index()
	for _, wl := range c.Logs {
		fcfs := idx[analysis.GroupKey{Experiment: Name, Workload: wl, Algorithm: "fcfs", Metric: MetricBSLD}].Values[0]
		easy := idx[analysis.GroupKey{Experiment: Name, Workload: wl, Algorithm: "easy", Metric: MetricBSLD}].Values[0]
		if !(easy < fcfs/2) {
			t.Errorf("%s: EASY %g not well below FCFS %g", wl, easy, fcfs)
		}
	}
	t.Log(out.Headline)
}
