package immediate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/pipeline"
)

// TestBestKnownIsAnInput: a published instance's best_known and gap come
// from the .sol files beside it, so they are inputs of its runs. Once only
// the instance was: a better .sol file added later left the old best_known
// in place, reused. Now the added file recomputes that instance's runs
// (and only them), and a .sol file whose schedule does not have the
// makespan its name gives fails them, naming it.
func TestBestKnownIsAnInput(t *testing.T) {
	src := filepath.Dir(datadir.ForTest(t, BraunDir+"/u_c_hihi.0"))
	data := t.TempDir()
	dst := filepath.Join(data, BraunDir)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(to, b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	run := func() (string, error) {
		var log strings.Builder
		_, err := pipeline.Reproduce(context.Background(), pipeline.Options{
			Only: []string{Name}, Config: experiments.Config{Reps: 1, Quick: true, DataDir: data},
			Out: out, Workers: 2, Progress: &log,
		})
		return log.String(), err
	}
	if _, err := run(); err != nil {
		t.Fatal(err)
	}
	best := func() float64 {
		recs, err := analysis.ReadFile(filepath.Join(out, "results", Name, "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Workload == partPublished+"u_c_hihi.0" && r.Metric == "best_known" {
				return r.Value
			}
		}
		t.Fatal("no best_known for u_c_hihi.0")
		return 0
	}
	if b := best(); b != 7358942.8 {
		t.Fatalf("best_known %v, want the MS schedule's 7358942.8", b)
	}

	// The MS schedule again under a name that gives its true makespan to
	// more decimals: a new best-known file, so u_c_hihi.0's runs are
	// computed again and the other instances' are reused.
	copyFile(filepath.Join(dst, "u_c_hihi.0_MS_7358942,8.sol"), filepath.Join(dst, "u_c_hihi.0_NEW_7358942,76.sol"))
	log, err := run()
	if err != nil {
		t.Fatal(err)
	}
	if b := best(); b != 7358942.76 {
		t.Errorf("best_known %v after adding a better .sol file, want 7358942.76", b)
	}
	if !strings.Contains(log, "u_c_hihi.0_NEW_7358942,76.sol") || !strings.Contains(log, "reusing") {
		t.Errorf("progress does not name the added file and the reuse of the others:\n%s", log)
	}

	// A name that claims less than its schedule has.
	copyFile(filepath.Join(dst, "u_c_hihi.0_MS_7358942,8.sol"), filepath.Join(dst, "u_c_hihi.0_BAD_7000000,0.sol"))
	if _, err := run(); err == nil || !strings.Contains(err.Error(), "u_c_hihi.0_BAD_7000000,0.sol: the schedule's makespan on u_c_hihi.0 is 7.35894e+06, not the 7e+06 its name gives") {
		t.Errorf("err = %v", err)
	}
}
