package filestudy_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
)

// TestFailedRunsInTheStatistics: a scheduler whose every run fails (dead)
// and one that fails on odd repetitions (flaky, otherwise starting every
// job on arrival as fcfs does on 16 CPUs) beside fcfs and easy. The means
// table shows the n of flaky's mean and says why means of unequal n are not
// compared; the Friedman test leaves dead out and the repetitions flaky
// did not run, tests the rest on the blocks left and says so. It used to
// read "not testable: results: Friedman: no blocks" for all of them.
func TestFailedRunsInTheStatistics(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	dir := t.TempDir()
	// 8 one-CPU jobs, windows of 2: repetition r's first job has ID 2r+1.
	var swf strings.Builder
	for i := range 8 {
		fmt.Fprintf(&swf, "%d %d -1 %d 1 -1 -1 1 %d -1 1 1 1 -1 -1 -1 -1 -1\n", i+1, 3*i, 10+7*i*i, 20+7*i*i)
	}
	files := map[string]string{
		"w.swf":   swf.String(),
		"dead.py": "import sys\nsys.stdin.readline()\nprint('{\"type\": \"ready\", \"protocol\": 1}', flush=True)\nsys.exit('dead.py: gave up')\n",
		"flaky.py": `import json, sys
first = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1}), flush=True)
    elif m["type"] == "decide":
        if first is None:
            first = m["submitted"][0]["id"]
            if (first - 1) // 2 % 2 == 1:
                sys.exit("flaky.py: odd repetition")
        print(json.dumps({"start": [{"job": j["job"], "machine": 0} for j in m["submitted"]]}), flush=True)
    else:
        break
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := write(t, `name = "failing"
reps = 4
algorithms = ["fcfs", "easy", "flaky", "dead"]
metrics = ["makespan"]

[aliases]
flaky = "exec:`+py+" "+filepath.Join(dir, "flaky.py")+`"
dead = "exec:`+py+" "+filepath.Join(dir, "dead.py")+`"

[[workload]]
kind = "trace"
name = "w"
trace = "`+filepath.Join(dir, "w.swf")+`"
cpus = 16
jobs = 2
`)
	out := filepath.Join(dir, "out")
	_, err = pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{}, Out: out, Report: true, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "6 of 16 runs failed") {
		t.Fatalf("err = %v, want 6 of 16 runs failed (dead's 4, flaky's 2)", err)
	}
	b, err := os.ReadFile(filepath.Join(out, "paper", "failing.md"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{
		// flaky's mean is over repetitions 0 and 2 (equal to fcfs's
		// there): its n, and not bold beside fcfs's over all 4.
		"| w | **160.0 [48.00, 286.0]** | **160.0 [48.00, 286.0]** | 104.0 [20.00, 188.0] (n=2 of 4) | n/a |",
		"n=k of 4: the mean is over the k repetitions whose run succeeded, not all 4",
		"Cells of unequal n are not comparable",
		// The test of fcfs, easy and flaky on the 2 repetitions all ran.
		"| w | makespan | 2 | ",
		"| fcfs 2.00, easy 2.00, flaky 2.00 | none: too few repetitions",
		"Left out, for the Friedman test needs every algorithm's value in every repetition it uses (complete blocks): " +
			"w, makespan: `dead` (every run failed); 2 of 4 repetitions, in which some of `fcfs`, `easy`, `flaky` has no value; n = 2 blocks used.",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q\n%s", want, page)
		}
	}
	if strings.Contains(page, "results: Friedman") || strings.Contains(page, "not testable") {
		t.Errorf("the Friedman table reads as untestable or quotes an internal error:\n%s", page)
	}
}
