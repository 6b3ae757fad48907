package filestudy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/generators/lublin"
)

const goodLublin = `name = "lub"
algorithms = ["fcfs", "easy", "easy-sjbf"]

[[workload]]
kind = "lublin"
jobs = 300
cpus = 32

[[workload]]
kind = "lublin"
jobs = 300
cpus = 32
typeless = true

[[claim]]
algorithm = "easy"
baseline = "fcfs"
metric = "bsld"
direction = "lower"
`

// TestLublinStudy runs a study of generated Lublin–Feitelson workloads end
// to end and checks every value against its twin: the same repetition
// written as SWF by generators/lublin (seeded with the record's workload
// seed) and run as a one-window trace workload with exact run times. Two
// repetitions are two different draws, and typeless draws differ from
// typed ones.
func TestLublinStudy(t *testing.T) {
	const reps = 2
	dir := t.TempDir()
	runStudy(t, write(t, goodLublin), filepath.Join(dir, "lub"), reps, 2, bench.Shard{}, false)
	recs, err := analysis.ReadFile(filepath.Join(dir, "lub", "results", "lub", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * reps * 3 * len(filestudy.Metrics[:5]); len(recs) != want {
		t.Fatalf("%d records, want 2 workloads × %d reps × 3 algorithms × 5 metrics = %d", len(recs), reps, want)
	}
	type key struct {
		typeless bool
		rep      int
		algo     string
		metric   string
	}
	got := map[key]float64{}
	seeds := map[key]uint64{}
	for _, r := range recs {
		typeless := false
		switch r.Workload {
		case "lublin/300jobs/cpus=32":
		case "lublin/300jobs/cpus=32/typeless":
			typeless = true
		default:
			t.Fatalf("workload id %q", r.Workload)
		}
		got[key{typeless, r.Rep, r.Algorithm, r.Metric}] = r.Value
		seeds[key{typeless: typeless, rep: r.Rep}] = r.Seed
	}
	n := 0
	for k, seed := range seeds {
		cfg := lublin.Config{Jobs: 300, CPUs: 32, Seed: seed, Typeless: k.typeless}
		jobs, err := lublin.Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		swf := filepath.Join(t.TempDir(), "lublin.swf")
		f, err := os.Create(swf)
		if err != nil {
			t.Fatal(err)
		}
		if err := lublin.WriteSWF(f, jobs, cfg); err != nil {
			t.Fatal(err)
		}
		f.Close()
		name := fmt.Sprintf("lubtwin%d%v", k.rep, k.typeless)
		twin := fmt.Sprintf("name = %q\nalgorithms = [\"fcfs\", \"easy\", \"easy-sjbf\"]\n[[workload]]\nkind = \"trace\"\nname = \"w\"\ntrace = %q\ncpus = 32\njobs = 300\nestimate = \"runtime\"\n", name, swf)
		runStudy(t, write(t, twin), filepath.Join(dir, name), 1, 1, bench.Shard{}, false)
		trecs, err := analysis.ReadFile(filepath.Join(dir, name, "results", name, "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range trecs {
			n++
			if v, ok := got[key{k.typeless, k.rep, r.Algorithm, r.Metric}]; !ok || v != r.Value {
				t.Errorf("typeless=%v rep %d %s %s = %g (recorded: %v), the SWF twin gives %g", k.typeless, k.rep, r.Algorithm, r.Metric, v, ok, r.Value)
			}
		}
	}
	if n != len(recs) {
		t.Errorf("%d values checked against twins, want %d", n, len(recs))
	}
	for _, typeless := range []bool{false, true} {
		if a, b := got[key{typeless, 0, "fcfs", filestudy.MWait}], got[key{typeless, 1, "fcfs", filestudy.MWait}]; a == b {
			t.Errorf("typeless=%v: both repetitions have FCFS mean wait %g: want two different draws", typeless, a)
		}
	}
	if a, b := got[key{false, 0, "fcfs", filestudy.MWait}], got[key{true, 0, "fcfs", filestudy.MWait}]; a == b {
		t.Errorf("typed and typeless draws have the same FCFS mean wait %g", a)
	}
	page, err := os.ReadFile(filepath.Join(dir, "lub", "paper", "lub.md"))
	if err != nil || !strings.Contains(string(page), "lublin/300jobs/cpus=32/typeless") {
		t.Errorf("report page: %v; want it to name the typeless workload", err)
	}
}

func TestLublinLoadErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no jobs", strings.Replace(goodLublin, "jobs = 300\ncpus = 32\n\n", "cpus = 32\n\n", 1), `s.toml:4: workload 1: key jobs: 0: need at least 1`},
		{"no cpus", strings.Replace(goodLublin, "jobs = 300\ncpus = 32\n\n", "jobs = 300\n\n", 1), `s.toml:4: workload 1: key cpus: 0: need at least 1`},
		{"a trace key", strings.Replace(goodLublin, "typeless = true", "typeless = true\ntrace = \"x.swf\"", 1),
			`s.toml:14: workload 2: key trace: not read by kind = "lublin" workloads (their keys: kind, name, jobs, cpus, typeless)`},
		{"typeless in a trace workload", "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 4\njobs = 5\ntypeless = true\n",
			`s.toml:8: workload 1: key typeless: not read by kind = "trace" workloads`},
		{"a heuristic", strings.Replace(goodLublin, `"easy-sjbf"]`, `"MCT"]`, 1), `s.toml:2: key algorithms: "MCT" is a mapping algorithm (for kind = etc workloads); trace/deadline/lublin workloads take`},
		{"mixed with timeshare", goodLublin + "[[workload]]\nkind = \"timeshare\"\ntrace = \"t.swf\"\njobs = 3\nslaves = 2\n",
			`workload 3: key kind: "timeshare" workloads cannot share a study with "lublin" ones`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, tc.text)
			_, err := filestudy.Load(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), p) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v\nwant one line starting with the file and containing %q", err, tc.want)
			}
		})
	}
}
