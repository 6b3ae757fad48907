package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeSlurm puts an sbatch that hands out job ids from 41 and an scontrol
// that answers from files job-ID on PATH, and returns their folder.
func fakeSlurm(t *testing.T, jobs map[string]string) string {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("next", "41\n")
	write("sbatch", "#!/bin/sh\necho \"$@\" >> \"$FAKE_SLURM/sbatch.args\"\n"+
		"n=$(cat \"$FAKE_SLURM/next\"); echo $((n+1)) > \"$FAKE_SLURM/next\"\necho \"$n;fake\"\n")
	write("scontrol", "#!/bin/sh\ncat \"$FAKE_SLURM/job-$4\"\n")
	for id, recs := range jobs {
		write("job-"+id, recs)
	}
	t.Setenv("FAKE_SLURM", dir)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	old := slurmPoll
	slurmPoll = time.Millisecond
	t.Cleanup(func() { slurmPoll = old })
	return dir
}

func TestSlurmSubmitsArrayAndMerge(t *testing.T) {
	fake := fakeSlurm(t, map[string]string{"42": "JobId=42 JobName=gridbench-merge JobState=COMPLETED Reason=None ExitCode=0:0\n"})
	// A space in --out once made sbatch refuse the script: the log path
	// was an #SBATCH --output line, which Slurm splits at white space. It
	// is an argument of sbatch now.
	out := filepath.Join(t.TempDir(), "a b")
	code, stdout, stderr := runCLI("slurm", "--only", "immediate", "--quick", "--reps", "2", "--shards", "3", "--wait",
		"--out", out, "--sbatch-arg=--partition=short", "--sbatch-arg=--mail-type=END,FAIL")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"job 41", "array 0-2", filepath.Join(out, "slurm", "shard-41_%a.log"), "job 42",
		filepath.Join(out, "slurm", "merge-42.log"), "merge job 42 completed"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	args, _ := os.ReadFile(filepath.Join(fake, "sbatch.args"))
	lines := strings.Split(strings.TrimSpace(string(args)), "\n")
	logs := filepath.Join(out, "slurm")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "--parsable --output="+logs+"/shard-%A_%a.log --partition=short --mail-type=END,FAIL ") ||
		!strings.HasPrefix(lines[1], "--parsable --output="+logs+"/merge-%j.log --dependency=afterok:41 --kill-on-invalid-dep=yes --partition=short") {
		t.Errorf("sbatch calls:\n%s", args)
	}
	script, err := os.ReadFile(filepath.Join(out, "slurm", "shards.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(script), "#SBATCH --output") {
		t.Errorf("shards.sbatch gives its log in an #SBATCH line:\n%s", script)
	}
	for _, want := range []string{"#SBATCH --array=0-2", `--shard "$SLURM_ARRAY_TASK_ID/3" --only immediate --reps 2 --quick`, " reproduce --out '" + out + "'"} {
		if !strings.Contains(string(script), want) {
			t.Errorf("shards.sbatch lacks %q:\n%s", want, script)
		}
	}
	merge, _ := os.ReadFile(filepath.Join(out, "slurm", "merge.sbatch"))
	if !strings.Contains(string(merge), " merge --out '"+out+"' --shards 3 --only immediate --reps 2 --quick\n") {
		t.Errorf("merge.sbatch:\n%s", merge)
	}
}

func TestSlurmFailedTaskLeavesMergeUnrun(t *testing.T) {
	fakeSlurm(t, map[string]string{
		"42": "JobId=42 JobName=gridbench-merge JobState=CANCELLED Reason=DependencyNeverSatisfied ExitCode=0:0\n",
		"41": "JobId=44 ArrayJobId=41 ArrayTaskId=2 JobState=FAILED Reason=NonZeroExitCode ExitCode=1:0\n" +
			"JobId=43 ArrayJobId=41 ArrayTaskId=1 JobState=COMPLETED Reason=None ExitCode=0:0\n" +
			"JobId=41 ArrayJobId=41 ArrayTaskId=0 JobState=COMPLETED Reason=None ExitCode=0:0\n",
	})
	out := t.TempDir()
	code, _, stderr := runCLI("slurm", "--only", "immediate", "--shards", "3", "--wait", "--out", out)
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"merge (job 42) did not run", "task 2 FAILED", "shard-41_2.log", "sbatch --array=2 " + filepath.Join(out, "slurm", "shards.sbatch")} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, stderr)
		}
	}
	if strings.Contains(stderr, "task 1 ") {
		t.Errorf("a completed task named as failed: %s", stderr)
	}
}

