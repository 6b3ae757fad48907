package spaceshared_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// libraryMain is a researcher's whole program in a module of their own:
// it registers one scheduler of each family through the public packages,
// loads a trace with spaceshared.LoadSWF and simulates.
const libraryMain = `package main

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/gridbench/gridbench/mapping"
	"github.com/gridbench/gridbench/spaceshared"
	"github.com/gridbench/gridbench/timeshared"
)

// lifo starts the most recently arrived job that fits.
type lifo struct{ spaceshared.IgnoreEvents }

func (lifo) Schedule(s *spaceshared.State) {
	q := s.Queue()
	for i := len(q) - 1; i >= 0; i-- {
		if j := q[i]; s.Status(j) == spaceshared.Waiting && s.Fits(j, 0) {
			s.Start(j, 0)
		}
	}
}

// fifo runs a slave's jobs one after another.
type fifo struct{}

func (fifo) Schedule(jobs []timeshared.Job, out []timeshared.Outcome) int64 {
	t := 0.0
	for i, j := range jobs {
		t = max(t, j.Submit)
		out[i].FirstStart, out[i].End = t, t+j.Run
		t += j.Run
	}
	return int64(len(jobs))
}

// cyclic puts job j on machine j mod M.
type cyclic struct{}

func (cyclic) Name() string { return "cyclic" }
func (cyclic) Assign(m *mapping.Matrix, ready []float64) *mapping.Schedule {
	s := mapping.NewSchedule("cyclic", m, ready)
	for j := 0; j < m.Jobs; j++ {
		s.Place(m, j, j%m.Machines)
	}
	return s
}

func init() {
	spaceshared.Register("lifo", spaceshared.Info{Label: "LIFO", Family: "queue-based",
		New: func(rand.Source) spaceshared.Scheduler { return lifo{} }})
	timeshared.Register("fifo", timeshared.Info{Label: "FIFO", Family: "non-preemptive",
		New: func(timeshared.Params) timeshared.Scheduler { return fifo{} }})
	mapping.Register("cyclic", mapping.Info{Label: "Cyclic", Family: "immediate",
		New: func(mapping.Params) mapping.Heuristic { return cyclic{} }})
}

func main() {
	jobs, skipped, err := spaceshared.LoadSWF(os.Args[1], 0, 4, spaceshared.DefaultEstimate)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s, err := spaceshared.New("lifo", rand.NewPCG(1, 2))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	recs, err := spaceshared.Simulate(spaceshared.SingleMachine(4), jobs, s)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("skipped", skipped.Total())
	for i, r := range recs {
		fmt.Printf("job %d start %g end %g\n", jobs[i].ID, r.Start, r.End)
	}

	ts, err := timeshared.New("fifo", timeshared.Params{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tj := []timeshared.Job{{ID: 1, Submit: 0, Run: 5}, {ID: 2, Submit: 1, Run: 2}, {ID: 3, Submit: 2, Run: 1}}
	res, err := timeshared.Run(tj, 2, ts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("timeshared makespan %g\n", timeshared.Summarize(tj, res.Outcomes).Makespan)

	h, err := mapping.New("cyclic", mapping.DefaultParams)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m := mapping.NewMatrix(3, 2)
	for i := 0; i < 3; i++ {
		m.Set(i, 0, 1)
		m.Set(i, 1, 2)
	}
	fmt.Printf("mapping makespan %g\n", mapping.Evaluate(m, h.Assign(m, nil)).Makespan)
}
`

// TestLibraryUserModule is the README's library path, end to end: a module
// outside the repository (go mod init in a temporary folder, a replace line
// pointing at this repository) registers a scheduler of each family and
// simulates a trace loaded with LoadSWF, built and run by the go command.
func TestLibraryUserModule(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("skipping: the go command is not on PATH (this test builds a module of its own)")
	}
	if testing.Short() {
		t.Skip("skipping in -short: builds a separate module")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"main.go": libraryMain,
		"go.mod":  "module example.com/mine\n\ngo 1.26\n\nrequire github.com/gridbench/gridbench v0.0.0\n\nreplace github.com/gridbench/gridbench => " + repo + "\n",
		// The repository's sums cover its dependencies: no download needed.
		"go.sum": string(sum),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	trace := filepath.Join(repo, "cmd", "gridbench", "testdata", "simulate", "tiny.swf")
	cmd := exec.Command(goBin, "run", ".", trace)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run in the user's module: %v\n%s", err, out)
	}
	// tiny.swf on 4 CPUs: valid jobs 1 (3 CPUs, 0..10), 2 (4 CPUs, at 1),
	// 5 (1 CPU, run 8, at 2), 7 (1 CPU, run 20, at 2.5). LIFO starts 5 (the
	// newer of 2 and 5) on the free CPU at 2; at 10 it prefers 7 to 2,
	// which waits until 7 ends at 30. Time-sharing: slave 0 runs jobs 1
	// and 3 back to back (0..5, 5..6), slave 1 job 2; the cyclic mapping
	// puts two unit jobs on machine 0 and one 2 s job on machine 1.
	want := "skipped 3\njob 1 start 0 end 10\njob 2 start 30 end 35\njob 5 start 2 end 10\njob 7 start 10 end 30\n" +
		"timeshared makespan 6\nmapping makespan 2\n"
	if got := strings.ReplaceAll(string(out), "\r\n", "\n"); !strings.HasSuffix(got, want) {
		t.Errorf("the user's program printed\n%s\nwant\n%s", got, want)
	}
}
