package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/pipeline"
)

// TestStudyJobsFilesVerify: a study that writes jobs files (jobs_out)
// verifies after a run that reused some of its runs, and a jobs file
// deleted is written again by the next run. verify listed the jobs files
// written by the last run as report files it could not re-render, and the
// outputs manifest forgot those of the runs reused; a reused run whose
// file was deleted kept no file.
func TestStudyJobsFilesVerify(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "jobs.toml")
	text := `name = "jobs-verify"
reps = 2
algorithms = ["fcfs", "easy"]
metrics = ["wait"]
jobs_out = "short"

[[workload]]
kind = "lublin"
name = "lub"
jobs = 60
cpus = 16
`
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	studyRun := func(reps string) string {
		t.Helper()
		code, _, stderr := runCLI("study", "run", study, "--reps", reps, "-j", "1", "--out", out)
		if code != 0 {
			t.Fatalf("study run --reps %s: exit %d: %s", reps, code, stderr)
		}
		return stderr
	}
	verify := func(when string) {
		t.Helper()
		code, stdout, stderr := runCLI("verify", "--all", "-j", "1", out)
		if code != 0 || !strings.Contains(stdout, "all identical") {
			t.Errorf("verify %s: exit %d:\n%s%s", when, code, stdout, stderr)
		}
	}
	studyRun("2")
	studyRun("3") // reuses the runs of repetitions 0 and 1
	verify("after a run that reused some")
	jobs := filepath.Join(out, "results", "jobs-verify", "jobs")
	files, _ := filepath.Glob(filepath.Join(jobs, "*.csv"))
	if len(files) != 6 {
		t.Fatalf("%d jobs files, want 6 (2 algorithms × 3 repetitions): %v", len(files), files)
	}
	gone := filepath.Join(jobs, "lub__easy__rep1.csv")
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	if stderr := studyRun("3"); !strings.Contains(stderr, "recomputing 1 run whose file is gone ("+gone+")") {
		t.Errorf("a reused run's jobs file deleted: want it recomputed, got\n%s", stderr)
	}
	if _, err := os.Stat(gone); err != nil {
		t.Errorf("the jobs file deleted is not written again: %v", err)
	}
	verify("after a jobs file was written again")

	// A jobs file edited, with its digest in the outputs manifest forged
	// to match, passes the digests; the run re-computed does not.
	edited := filepath.Join(jobs, "lub__fcfs__rep0.csv")
	b, err := os.ReadFile(edited)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(b), "\n", 3)
	lines[1] += "0"
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	forgeDigest(t, out, edited)
	code, stdout, stderr := runCLI("verify", "--all", "-j", "1", out)
	if want := edited + ": run jobs-verify/lub/fcfs/0: line 2: "; code == 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, " re-computed") {
		t.Errorf("verify of a jobs file edited, its digest forged: exit %d, want %q:\n%s%s", code, want, stdout, stderr)
	}
	// study run reused the run, its file as edited: the file's SHA-256
	// is recorded with the run, and the run is made again.
	if stderr := studyRun("3"); !strings.Contains(stderr, "recomputing 1 run whose file changed since it was made ("+edited+", sha256 ") {
		t.Errorf("a reused run's jobs file edited: want it recomputed, got\n%s", stderr)
	}
	if now, _ := os.ReadFile(edited); string(now) != string(b) {
		t.Errorf("the jobs file edited is not written again as it was")
	}
	verify("after an edited jobs file was written again")
}

// forgeDigest sets the outputs manifest's SHA-256 of file below out to its
// content's, as someone hiding an edit would.
func forgeDigest(t *testing.T, out, file string) {
	t.Helper()
	o, err := pipeline.ReadOutputs(pipeline.OutputsPath(out))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := analysis.FileSHA256(file)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(out, file)
	forged := false
	for i := range o.Studies {
		for j := range o.Studies[i].Files {
			if o.Studies[i].Files[j].Path == filepath.ToSlash(rel) {
				o.Studies[i].Files[j].SHA256, forged = sum, true
			}
		}
	}
	if !forged {
		t.Fatalf("%s is not in the outputs manifest", rel)
	}
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pipeline.OutputsPath(out), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStudyJobsFilesFromShards: the jobs files that shards wrote are
// listed by the outputs manifest that merge writes, as they are (an
// earlier run in the folder listed other contents under the same names),
// so verify checks them.
func TestStudyJobsFilesFromShards(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "jobs.toml")
	text := "name = \"jobs-shards\"\nreps = 2\nalgorithms = [\"fcfs\", \"easy\"]\nmetrics = [\"wait\"]\njobs_out = \"short\"\n\n" +
		"[[workload]]\nkind = \"lublin\"\nname = \"lub\"\njobs = 60\ncpus = 16\n"
	out := filepath.Join(dir, "out")
	for _, step := range []struct {
		format string
		args   []string
	}{
		{"short", []string{"study", "run", study, "--out", out}},
		{"evalys", []string{"study", "run", study, "--shard", "0/2", "--out", out}},
		{"evalys", []string{"study", "run", study, "--shard", "1/2", "--out", out}},
		{"evalys", []string{"study", "merge", study, "--out", out}},
	} {
		if err := os.WriteFile(study, []byte(strings.Replace(text, "short", step.format, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := runCLI(step.args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", step.args, code, stderr)
		}
	}
	if code, stdout, stderr := runCLI("verify", "-j", "1", out); code != 0 || !strings.Contains(stdout, "all identical") {
		t.Errorf("verify after merge: exit %d:\n%s%s", code, stdout, stderr)
	}
	o, err := pipeline.ReadOutputs(pipeline.OutputsPath(out))
	if err != nil {
		t.Fatal(err)
	}
	var jobs []string
	for _, f := range o.Study("jobs-shards").Files {
		if strings.Contains(f.Path, "/jobs/") {
			jobs = append(jobs, f.Path)
		}
	}
	if len(jobs) != 4 {
		t.Errorf("the outputs manifest lists %d jobs files, want the 4 the shards wrote: %v", len(jobs), jobs)
	}
	if err := os.WriteFile(filepath.Join(out, "results", "jobs-shards", "jobs", "lub__easy__rep0.csv"), []byte("edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI("verify", "-j", "1", out); code == 0 || !strings.Contains(stderr+stdout, "lub__easy__rep0.csv: does not match the outputs manifest") {
		t.Errorf("verify after a jobs file was edited: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// A jobs file a shard wrote and that was edited since is not merged as the
// run's: merge fails naming it (verify --all alone caught it, after).
func TestStudyMergeRefusesAnEditedJobsFile(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "jobs.toml")
	text := "name = \"jobs-edited\"\nreps = 2\nalgorithms = [\"fcfs\", \"easy\"]\nmetrics = [\"wait\"]\njobs_out = \"short\"\n\n" +
		"[[workload]]\nkind = \"lublin\"\nname = \"lub\"\njobs = 60\ncpus = 16\n"
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, k := range []string{"0/2", "1/2"} {
		if code, _, stderr := runCLI("study", "run", study, "--shard", k, "--out", out); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", k, code, stderr)
		}
	}
	edited := filepath.Join(out, "results", "jobs-edited", "jobs", "lub__easy__rep0.csv")
	if err := os.WriteFile(edited, []byte("edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("study", "merge", study, "--out", out)
	if want := "1 run whose file changed since it was made (" + edited; code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("merge after a shard's jobs file was edited: exit %d, stderr %q; want it to say %q", code, stderr, want)
	}
}
