package immediate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched/mapping"
	"github.com/gridbench/gridbench/pipeline"
)

func TestPlanShape(t *testing.T) {
	pl, err := plan(experiments.Config{Reps: 3, Quick: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	plan := pl.Bench()
	h := len(mapping.Names())
	published := 0
	if _, missing := pl.missingData(); !missing {
		published = len(PublishedInstances) * h
	}
	example := len(ExampleHeuristics(WorkedExample{}))
	if want := published + 3*3*h + example; len(plan.Runs) != want {
		t.Fatalf("quick plan has %d runs, want %d", len(plan.Runs), want)
	}
	// Algorithms of one repetition share the instance seed; repetitions differ.
	seeds := map[string]uint64{}
	for _, r := range plan.Runs {
		key := r.Workload + "/" + string(rune('0'+r.Rep))
		if s, ok := seeds[key]; ok && s != r.Seed {
			t.Fatalf("%s: algorithms of one repetition have different seeds", key)
		}
		seeds[key] = r.Seed
	}
	if seeds["gen/u_c_hihi/0"] == seeds["gen/u_c_hihi/1"] {
		t.Error("repetitions share a seed")
	}
}

func TestPlanWithoutDataSaysSo(t *testing.T) {
	t.Setenv(datadir.EnvVar, t.TempDir())
	datadir.HideEmbeddedForTest(t)
	wd, _ := os.Getwd()
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	pl, err := plan(experiments.Config{Reps: 1, Quick: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	plan := pl.Bench()
	msg, missing := pl.missingData()
	if !missing || !strings.Contains(msg, "u_c_hihi.0") || !strings.Contains(msg, "PROVENANCE") {
		t.Fatalf("missing data not reported clearly: %q", msg)
	}
	for _, r := range plan.Runs {
		if strings.HasPrefix(r.Workload, partPublished) {
			t.Fatal("published runs planned without data")
		}
	}
}

func TestExecutorOnWorkedExample(t *testing.T) {
	// The executor's metrics equal the heuristics' own on a generated
	// instance, and are the same whichever worker runs them.
	pl, err := plan(experiments.Config{Reps: 1, Quick: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	plan, exec := pl.Bench(), pl.Execute
	var run bench.Run
	for _, r := range plan.Runs {
		if r.Workload == "gen/u_i_lolo" && r.Algorithm == "MCT" {
			run = r
		}
	}
	a, err := exec(context.Background(), run)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := exec(context.Background(), run)
	if len(a.Metrics) != 4 || a.Metrics[0].Name != "makespan" || a.Metrics[0].Value != b.Metrics[0].Value {
		t.Fatalf("metrics %+v vs %+v", a.Metrics, b.Metrics)
	}
	if u := a.Metrics[2].Value; !(u > 0 && u <= 1) {
		t.Errorf("utilisation %v out of (0, 1]", u)
	}
}

// TestWorkedExample runs the worked example's planned runs: each records
// the published makespan and its schedule as series, one sample per job
// and series.
func TestWorkedExample(t *testing.T) {
	pl, err := plan(experiments.Config{Reps: 1, Quick: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	p, exec := pl.Bench(), pl.Execute
	want := map[string]float64{"OLB": 170, "MCT": 160, "MET": 245, "SA": 160, "kPB": 130}
	for _, run := range p.Runs {
		if run.Workload != WorkloadExample {
			continue
		}
		out, err := exec(context.Background(), run)
		if err != nil {
			t.Fatal(err)
		}
		if got := out.Metrics[0].Value; got != want[run.Algorithm] {
			t.Errorf("%s: makespan %g, want %g", run.Algorithm, got, want[run.Algorithm])
		}
		if len(out.Series) != 3*3 || out.Series[0].Series != SeriesMachine || out.Series[8].Series != SeriesEnd || out.Series[8].T != 2 {
			t.Errorf("%s: schedule series %+v, want machine/start/end for jobs 0..2", run.Algorithm, out.Series)
		}
		delete(want, run.Algorithm)
	}
	if len(want) != 0 {
		t.Errorf("no worked-example run for %v", want)
	}
}

func TestTrunc3(t *testing.T) {
	for v, want := range map[float64]string{0.9619973: "0.961", 47472299.429633: "47472299.429", 2: "2.000", 0.0009: "0.000"} {
		if got := Trunc3(v); got != want {
			t.Errorf("Trunc3(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestReproduceQuick runs the experiment end to end through Reproduce on
// the quick configuration, with the Braun data when present.
func TestReproduceQuick(t *testing.T) {
	out := t.TempDir()
	// The bundled data/ (or ../shared/data) from any working folder; skips
	// naming the file when neither has it.
	data := filepath.Dir(filepath.Dir(datadir.ForTest(t, BraunDir+"/u_c_hihi.0")))
	outs, err := pipeline.Reproduce(context.Background(), pipeline.Options{
		Only: []string{Name}, Config: experiments.Config{Reps: 3, Quick: true, DataDir: data},
		Out: out, Workers: 2, Report: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "paper", "immediate.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Section 4", "Interpretations", "figures/immediate-example.png", "Claims ledger", "§6"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, f := range []string{"figures/immediate-example.png", "figures/immediate-makespan-normalised.svg", "README.md"} {
		if _, err := os.Stat(filepath.Join(out, "paper", f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "results", "gridbench.xlsx")); err != nil {
		t.Error(err)
	}
	if data != "" && len(outs[0].Skipped) == 0 {
		if !strings.Contains(outs[0].Report.Headline, "240") {
			t.Errorf("headline %q", outs[0].Report.Headline)
		}
	} else {
		t.Logf("Braun data absent: %s", outs[0].Report.Headline)
	}
}

func TestForeignRunIsAnError(t *testing.T) {
	pl, err := plan(experiments.Config{Reps: 1, Quick: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = pl.Execute(context.Background(), bench.NewRun(Name, "w", "MCT", 0))
	if err == nil || !strings.Contains(err.Error(), "not a run of this plan") {
		t.Errorf("foreign run: %v, want an error saying it is not planned", err)
	}
}
