package all_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
)

// TestPlansRecordReps: every study's plan records the repetitions it was
// made with (the manifest writes them down and verify plans with them
// again), and planning with the recorded number gives the same runs. A
// plan may record another number than it was asked for only when it does
// not depend on it (a deterministic study runs once).
func TestPlansRecordReps(t *testing.T) {
	t.Setenv(datadir.EnvVar, "")
	data, err := filepath.Abs(filepath.Join("..", "..", "data"))
	if err != nil {
		t.Fatal(err)
	}
	keys := func(e experiments.Experiment, reps int) ([]analysis.RunKey, int) {
		t.Helper()
		p, _, err := experiments.BenchPlan(e, experiments.Config{Reps: reps, Quick: true, DataDir: data})
		if err != nil {
			t.Fatal(err)
		}
		var ks []analysis.RunKey
		for _, r := range p.Runs {
			ks = append(ks, r.Key())
		}
		return ks, p.Reps
	}
	for _, name := range experiments.Names() {
		t.Run(name, func(t *testing.T) {
			e, err := experiments.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			asked, recorded := keys(e, 3)
			if recorded < 1 {
				t.Fatalf("planned with 3 repetitions, the plan records %d", recorded)
			}
			again, recordedAgain := keys(e, recorded)
			if !slices.Equal(asked, again) || recordedAgain != recorded {
				t.Errorf("planned with the %d repetitions recorded: %d runs recording %d, not the %d runs planned with 3", recorded, len(again), recordedAgain, len(asked))
			}
			if recorded != 3 {
				if more, _ := keys(e, 5); !slices.Equal(asked, more) {
					t.Errorf("records %d repetitions when asked for 3, but its runs change with the number asked", recorded)
				}
			}
		})
	}
}
