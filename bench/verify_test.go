package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// vtoyConfig is the toy experiment's configuration: the number of its
// deterministic workloads' runs does not grow with the repetitions, as in
// the real studies.
type vtoyConfig struct {
	Scale float64 `json:"scale"`
	Input string  `json:"-"` // a file every run reads, found under a data root (not configuration)
}

// toyPlan: workloads w1, w2 with reps repetitions, w3 deterministic (one
// run), algorithms a and b; a measures m1 and m2, b only m1; w3's runs
// record a series.
func vtoyPlan(cfg vtoyConfig, reps int) Plan {
	p := Plan{Experiment: "toy", Config: cfg, Reps: reps}
	if cfg.Input != "" {
		p.Inputs = []string{cfg.Input}
	}
	for _, w := range []string{"w1", "w2", "w3"} {
		n := reps
		if w == "w3" {
			n = 1
		}
		for rep := range n {
			for _, a := range []string{"a", "b"} {
				r := NewRun("toy", w, a, rep)
				if a == "b" { // keyed on its own part of the configuration
					var part json.RawMessage
					r.ConfigHash, part, _ = analysis.HashConfig(cfg.Scale)
					p.RunConfigs = map[string]json.RawMessage{r.ConfigHash: part}
				}
				p.Runs = append(p.Runs, r)
			}
		}
	}
	return p
}

func vtoyExec(cfg vtoyConfig, calls *atomic.Int64) Executor {
	return func(_ context.Context, r Run) (Output, error) {
		calls.Add(1)
		out := Output{Metrics: []Metric{{Name: "m1", Value: cfg.Scale * float64(r.Seed%1000)}}}
		if r.Algorithm == "a" {
			out.Metrics = append(out.Metrics, Metric{Name: "m2", Value: float64(r.RunSeed % 997)})
		}
		if r.Workload == "w3" {
			for t := range 3 {
				out.Series = append(out.Series, Sample{"s", float64(t), float64(r.RunSeed%(10+uint64(t))) / 4})
			}
		}
		return out, nil
	}
}

// toyPlanner plans the toy from the manifest's configuration, like the
// CLI's planner does from its options.
func vtoyPlanner(calls *atomic.Int64) Planner {
	return func(_ string, m *analysis.Manifest, reps int) (Plan, Executor, error) {
		var cfg vtoyConfig
		if err := json.Unmarshal(m.Config, &cfg); err != nil {
			return Plan{}, nil, err
		}
		return vtoyPlan(cfg, reps), vtoyExec(cfg, calls), nil
	}
}

// vtoyResults runs the toy with 3 repetitions into a fresh folder.
func vtoyResults(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "toy")
	cfg := vtoyConfig{Scale: 0.25}
	var calls atomic.Int64
	if _, err := Execute(context.Background(), vtoyPlan(cfg, 3), vtoyExec(cfg, &calls), Options{Dir: dir, Workers: 2, Version: "v1"}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// redigest records the current digests of dir's files in its manifest, as
// a careful forger would after editing them: what Verify finds then, it
// finds without the digests' help.
func redigest(t *testing.T, dir string) {
	t.Helper()
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m.Digests = map[string]string{}
	for _, name := range []string{runsFile, seriesFile} {
		if sum, err := analysis.FileSHA256(filepath.Join(dir, name)); err == nil {
			m.Digests[name] = sum
		}
	}
	if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), m); err != nil {
		t.Fatal(err)
	}
}

