package spaceshared_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/spaceshared"
)

// The public loader reads a Batsim workload: delay profiles alone, and
// parallel_homogeneous ones at a given speed; nb_res stands in for cpus.
func TestLoadWorkloadBatsim(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	text := `{"nb_res": 4, "jobs": [
  {"id": 1, "subtime": 0, "res": 2, "profile": "d", "walltime": 60},
  {"id": 2, "subtime": 5, "res": 8, "profile": "d"},
  {"id": 3, "subtime": 9, "res": 4, "profile": "p"}
], "profiles": {"d": {"type": "delay", "delay": 30}, "p": {"type": "parallel_homogeneous", "cpu": 5e9, "com": 0}}}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := spaceshared.LoadWorkload(path, 0, 0, spaceshared.EstimateRequested, 1e9)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Jobs) != 2 || w.Skipped.TooWide != 1 || w.NbRes != 4 {
		t.Fatalf("%d jobs, skipped %v, nb_res %d", len(w.Jobs), w.Skipped, w.NbRes)
	}
	if j := w.Jobs[0]; j.ID != 1 || j.Run != 30 || j.Estimate != 60 || j.CPUs != 2 || w.Profiles[0] != "d" {
		t.Errorf("job 1: %+v", j)
	}
	if j := w.Jobs[1]; j.ID != 3 || j.Run != 5 || j.Estimate != 5 || w.Profiles[1] != "p" {
		t.Errorf("job 3: %+v", j)
	}
	if _, _, err := spaceshared.LoadSWF(path, 0, 4, spaceshared.EstimateRequested); err == nil || !strings.Contains(err.Error(), `w.json:4: job 3 uses profile "p"`) {
		t.Errorf("LoadSWF without a speed: %v", err)
	}
}
