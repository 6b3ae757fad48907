package deadline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/spaceshared"
)

func TestRegistered(t *testing.T) {
	e, err := experiments.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if e.DefaultReps() != 20 {
		t.Errorf("default reps %d, want 20", e.DefaultReps())
	}
	// The algorithms are linked in by this package's imports; flex is
	// planned when its package exists.
	got := Algorithms()
	for _, a := range []string{"fcfs", "easy", "easywalk", "egedf", "tabu"} {
		if !slices.Contains(got, a) {
			t.Errorf("registered algorithms %v lack %s", got, a)
		}
	}
	if want := slices.DeleteFunc(slices.Clone(PaperAlgorithms), func(a string) bool { return !slices.Contains(got, a) }); !slices.Equal(got, want) {
		t.Errorf("algorithms %v not in paper order %v", got, want)
	}
}

func TestPlan(t *testing.T) {
	for _, tc := range []struct {
		quick         bool
		reps          int
		streams       []string
		jobs, machine int
	}{
		{false, 20, []string{"ia=1", "ia=2", "ia=3", "ia=4", "ia=5"}, 3000, 150},
		{true, 3, []string{"ia=1", "ia=5"}, 300, 30},
	} {
		pl, err := PlanConfig(DefaultConfig(tc.quick), tc.reps)
		if err != nil {
			t.Fatal(err)
		}
		plan := pl.Bench()
		// easywalk (timing only), the Sensitivity variants and the Readings
		// run at the side repetitions, the other paper algorithms at reps.
		full := len(Algorithms()) - 1
		sides := 1 + len(Sensitivity) + len(Readings)
		side := min(tc.reps, SideReps)
		if pl.SideReps != side {
			t.Errorf("quick=%v: %d side repetitions, want %d", tc.quick, pl.SideReps, side)
		}
		if want := len(tc.streams)*(full*tc.reps+sides*side) + len(Slacks)*len(pl.Config.SlackInterArrivals)*len(SlackAlgorithms)*side; len(plan.Runs) != want {
			t.Fatalf("quick=%v: %d runs, want %d", tc.quick, len(plan.Runs), want)
		}
		for _, r := range plan.Runs {
			if SideRun(r.Algorithm) && r.Rep >= side {
				t.Fatalf("quick=%v: side run %v at repetition %d of %d", tc.quick, r.Key(), r.Rep, side)
			}
		}
		// The sensitivity runs share their instance and run seeds with the
		// default rule's runs and differ from them in the slack range only.
		byKey := map[analysis.RunKey]bench.Run{}
		for _, r := range plan.Runs {
			byKey[r.Key()] = r
		}
		slack := 0
		for _, r := range plan.Runs {
			sp := specOf(t, pl, r)
			if sp.SlackMin == jobstream.Default(0).SlackMin {
				continue
			}
			slack++
			base, ok := byKey[analysis.RunKey{Experiment: Name, Workload: WorkloadID(sp.MeanInterArrival), Algorithm: r.Algorithm, Rep: r.Rep}]
			if !ok {
				t.Fatalf("sensitivity run %v has no default-rule twin", r.Key())
			}
			bs := specOf(t, pl, base)
			bs.SlackMin, bs.SlackMax = sp.SlackMin, sp.SlackMax
			if base.Seed != r.Seed || base.RunSeed != r.RunSeed || bs != sp {
				t.Fatalf("sensitivity run %v: seeds or spec differ from %v beyond the slack", r.Key(), base.Key())
			}
		}
		if want := len(Slacks) * len(pl.Config.SlackInterArrivals) * len(SlackAlgorithms) * side; slack != want {
			t.Fatalf("%d sensitivity runs, want %d", slack, want)
		}
		plan.Runs = slices.DeleteFunc(plan.Runs, func(r bench.Run) bool {
			return specOf(t, pl, r).SlackMin != jobstream.Default(0).SlackMin
		})
		keys := map[analysis.RunKey]bool{}
		seeds := map[string]uint64{} // workload/rep → instance seed
		runSeeds := map[uint64]bool{}
		var streams []string
		for _, r := range plan.Runs {
			if r.Experiment != Name {
				t.Fatalf("run %v: experiment %q", r.Key(), r.Experiment)
			}
			if keys[r.Key()] {
				t.Fatalf("run %v planned twice", r.Key())
			}
			keys[r.Key()] = true
			if !slices.Contains(streams, r.Workload) {
				streams = append(streams, r.Workload)
			}
			spec := specOf(t, pl, r)
			if WorkloadID(spec.MeanInterArrival) != r.Workload || spec.Jobs != tc.jobs || spec.Machines != tc.machine {
				t.Fatalf("run %v: spec %+v", r.Key(), spec)
			}
			// Paired design: one instance seed per (stream, rep), shared by
			// every algorithm; one own seed per run.
			k := r.Workload + "/" + string(rune('0'+r.Rep))
			if s, ok := seeds[k]; ok && s != r.Seed {
				t.Fatalf("run %v: seed %d, another algorithm of the repetition has %d", r.Key(), r.Seed, s)
			}
			seeds[k] = r.Seed
			if runSeeds[r.RunSeed] {
				t.Fatalf("run %v: run seed reused", r.Key())
			}
			runSeeds[r.RunSeed] = true
		}
		if !slices.Equal(streams, tc.streams) {
			t.Errorf("streams %v, want %v", streams, tc.streams)
		}
		if len(seeds) != len(tc.streams)*tc.reps {
			t.Errorf("%d instance seeds, want %d", len(seeds), len(tc.streams)*tc.reps)
		}
	}
}