// edit rewrites the lines of dir/name through f (the header is line 0).
func edit(t *testing.T, dir, name string, f func(lines []string) []string) {
	t.Helper()
	path := filepath.Join(dir, name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(f(lines), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func verifyToy(t *testing.T, dir string, opts VerifyOptions) (*VerifyReport, int64) {
	t.Helper()
	var calls atomic.Int64
	if opts.Fraction == 0 {
		opts.Fraction = 0.05
	}
	opts.Version = "v1"
	rep, err := Verify(context.Background(), []string{dir}, vtoyPlanner(&calls), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep, calls.Load()
}

func problems(rep *VerifyReport) string {
	var b strings.Builder
	for _, p := range rep.Problems {
		fmt.Fprintln(&b, p)
	}
	return b.String()
}

func TestVerifyClean(t *testing.T) {
	dir := vtoyResults(t)
	rep, calls := verifyToy(t, dir, VerifyOptions{All: true})
	if len(rep.Problems) > 0 || rep.Planned != 14 || rep.Recorded != 14 || rep.Recomputed != 14 || calls != 14 {
		t.Fatalf("--all on untouched results: %+v, %d calls\n%s", rep, calls, problems(rep))
	}
	// The repetitions the plan was rebuilt with, which verify's
	// re-rendering of the report plans with again.
	if rep.Reps[dir] != 3 {
		t.Errorf("Reps %v: want %s: 3, the repetitions that made it", rep.Reps, dir)
	}
	// runs.csv and series.csv as read, for the re-rendering to take.
	recs, _ := analysis.ReadFile(filepath.Join(dir, runsFile))
	pts, _ := analysis.ReadSeriesFile(filepath.Join(dir, seriesFile))
	if got := rep.Read[dir]; len(pts) == 0 || !slices.Equal(got.Records, recs) || !slices.Equal(got.Series, pts) {
		t.Errorf("Read[%s] holds %d records and %d points, the files %d and %d", dir, len(got.Records), len(got.Series), len(recs), len(pts))
	}
	// The sample: one run of each of the 6 workload × algorithm pairs.
	rep, calls = verifyToy(t, dir, VerifyOptions{Seed: 1})
	if len(rep.Problems) > 0 || rep.Recomputed != 6 || calls != 6 {
		t.Fatalf("sample of untouched results: %+v, %d calls\n%s", rep, calls, problems(rep))
	}
}

// countingPlanner is vtoyPlanner that also records the repetitions it is
// asked to plan with, in order.
func countingPlanner(asked *[]int) Planner {
	var calls atomic.Int64
	inner := vtoyPlanner(&calls)
	return func(dir string, m *analysis.Manifest, reps int) (Plan, Executor, error) {
		*asked = append(*asked, reps)
		return inner(dir, m, reps)
	}
}

// TestVerifyRecordedReps: the manifest records the repetitions the plan
// was made with, outside the configuration and its hash, and verify plans
// once, with them.
func TestVerifyRecordedReps(t *testing.T) {
	dir := vtoyResults(t)
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Reps != 3 {
		t.Fatalf("manifest records %d repetitions, want 3", m.Reps)
	}
	if h, _, _ := analysis.HashConfig(vtoyConfig{Scale: 0.25}); m.ConfigHash != h {
		t.Errorf("configuration hash %s, want %s, the configuration's alone", m.ConfigHash, h)
	}
	var asked []int
	rep, err := Verify(context.Background(), []string{dir}, countingPlanner(&asked), VerifyOptions{All: true, Version: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 || rep.Reps[dir] != 3 {
		t.Fatalf("Reps %v, problems:\n%s", rep.Reps, problems(rep))
	}
	if len(asked) != 1 || asked[0] != 3 {
		t.Errorf("planned with repetitions %v, want [3]: the manifest says", asked)
	}

	// A plan that does not record its repetitions is a difference: its
	// next manifest would not say them.
	var calls atomic.Int64
	forgetful := func(dir string, m *analysis.Manifest, reps int) (Plan, Executor, error) {
		p, e, err := vtoyPlanner(&calls)(dir, m, reps)
		p.Reps = 0
		return p, e, err
	}
	rep, err = Verify(context.Background(), []string{dir}, forgetful, VerifyOptions{Version: "v1", Fraction: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(problems(rep), "records 3 repetitions, but the plan made with them says 0") {
		t.Errorf("a plan without its repetitions: got\n%s", problems(rep))
	}

	// A manifest whose number was edited plans other runs than it lists.
	m.Reps = 2
	if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), m); err != nil {
		t.Fatal(err)
	}
	rep, _ = verifyToy(t, dir, VerifyOptions{})
	if !strings.Contains(problems(rep), "which is not in the plan") {
		t.Errorf("2 repetitions recorded for a folder made with 3: want runs not in the plan, got\n%s", problems(rep))
	}
}

// TestVerifyRepsOutOfRange: a manifest edited to record repetitions no
// plan has (below 0, above MaxReps), or a run of such a repetition where
// the number must be recovered, is a difference named at once, planned
// with nothing: 10^12 repetitions planned ran verify out of memory.
func TestVerifyRepsOutOfRange(t *testing.T) {
	for _, c := range []struct {
		reps, rep int
		want      string
	}{
		{-5, 0, "it records -5 repetitions: gridbench plans 1 to 10000"},
		{2_000_000_000, 0, "it records 2000000000 repetitions"},
		{0, 2_000_000_000, "it records repetition 2000000000: gridbench plans 1 to 10000 repetitions"},
	} {
		dir := vtoyResults(t)
		m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
		if err != nil {
			t.Fatal(err)
		}
		m.Reps = c.reps
		if c.rep > 0 {
			m.Runs[0].Rep = c.rep
		}
		if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), m); err != nil {
			t.Fatal(err)
		}
		var asked []int
		rep, err := Verify(context.Background(), []string{dir}, countingPlanner(&asked), VerifyOptions{Version: "v1", Fraction: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(problems(rep), c.want) || len(asked) > 0 {
			t.Errorf("reps %d, a run of rep %d: planned with %v; problems:\n%s\nwant %q", c.reps, c.rep, asked, problems(rep), c.want)
		}
	}
}

// TestVerifyBisectsOldManifest: a manifest written before the repetitions
// were recorded still verifies; the number is recovered by bisection.
func TestVerifyBisectsOldManifest(t *testing.T) {
	dir := vtoyResults(t)
	path := filepath.Join(dir, manifestFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw["reps"]; !ok {
		t.Fatalf("manifest has no \"reps\" key: %s", b)
	}
	delete(raw, "reps")
	if b, err = json.Marshal(raw); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var asked []int
	rep, err := Verify(context.Background(), []string{dir}, countingPlanner(&asked), VerifyOptions{All: true, Version: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 || rep.Reps[dir] != 3 || rep.Recomputed != 14 {
		t.Fatalf("Reps %v, %d recomputed, problems:\n%s", rep.Reps, rep.Recomputed, problems(rep))
	}
	if len(asked) < 2 {
		t.Errorf("planned with repetitions %v: want a bisection, the manifest does not say", asked)
	}
}

// TestVerifySample: the draw is repeated by its seed, and each run of a
// workload × algorithm has the same chance of being drawn.
func TestVerifySample(t *testing.T) {
	plan := vtoyPlan(vtoyConfig{Scale: 1}, 4)
	v := &verifier{plan: plan, metrics: map[analysis.RunKey][]analysis.Record{}}
	for _, r := range plan.Runs {
		v.metrics[r.Key()] = []analysis.Record{{}}
	}
	v.opts = VerifyOptions{Fraction: 0.3, Seed: 7}
	first := fmt.Sprint(v.sample())
	if again := fmt.Sprint(v.sample()); again != first {
		t.Errorf("seed 7 drew %s, then %s", first, again)
	}
	counts := make([]int, len(plan.Runs))
	const draws = 400
	differ := 0
	for seed := range uint64(draws) {
		v.opts.Seed = seed
		picked := v.sample()
		if fmt.Sprint(picked) != first {
			differ++
		}
		per := map[string]int{}
		for _, i := range picked {
			counts[i]++
			per[plan.Runs[i].Workload+"/"+plan.Runs[i].Algorithm]++
		}
		// ceil(0.3 × 4) = 2 of the 4 repetitions, the one run of w3.
		if per["w1/a"] != 2 || per["w2/b"] != 2 || per["w3/a"] != 1 || len(per) != 6 {
			t.Fatalf("seed %d: drew %v", seed, per)
		}
	}
	if differ < draws/2 {
		t.Errorf("%d of %d seeds drew seed 7's sample", draws-differ, draws)
	}
	for i, r := range plan.Runs {
		want := draws / 2 // 2 of 4
		if r.Workload == "w3" {
			want = draws
		}
		if c := counts[i]; c < want*3/4 || c > want*5/4 {
			t.Errorf("run %s drawn %d times in %d draws, expected about %d", r.Key(), c, draws, want)
		}
	}
}

func TestVerifyDigests(t *testing.T) {
	dir := vtoyResults(t)
	edit(t, dir, runsFile, func(l []string) []string { return append(l[:3], l[4:]...) })
	want, _ := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	got, _ := analysis.FileSHA256(filepath.Join(dir, runsFile))
	rep, calls := verifyToy(t, dir, VerifyOptions{All: true})
	if !rep.Digests || len(rep.Problems) != 1 || calls != 0 {
		t.Fatalf("a changed runs.csv: %+v, %d runs re-computed\n%s", rep, calls, problems(rep))
	}
	if p := rep.Problems[0].String(); !strings.Contains(p, dir+": runs.csv") || !strings.Contains(p, analysis.Short(got)) || !strings.Contains(p, analysis.Short(want.Digests[runsFile])) {
		t.Errorf("problem %q names neither the file nor both hashes", p)
	}
}

// TestVerifyTampered: each kind of tampering, with the digests recorded
// again afterwards, is found; deletions and manifest edits by the default
// sample too, whatever its seed.
func TestVerifyTampered(t *testing.T) {
	for _, tc := range []struct {
		name   string
		file   string
		tamper func([]string) []string
		want   string // a regular expression
		all    bool   // only --all is sure to find it
		only   bool   // and nothing else is a problem
	}{
		{"deleted row", runsFile, func(l []string) []string { return append(l[:4], l[5:]...) },
			`run toy/w1/a/1 (lacks metric m1|metric m1: re-computed \S+, not recorded)`, false, false},
		{"deleted algorithm", runsFile, func(l []string) []string {
			var out []string
			for _, s := range l {
				if !strings.Contains(s, ",b,") {
					out = append(out, s)
				}
			}
			return out
		}, `all 3 planned runs of toy/w1/b \(reps 0-2\) have no row`, false, false},
		{"deleted run", runsFile, func(l []string) []string {
			var out []string
			for _, s := range l {
				if !strings.HasPrefix(s, "toy,w2,a,1,") {
					out = append(out, s)
				}
			}
			return out
		}, `planned run toy/w2/a/1 has no row`, false, false},
		{"duplicated row", runsFile, func(l []string) []string { return append(l[:5], l[4:]...) },
			`run toy/w1/a/1 metric m1 is recorded more than once`, false, true},
		{"extra run", runsFile, func(l []string) []string { return append(l, "toy,w9,a,5,1,m1,3") },
			`run toy/w9/a/5 \(1 rows\) is not in the plan`, false, true},
		{"edited value", runsFile, func(l []string) []string { l[6] = l[6][:strings.LastIndex(l[6], ",")] + ",12345.5"; return l },
			`run toy/w1/b/1 metric m1: recorded 12345.5, re-computed 162.5`, true, true},
		{"edited series value", seriesFile, func(l []string) []string { l[2] = l[2][:strings.LastIndex(l[2], ",")] + ",99.5"; return l },
			`run toy/w3/a/0 series s at 1: recorded 99.5, re-computed`, false, false}, // w3 is deterministic: its one run is always drawn
		{"deleted series sample", seriesFile, func(l []string) []string { return append(l[:2], l[3:]...) },
			`run toy/w3/a/0 series s at 1: re-computed \S+, not recorded`, false, false},
		{"series of a run not in the plan", seriesFile, func(l []string) []string { return append(l, "toy,w9,a,5,1,s,0,1", "toy,w9,a,5,1,s,1,1") },
			`run toy/w9/a/5 \(2 samples\) is not in the plan`, false, true},
		{"edited series seed", seriesFile, func(l []string) []string {
			f := strings.Split(l[2], ",")
			f[4] = "12345"
			l[2] = strings.Join(f, ",")
			return l
		}, `run toy/w3/a/0 series s at 1: recorded seed 12345, the run's seed is \d+`, false, false},
		{"series out of plan order", seriesFile, func(l []string) []string {
			return []string{l[0], l[4], l[5], l[6], l[1], l[2], l[3]} // w3/b before w3/a
		}, `run toy/w3/a/0 series s at 0 comes after run toy/w3/b/0: not in plan order`, false, true},
		{"edited config, hash kept", manifestFile, func(l []string) []string {
			for i, s := range l {
				l[i] = strings.Replace(s, `"scale": 0.25`, `"scale": 0.5`, 1)
			}
			return l
		}, `records configuration hash \w+, but the configuration it records hashes to \w+: the manifest was edited`, false, false},
		{"edited run configuration", manifestFile, func(l []string) []string {
			seen := 0
			for i, s := range l {
				if strings.Contains(s, `"config_hash"`) {
					if seen++; seen == 2 { // (the first is the plan's)
						l[i] = `      "config_hash": "0123456789abcdef"`
						break
					}
				}
			}
			return l
		}, `run toy/w1/b/0: configuration 0123456789abcdef recorded, the plan's is \w+: the manifest was edited`, false, true},
		{"edited run configuration's text", manifestFile, func(l []string) []string {
			for i, s := range l {
				if strings.Contains(s, `"run_configs"`) {
					l[i+1] = l[i+1][:strings.Index(l[i+1], ":")] + ": 0.5"
					break
				}
			}
			return l
		}, `records run configuration \w+, which is not the one this build plans under that hash: the manifest was edited`, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := vtoyResults(t)
			edit(t, dir, tc.file, tc.tamper)
			redigest(t, dir)
			rep, _ := verifyToy(t, dir, VerifyOptions{All: true})
			re := regexp.MustCompile(tc.want)
			if !re.MatchString(problems(rep)) || tc.only && len(rep.Problems) != 1 {
				t.Errorf("--all: want a problem with %q, got:\n%s", tc.want, problems(rep))
			}
			if tc.all {
				return
			}
			for seed := range uint64(20) {
				if rep, _ := verifyToy(t, dir, VerifyOptions{Seed: seed}); !re.MatchString(problems(rep)) {
					t.Fatalf("sample, seed %d: want a problem with %q, got:\n%s", seed, tc.want, problems(rep))
				}
			}
		})
	}
}

// TestVerifyConfig: a manifest whose configuration and hash were both
// edited holds a configuration this build does not plan for the results.
func TestVerifyConfig(t *testing.T) {
	dir := vtoyResults(t)
	mpath := filepath.Join(dir, manifestFile)
	m, _ := analysis.ReadManifest(mpath)
	m.ConfigHash, m.Config, _ = analysis.HashConfig(vtoyConfig{Scale: 0.5})
	analysis.WriteManifest(mpath, m)
	// The toy planner plans whatever configuration the manifest holds; a
	// real one plans what this build makes of the folder's options.
	var calls atomic.Int64
	fixed := func(_ string, _ *analysis.Manifest, reps int) (Plan, Executor, error) {
		cfg := vtoyConfig{Scale: 0.25}
		return vtoyPlan(cfg, reps), vtoyExec(cfg, &calls), nil
	}
	rep, err := Verify(context.Background(), []string{dir}, fixed, VerifyOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := "scale: recorded 0.5, planned 0.25"; len(rep.Problems) != 1 || !strings.Contains(problems(rep), want) || calls.Load() != 0 {
		t.Errorf("want one problem with %q and nothing re-computed, got %d calls:\n%s", want, calls.Load(), problems(rep))
	}
}

// TestVerifyInputs: inputs are compared by content, wherever they lie
// now; a changed one, or one the manifest does not record, is a difference.
func TestVerifyInputs(t *testing.T) {
	in := filepath.Join(t.TempDir(), "trace.txt")
	os.WriteFile(in, []byte("jobs\n"), 0o644)
	dir := filepath.Join(t.TempDir(), "toy")
	cfg := vtoyConfig{Scale: 1, Input: in}
	var calls atomic.Int64
	if _, err := Execute(context.Background(), vtoyPlan(cfg, 2), vtoyExec(cfg, &calls), Options{Dir: dir, Workers: 1, Version: "v1"}); err != nil {
		t.Fatal(err)
	}
	// planner finds the input at path, as the CLI finds data under --data.
	planner := func(path string) Planner {
		return func(_ string, m *analysis.Manifest, reps int) (Plan, Executor, error) {
			c := vtoyConfig{Scale: 1, Input: path}
			return vtoyPlan(c, reps), vtoyExec(c, &calls), nil
		}
	}
	check := func(path string) string {
		rep, err := Verify(context.Background(), []string{dir}, planner(path), VerifyOptions{Fraction: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		return problems(rep)
	}
	if p := check(in); p != "" {
		t.Fatalf("untouched: %s", p)
	}
	moved := filepath.Join(t.TempDir(), "elsewhere", "trace.txt")
	os.MkdirAll(filepath.Dir(moved), 0o755)
	os.WriteFile(moved, []byte("jobs\n"), 0o644)
	if p := check(moved); p != "" {
		t.Errorf("the same input under another root: %s", p)
	}
	os.WriteFile(in, []byte("other jobs\n"), 0o644)
	if p := check(in); !strings.Contains(p, in+": SHA-256 ") || !strings.Contains(p, "this input changed after the results were made") {
		t.Errorf("a changed input: %s", p)
	}
	mpath := filepath.Join(dir, manifestFile)
	m, _ := analysis.ReadManifest(mpath)
	m.Inputs = nil
	analysis.WriteManifest(mpath, m)
	if p := check(moved); !strings.Contains(p, "does not record input "+moved+" (SHA-256 ") {
		t.Errorf("an input left out of the manifest: %s", p)
	}
}

// TestVerifyEveryDifference: every edited value is named, not only the first.
func TestVerifyEveryDifference(t *testing.T) {
	dir := vtoyResults(t)
	edit(t, dir, runsFile, func(l []string) []string {
		for _, i := range []int{1, 5, 9} {
			l[i] = l[i][:strings.LastIndex(l[i], ",")] + ",-1"
		}
		return l
	})
	redigest(t, dir)
	rep, _ := verifyToy(t, dir, VerifyOptions{All: true})
	if n := strings.Count(problems(rep), "recorded -1, re-computed"); n != 3 || len(rep.Problems) != 3 {
		t.Errorf("3 edited values, %d named:\n%s", n, problems(rep))
	}
}

func TestRepList(t *testing.T) {
	if got := repList([]int{0, 1, 2, 4, 6, 7}); got != "0-2, 4, 6-7" {
		t.Errorf("repList = %q", got)
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 100) + "X" + strings.Repeat("b", 100)
	if got := excerpt(long, 100); got != "…"+strings.Repeat("a", 30)+"X"+strings.Repeat("b", 49)+"…" {
		t.Errorf("excerpt: %s", got)
	}
	if got := FirstLineDiff([]byte("x\ny 1.5\n"), []byte("x\ny 1.6\n"), "re-computed", "re-computation"); got != `line 2: "y 1.5" on disk, "y 1.6" re-computed` {
		t.Errorf("FirstLineDiff: %s", got)
	}
}
