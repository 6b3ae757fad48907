package adapt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadSWFNoSubmit pins the package rule: a job with a negative submit
// time is skipped and counted, never simulated at a time it did not have.
func TestLoadSWFNoSubmit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.swf")
	swf := "1 0 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"2 -1 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"3 5 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n"
	if err := os.WriteFile(path, []byte(swf), 0o644); err != nil {
		t.Fatal(err)
	}
	jobs, sk, err := LoadSWF(path, 0, 4, Exact)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].ID != 1 || jobs[1].ID != 3 || sk.NoSubmit != 1 || sk.Total() != 1 {
		t.Errorf("jobs %+v, skipped %v; want jobs 1 and 3, job 2 skipped for its submit time", jobs, sk)
	}
}

// TestLoadWorkloadHeaderCPUs: without a machine size (cpus <= 0) a trace
// is read for the machine its header's MaxProcs gives, a job wider than
// that skipped as for a size given; a trace whose header gives none is an
// error naming the file and the fix, and so is a header alone.
func TestLoadWorkloadHeaderCPUs(t *testing.T) {
	dir := t.TempDir()
	jobs := "1 0 -1 10 3 -1 -1 3 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"2 1 -1 10 5 -1 -1 5 12 -1 1 1 1 -1 -1 -1 -1 -1\n"
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	withMax := write("max.swf", "; MaxNodes: 2\n; MaxProcs: 4\n"+jobs)
	for _, cpus := range []int{0, -1, 4} {
		w, err := LoadWorkload(withMax, 0, cpus, Exact, 0)
		if err != nil {
			t.Fatalf("cpus %d: %v", cpus, err)
		}
		if w.CPUs != 4 || len(w.Jobs) != 1 || w.Jobs[0].ID != 1 || w.Skipped.TooWide != 1 {
			t.Errorf("cpus %d: CPUs %d, jobs %+v, skipped %v; want 4 CPUs (MaxProcs, not MaxNodes), job 1, job 2 too wide", cpus, w.CPUs, w.Jobs, w.Skipped)
		}
	}
	if w, err := LoadWorkload(withMax, 0, 8, Exact, 0); err != nil || w.CPUs != 8 || len(w.Jobs) != 2 {
		t.Errorf("cpus 8: CPUs %d, %d jobs, %v; want the size given over the header's", w.CPUs, len(w.Jobs), err)
	}
	if w, err := LoadWorkload(write("head.swf", "; MaxProcs: 16\n"), 0, 0, Exact, 0); err != nil || w.CPUs != 16 || len(w.Jobs) != 0 {
		t.Errorf("a header alone: CPUs %d, %d jobs, %v; want 16 CPUs and no job", w.CPUs, len(w.Jobs), err)
	}
	for name, text := range map[string]string{"none.swf": "; MaxNodes: 2\n" + jobs, "empty.swf": "", "zero.swf": "; MaxProcs: 0\n" + jobs} {
		_, err := LoadWorkload(write(name, text), 0, 0, Exact, 0)
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "--cpus") {
			t.Errorf("%s: %v; want an error naming the file and --cpus", name, err)
		}
	}
}

// A Batsim workload's jobs are kept up to maxJobs, each with its profile
// name, and every job is timed from its profile whatever maxJobs keeps:
// one whose profile is missing is an error even past the jobs kept.
func TestLoadWorkloadBatsim(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	text := `{"nb_res": 4, "jobs": [
{"id": 1, "subtime": 0, "res": 2, "profile": "a"},
{"id": 2, "subtime": 1, "res": 9, "profile": "b"},
{"id": 3, "subtime": 2, "res": 1, "profile": "b"},
{"id": 4, "subtime": 3, "res": 1, "profile": "a"}],
"profiles": {"a": {"type": "delay", "delay": 5}, "b": {"type": "delay", "delay": 7}}}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := LoadWorkload(path, 2, 0, Exact, 0)
	if err != nil {
		t.Fatal(err)
	}
	if w.CPUs != 4 || len(w.Jobs) != 2 || w.Jobs[0].ID != 1 || w.Jobs[1].ID != 3 || w.Jobs[1].Run != 7 ||
		w.Skipped.TooWide != 1 || strings.Join(w.Profiles, ",") != "a,b" {
		t.Errorf("CPUs %d, jobs %+v, profiles %v, skipped %+v; want jobs 1 and 3 (2 too wide) on nb_res 4, profiles a,b", w.CPUs, w.Jobs, w.Profiles, w.Skipped)
	}
	bad := strings.Replace(text, `"res": 1, "profile": "a"}]`, `"res": 1, "profile": "c"}]`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWorkload(path, 2, 0, Exact, 0); err == nil || !strings.Contains(err.Error(), `w.json:5: job 4 uses profile "c", which "profiles" does not define`) {
		t.Errorf("a job past the ones kept with no profile: %v", err)
	}
}
