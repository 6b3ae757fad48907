package simrun

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/easy" // registers "easy"
	"github.com/gridbench/gridbench/internal/sim"
)

const tiny = "../testdata/simulate/tiny.swf"

// SimulateTo writes what Simulate followed by WriteJobsCSV writes.
func TestSimulateToMatchesSimulateThenWrite(t *testing.T) {
	dir := t.TempDir()
	s1, err := sched.New("easy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Simulate(tiny, 0, 4, adapt.Exact, s1)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "want.csv")
	if err := WriteJobsCSV(want, res.Jobs, res.Records); err != nil {
		t.Fatal(err)
	}
	s2, err := sched.New("easy")
	if err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(dir, "got.csv")
	res2, err := SimulateTo(tiny, 0, 4, adapt.Exact, s2, got)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Work != res.Work || len(res2.Jobs) != len(res.Jobs) {
		t.Errorf("SimulateTo: %d jobs, work %d; Simulate: %d jobs, work %d", len(res2.Jobs), res2.Work, len(res.Jobs), res.Work)
	}
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(got)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("SimulateTo wrote %d bytes that differ from Simulate+WriteJobsCSV's %d", len(b), len(a))
	}
}

// A gate that fails (the check, in SimulateTo) leaves no file behind.
func TestWriteJobsCSVGateFailureLeavesNoFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jobs.csv")
	jobs := []sim.Job{{ID: 1, Run: 1, CPUs: 1}}
	recs := []sim.Record{{Start: 0, End: 1, Machine: 0}}
	bad := errors.New("check failed")
	if err := writeJobsCSV(path, jobs, recs, func() error { return bad }); !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("%s exists after a failed gate (stat: %v)", path, err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 0 {
		t.Errorf("temporary files left: %v", ents)
	}
}

// TestAppendGMatchesStrconv: the CSV's short path for whole numbers must
// print exactly what strconv's shortest 'g' form prints, at the edges
// (powers of ten, 10^6 where 'g' turns to exponents, 2^53) and on random
// values, whole or not.
func TestAppendGMatchesStrconv(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 999999, 1e6, 1e6 + 1, 1234567, 1.2e7, 1e15, 1e16, 1<<53 - 1, 1 << 53, 1<<53 + 2, 1e21, 1e22, math.Inf(1), math.NaN(), 36000000, 10000001}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		e := r.IntN(17)
		x := math.Trunc(r.Float64() * math.Pow(10, float64(e)))
		xs = append(xs, x, x*10, x+0.5, -x, r.Float64()*1e7)
	}
	for _, x := range xs {
		got := string(appendG([]byte("a"), x))
		want := strconv.AppendFloat([]byte("a"), x, 'g', -1, 64)
		if got != string(want) {
			t.Fatalf("appendG(%v) = %q, strconv %q", x, got, want)
		}
	}
}
