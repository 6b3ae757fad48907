package jobsout

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// evalysReads is what the test asks evalys of a jobs file: the jobs,
// each job's allocation size (from the ProcSet it parsed) and the
// busy CPU-seconds of its utilisation step function.
const evalysReads = `
import sys
from evalys.jobset import JobSet
js = JobSet.from_csv(sys.argv[1])
print(len(js.df))
print(" ".join(str(len(a)) for a in js.df.allocated_resources))
u = js.utilisation
t = [float(x) for x in u.index]
y = [float(x) for x in u["load"]]
print(sum(y[i] * (t[i + 1] - t[i]) for i in range(len(t) - 1)))
`

// evalys itself reads what WriteEvalys writes: as many jobs, each with
// the CPUs it held, and the same busy CPU-seconds. It runs where python3
// imports evalys (pip install evalys, or PYTHONPATH to its source and
// procset's); elsewhere it skips, saying so.
func TestEvalysReadsJobsCSV(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: no python3 on PATH (evalys is a Python package)")
	}
	if out, err := exec.Command(py, "-c", "import evalys.jobset").CombinedOutput(); err != nil {
		t.Skipf("skipping: python3 cannot import evalys (pip install evalys, or set PYTHONPATH to evalys's and procset's source): %s", lastLine(out))
	}
	s := tinySchedule()
	var b bytes.Buffer
	if err := WriteEvalys(&b, s); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "jobs.csv")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, "-c", evalysReads, path).CombinedOutput()
	if err != nil {
		t.Fatalf("evalys could not read %s: %v\n%s", path, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("evalys printed %q", out)
	}
	lines = lines[len(lines)-3:]
	sizes := make([]string, len(s.Jobs))
	busy := 0.0
	for i, j := range s.Jobs {
		sizes[i] = fmt.Sprint(j.CPUs)
		busy += float64(j.CPUs) * (s.Records[i].End - s.Records[i].Start)
	}
	if got, want := lines[0], fmt.Sprint(len(s.Jobs)); got != want {
		t.Errorf("evalys read %s jobs, want %s", got, want)
	}
	if got, want := lines[1], strings.Join(sizes, " "); got != want {
		t.Errorf("evalys's allocation sizes %q, want %q", got, want)
	}
	var got float64
	if _, err := fmt.Sscan(lines[2], &got); err != nil || got != busy {
		t.Errorf("evalys's busy CPU-seconds %q, want %g", lines[2], busy)
	}
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	return s[strings.LastIndex(s, "\n")+1:]
}