// The configuration hash must not depend on the repetitions, so raising
// --reps reuses finished runs, and must change with the configuration.
func TestConfigHash(t *testing.T) {
	hash := func(reps int, quick bool) string {
		plan, err := Experiment{}.Plan(experiments.Config{Reps: reps, Quick: quick})
		if err != nil {
			t.Fatal(err)
		}
		h, _, err := analysis.HashConfig(plan.Bench().Config)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	if hash(3, false) != hash(20, false) {
		t.Error("config hash depends on the repetitions")
	}
	if hash(3, false) == hash(3, true) {
		t.Error("quick and full configurations hash the same")
	}
}

func TestPlanErrors(t *testing.T) {
	c := DefaultConfig(true)
	c.Algorithms = []string{"fcfs", "nosuch"}
	if _, err := PlanConfig(c, 2); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("unknown algorithm: err %v", err)
	}
	c = DefaultConfig(true)
	c.InterArrivals = []float64{1, -2}
	if _, err := PlanConfig(c, 2); err == nil || !strings.Contains(err.Error(), "ia=-2") {
		t.Errorf("bad stream: err %v", err)
	}
	if _, err := PlanConfig(DefaultConfig(true), 0); err == nil {
		t.Error("zero repetitions accepted")
	}
}

func TestExecute(t *testing.T) {
	spec := jobstream.Default(2)
	spec.Jobs, spec.Machines = 60, 6
	run := bench.NewRun(Name, "ia=2", "easy", 0)
	out, err := Execute(context.Background(), run, spec)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, m := range out.Metrics {
		got[m.Name] = m.Value
	}
	inst, err := adapt.GenerateDeadline(spec, run.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if got[spaceshared.MOfferedLoad] != jobstream.OfferedLoad(inst.Gen) {
		t.Errorf("offered load %v, want the instance's %v", got[spaceshared.MOfferedLoad], jobstream.OfferedLoad(inst.Gen))
	}
	for _, n := range []string{spaceshared.MDelayed, spaceshared.MUsage, spaceshared.MWeightedUsage, spaceshared.MOpsUsage} {
		if v, ok := got[n]; !ok || !(v >= 0 && v <= 100) {
			t.Errorf("%s = %v (present %v), want a percentage", n, v, ok)
		}
	}
	if got[spaceshared.MDecisions] < 2 || got[spaceshared.MMakespan] <= 0 || got[spaceshared.MSlowdown] < 1 {
		t.Errorf("metrics %v", got)
	}
	if len(out.Timings) == 0 {
		t.Error("no timings")
	}
	// Deterministic metrics: the same run gives the same values, for the
	// randomised Tabu too.
	for _, algo := range []string{"easy", "tabu"} {
		r := bench.NewRun(Name, "ia=2", algo, 1)
		a, err1 := Execute(context.Background(), r, spec)
		b, err2 := Execute(context.Background(), r, spec)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !slices.Equal(a.Metrics, b.Metrics) {
			t.Errorf("%s: metrics differ between two executions:\n%v\n%v", algo, a.Metrics, b.Metrics)
		}
	}
	// The queue-walking EASY records only its decision metrics, which
	// differ from the fast EASY's in work only: same schedules, same
	// decisions and queues.
	walk, err := Execute(context.Background(), bench.NewRun(Name, "ia=2", "easywalk", 0), spec)
	if err != nil {
		t.Fatal(err)
	}
	wm := map[string]float64{}
	for _, m := range walk.Metrics {
		wm[m.Name] = m.Value
	}
	if _, ok := wm[spaceshared.MDelayed]; ok {
		t.Errorf("easywalk recorded schedule metrics: %v", walk.Metrics)
	}
	for _, n := range []string{spaceshared.MDecisions, spaceshared.MQueuePerDec, spaceshared.MMaxQueue} {
		if wm[n] != got[n] {
			t.Errorf("%s: easywalk %v, easy %v", n, wm[n], got[n])
		}
	}
	if _, err := Execute(context.Background(), bench.NewRun(Name, "ia=2", "egedf-literal", 0), spec); err != nil {
		t.Errorf("sensitivity variant: %v", err)
	}
	pl, err := PlanConfig(DefaultConfig(true), 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pl.Execute(context.Background(), bench.NewRun(Name, "ia=2", "easy", 0)); err == nil {
		t.Error("a run not in the plan accepted")
	}
}

func TestExecuteCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	spec := jobstream.Default(1)
	spec.Jobs, spec.Machines = 50, 5
	if _, err := Execute(ctx, bench.NewRun(Name, "ia=1", "fcfs", 0), spec); err == nil {
		t.Error("cancelled run finished")
	}
}

func TestReportQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the quick configuration")
	}
	dir := t.TempDir()
	cfg := experiments.Config{Reps: 3, Quick: true}
	study, err := Experiment{}.Plan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The quick configuration at three repetitions, on two streams only.
	res, err := bench.Execute(context.Background(), study.Bench(), study.Execute, bench.Options{Dir: filepath.Join(dir, "results"), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	pdir := filepath.Join(dir, "paper")
	out, err := study.Report(context.Background(), experiments.ReportInput{Result: res, PaperDir: pdir})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(dir, Name, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(pdir, out.Page))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"Quick configuration", "## Offered load", "## Claims", "## Interpretations", "## Metric definitions",
		stmtA, stmtB, stmtM, stmtD, stmtE, "schedule-based (EG-EDF, Tabu) runtime per decision"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, c := range []string{"a", "b", "c", "d", "e"} {
		if !strings.Contains(page, "\n| "+c+" | ") {
			t.Errorf("claims table has no row for claim (%s)", c)
		}
	}
	rdir := filepath.Join(dir, "results", Name)
	tb, err := os.ReadFile(filepath.Join(rdir, TimingsPage))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(figures, figure{id: "Figure 5c", file: "fig5c-runtime-queue", timing: true}) {
		// Measured-time figures go to the results folder's timings page.
		base, text := pdir, page
		if f.timing {
			base, text = rdir, string(tb)
		}
		for _, ext := range []string{".png", ".svg"} {
			rel := "figures/" + Name + "-" + f.file + ext
			if st, err := os.Stat(filepath.Join(base, rel)); err != nil || st.Size() == 0 {
				t.Errorf("%s: missing or empty figure %s (%v)", f.id, rel, err)
			}
			if _, err := os.Stat(filepath.Join(pdir, rel)); f.timing && err == nil {
				t.Errorf("%s: measured-time figure %s in the paper folder", f.id, rel)
			}
		}
		if !strings.Contains(text, "(figures/"+Name+"-"+f.file+".png)") {
			t.Errorf("%s does not link %s", base, f.id)
		}
	}
	if strings.Contains(page, "µs") {
		t.Error("the page shows measured microseconds")
	}
	if _, err := os.Stat(filepath.Join(pdir, Name+".claims.json")); err != nil {
		t.Error(err)
	}
	if out.Headline == "" || len(out.Sheets) != 2 || len(out.Ledger) == 0 { // the ledger reaches the workbook as out.Ledger
		t.Errorf("headline %q, %d sheets", out.Headline, len(out.Sheets))
	}
	// The same results give the same page (no map order, no clock).
	out2, err := study.Report(context.Background(), experiments.ReportInput{Result: res, PaperDir: pdir})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(dir, Name, out2); err != nil {
		t.Fatal(err)
	}
	b2, _ := os.ReadFile(filepath.Join(pdir, out2.Page))
	if string(b2) != page {
		t.Error("report differs between two builds from the same results")
	}

	// Timings change from machine to machine: a report from the same
	// runs with other wall-clock values must give the same page, ledger
	// and figures, byte for byte.
	other := *res
	other.Timings = slices.Clone(res.Timings)
	for i := range other.Timings {
		other.Timings[i].Value *= 1.5 + float64(i%7)
	}
	dir2 := t.TempDir()
	pdir2 := filepath.Join(dir2, "paper")
	out3, err := study.Report(context.Background(), experiments.ReportInput{Result: &other, PaperDir: pdir2})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(dir2, Name, out3); err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(pdir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(pdir, path)
		a, _ := os.ReadFile(path)
		b, err := os.ReadFile(filepath.Join(pdir2, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("paper/%s differs when only the timings differ (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// specOf is the stream of run r of pl.
func specOf(t *testing.T, pl *Plan, r bench.Run) jobstream.Spec {
	t.Helper()
	s, err := pl.runs.Spec(r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSideRepsSetting: the side repetitions are a setting of the
// configuration that decides which runs are planned, not what any run
// computes: lowering it drops the side runs' later repetitions, keeps every
// other run and leaves the configuration's hash (the runs' reuse key) as
// it was.
func TestSideRepsSetting(t *testing.T) {
	c := DefaultConfig(true)
	all, err := PlanConfig(c, 6)
	if err != nil {
		t.Fatal(err)
	}
	c3 := c
	c3.SideReps = 3
	few, err := PlanConfig(c3, 6)
	if err != nil {
		t.Fatal(err)
	}
	if all.SideReps != 6 || few.SideReps != 3 {
		t.Fatalf("side repetitions %d and %d, want 6 (capped by the repetitions) and 3", all.SideReps, few.SideReps)
	}
	h, _, _ := analysis.HashConfig(c)
	h3, _, _ := analysis.HashConfig(c3)
	if h != h3 {
		t.Errorf("configuration hash %s with 3 side repetitions, %s with %d: the runs made would not be reused", h3, h, c.SideReps)
	}
	kept := map[analysis.RunKey]bool{}
	for _, r := range few.Bench().Runs {
		kept[r.Key()] = true
	}
	var dropped int
	for _, r := range all.Bench().Runs {
		side := SideRun(r.Algorithm) || slices.Contains(Readings, r.Algorithm) || strings.Contains(r.Workload, "/slack=")
		switch {
		case kept[r.Key()] != (!side || r.Rep < 3):
			t.Errorf("run %s planned %v with 3 side repetitions", r.Key(), kept[r.Key()])
		case !kept[r.Key()]:
			dropped++
		}
	}
	if dropped == 0 || len(all.Bench().Runs)-dropped != len(kept) {
		t.Errorf("%d runs with 6 side repetitions, %d with 3, %d dropped", len(all.Bench().Runs), len(kept), dropped)
	}
	c3.SideReps = 0
	if _, err := PlanConfig(c3, 6); err == nil {
		t.Error("0 side repetitions planned")
	}
}