func TestSlurmWaitExitsWithTheMergeStatus(t *testing.T) {
	fakeSlurm(t, map[string]string{
		"42": "JobId=42 JobName=gridbench-merge JobState=FAILED Reason=NonZeroExitCode ExitCode=3:0\n",
		"41": "JobId=41 ArrayJobId=41 ArrayTaskId=0 JobState=COMPLETED Reason=None ExitCode=0:0\n",
	})
	code, _, stderr := runCLI("slurm", "--shards", "1", "--wait", "--out", t.TempDir())
	if code != 3 || !strings.Contains(stderr, "merge job 42 ended FAILED") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestSlurmDryRunAndBadInput(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no sbatch: a dry run needs none
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI("slurm", "--shards", "2", "--dry-run", "--out", out, "-j", "4")
	if code != 0 || !strings.Contains(stdout, "#SBATCH --array=0-1") || !strings.Contains(stdout, "-j 4\n") ||
		!strings.Contains(stdout, "--dependency=afterok:") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a dry run wrote files")
	}
	// A study file of one's own: its tasks run study run, its merge study
	// merge, the file named whole.
	study := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(study, []byte(slurmStudy), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI("slurm", "--study", study, "--shards", "2", "--dry-run", "--out", out, "--reps", "3")
	if code != 0 || !strings.Contains(stdout, " study run "+study+" --out "+out+" --shard \"$SLURM_ARRAY_TASK_ID/2\" --reps 3") ||
		!strings.Contains(stdout, " study merge "+study+" --out "+out+" --shards 2 --reps 3\n") {
		t.Errorf("--study: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	for _, tc := range []struct{ args, want string }{
		{"slurm --shards 2 --study " + study + " --only deadline", "--only and --quick choose among reproduce's studies"},
		{"slurm --shards 2 --study " + filepath.Join(out, "none.toml"), "none.toml"},
		{"slurm --out " + out, "--shards 0: give the number"},
		{"slurm --shards 2 --only nosuch", `unknown experiment "nosuch"`},
		{"slurm --shards 2 --wait --out " + out, "sbatch not found"},
	} {
		code, _, stderr := runCLI(strings.Fields(tc.args)...)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d: %s", tc.args, code, stderr)
		}
	}
}

// slurmStudy is a small study file of one's own for the Slurm tests.
const slurmStudy = `name = "slurm-mine"
reps = 2
algorithms = ["fcfs", "easy"]
metrics = ["wait"]

[[workload]]
kind = "lublin"
jobs = 100
cpus = 16
`

// TestSlurmIntegration runs the Slurm job array for real against a local
// Slurm (scripts/slurm-local.sh start) and checks that it gives the
// runs.csv of one local run.
func TestSlurmIntegration(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	state, err := exec.CommandContext(ctx, "sinfo", "-h", "-o", "%t").Output()
	up := false
	for _, s := range strings.Fields(string(state)) {
		up = up || s == "idle" || s == "mix" || s == "alloc"
	}
	if _, serr := exec.LookPath("sbatch"); err != nil || serr != nil || !up {
		t.Skipf("no Slurm answering here (sinfo: %q, %v; sbatch: %v): start one with scripts/slurm-local.sh start", state, err, serr)
	}
	bin := filepath.Join(t.TempDir(), "gridbench")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, ref := t.TempDir(), t.TempDir()
	t0 := time.Now()
	cmd := exec.Command(bin, "slurm", "--only", "deadline", "--reps", "2", "--shards", "2", "--wait", "--out", out)
	msgs, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gridbench slurm: %v\n%s", err, msgs)
	}
	array := time.Since(t0)
	t0 = time.Now()
	if code, _, stderr := runCLI("reproduce", "--only", "deadline", "--reps", "2", "--out", ref); code != 0 {
		t.Fatalf("local reproduce: exit %d: %s", code, stderr)
	}
	t.Logf("wall time: 2-task Slurm array + merge %s, one local run %s (a shared machine: indicative only)",
		array.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
	a, err1 := os.ReadFile(filepath.Join(ref, "results", "deadline", "runs.csv"))
	b, err2 := os.ReadFile(filepath.Join(out, "results", "deadline", "runs.csv"))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("runs.csv from the Slurm array differs from a local run's")
	}
	if _, err := os.Stat(filepath.Join(out, "paper", "deadline.md")); err != nil {
		t.Errorf("the merge job wrote no report: %v", err)
	}

	// A study file of one's own, the same way.
	study := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(study, []byte(slurmStudy), 0o644); err != nil {
		t.Fatal(err)
	}
	out, ref = t.TempDir(), t.TempDir()
	if msgs, err := exec.Command(bin, "slurm", "--study", study, "--shards", "2", "--wait", "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("gridbench slurm --study: %v\n%s", err, msgs)
	}
	if code, _, stderr := runCLI("study", "run", study, "--out", ref); code != 0 {
		t.Fatalf("local study run: exit %d: %s", code, stderr)
	}
	a, err1 = os.ReadFile(filepath.Join(ref, "results", "slurm-mine", "runs.csv"))
	b, err2 = os.ReadFile(filepath.Join(out, "results", "slurm-mine", "runs.csv"))
	if err1 != nil || err2 != nil || len(a) == 0 || string(a) != string(b) {
		t.Errorf("the study's runs.csv from the Slurm array differs from a local run's (%v, %v)", err1, err2)
	}
}
