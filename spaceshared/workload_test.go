package spaceshared_test

import (
	"errors"
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
	// Without a speed the error names the loader's argument, not a flag
	// or a study file's key, which a library caller does not have.
	want := `w.json:4: job 3 uses profile "p" (line 5): a parallel_homogeneous profile runs cpu / speed seconds: ` +
		`give the CPU speed in flop/s (the speed argument of LoadWorkload, or Input.Speed of spaceshared.Load)`
	_, _, err = spaceshared.LoadSWF(path, 0, 4, spaceshared.EstimateRequested)
	_, err2 := spaceshared.LoadWorkload(path, 0, 4, spaceshared.EstimateRequested, 0)
	_, err3 := spaceshared.Load(spaceshared.Input{Path: path, CPUs: 4, Estimate: spaceshared.EstimateRequested})
	for i, err := range []error{err, err2, err3} {
		var ns *spaceshared.NoSpeedError
		if err == nil || err.Error() != want || !errors.As(err, &ns) {
			t.Errorf("loader %d without a speed: %v\nwant a *NoSpeedError %q", i, err, want)
		}
	}
	// A program with its own way to give the speed names it.
	err = spaceshared.AdviseSpeed(err2, "--flops")
	if want := `w.json:4: job 3 uses profile "p" (line 5): a parallel_homogeneous profile runs cpu / speed seconds: give the CPU speed in flop/s (--flops)`; err == nil || err.Error() != want {
		t.Errorf("AdviseSpeed: %v\nwant %q", err, want)
	}
	if err2.Error() == err.Error() {
		t.Error("AdviseSpeed changed the error it was given")
	}
}

// A job that cannot be timed at any speed keeps its own error: only a
// wanting speed is a NoSpeedError.
func TestLoadWorkloadBatsimNotSpeed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	text := `{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel_homogeneous", "cpu": 5e9, "com": 7}}}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := spaceshared.LoadWorkload(path, 0, 4, spaceshared.EstimateRequested, 0)
	var ns *spaceshared.NoSpeedError
	if err == nil || errors.As(err, &ns) || !strings.Contains(err.Error(), "com = 7 bytes") {
		t.Errorf("com 7 without a speed: %v (%T), want the com error", err, err)
	}
}
