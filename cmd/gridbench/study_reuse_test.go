//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// reuseStudy writes a study of fcfs and mine (the exec: command given)
// on obs1's trace into a folder of its own, with fcfs.py as s.py, and
// returns the study file's path.
func reuseStudy(t *testing.T, name, mine, extra string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	dir := t.TempDir()
	study := filepath.Join(dir, "s.toml")
	text := strings.Replace(obs1Study, `mine = "exec:python3 s.py"`, "mine = "+strconv.Quote(mine), 1)
	text = strings.Replace(text, "reps = 2\n", "reps = 2\n"+extra, 1)
	text = strings.Replace(text, `name = "obs1"`, `name = "`+name+`"`, 1)
	os.WriteFile(study, []byte(text), 0o644)
	os.WriteFile(filepath.Join(dir, "t.swf"), []byte(strings.ReplaceAll(obs1Trace, "RUN", "100")), 0o644)
	b, err := os.ReadFile("../../examples/schedulers/fcfs.py")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "s.py"), b, 0o644)
	return study
}

// studyWaits runs study into out and returns each run's wait by
// algorithm/rep, and the progress.
func studyWaits(t *testing.T, name, study, out string, extra ...string) (map[string]string, string) {
	t.Helper()
	code, _, stderr := runCLI(append([]string{"study", "run", study, "--out", out}, extra...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs, err := analysis.ReadFile(filepath.Join(out, "results", name, "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	w := map[string]string{}
	for _, r := range recs {
		w[r.Algorithm+"/"+strconv.Itoa(r.Rep)] = analysis.FormatValue(r.Value)
	}
	return w, stderr
}

// Issue 30: with "exec:/usr/bin/env python3 s.py", swapping the python3
// that PATH finds reused the old runs, whose numbers differ from a fresh
// run's. The python3 env finds is now keyed; here the second one, a shim
// (a shell script that execs the real python3 on another scheduler),
// makes mine's 2 runs again.
func TestStudyKeysThePython3EnvFinds(t *testing.T) {
	env, err := exec.LookPath("env")
	if err != nil {
		t.Skip("skipping: no env")
	}
	realPy, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	study := reuseStudy(t, "envpy", "exec:"+env+" python3 s.py", "")
	easy, _ := filepath.Abs("../../examples/schedulers/easy.py")
	a, b := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(a, "python3"), []byte("#!/bin/sh\nexec "+realPy+" \"$@\"\n"), 0o755)
	os.WriteFile(filepath.Join(b, "python3"), []byte("#!/bin/sh\nexec "+realPy+" "+easy+"\n"), 0o755)
	path := os.Getenv("PATH")
	t.Setenv("PATH", a+string(os.PathListSeparator)+path)
	out := t.TempDir()
	first, _ := studyWaits(t, "envpy", study, out)
	if first["mine/0"] != first["fcfs/0"] {
		t.Fatalf("fcfs.py through python3 in %s should give fcfs's waits: %v", a, first)
	}
	t.Setenv("PATH", b+string(os.PathListSeparator)+a+string(os.PathListSeparator)+path)
	second, stderr := studyWaits(t, "envpy", study, out)
	want := "envpy: recomputing 2 runs: the files an exec: scheduler reads changed, one gone or added (exec_files.mine." + filepath.Join(a, "python3") + ": true → unset; exec_files.mine." + filepath.Join(b, "python3") + ": unset → true)"
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("stderr lacks %q and 'reusing 2 of 4 runs':\n%s", want, stderr)
	}
	fresh, _ := studyWaits(t, "envpy", study, t.TempDir())
	if second["mine/1"] != fresh["mine/1"] || fresh["mine/1"] == first["mine/1"] {
		t.Errorf("after swapping python3: mine/1 waits %s, a fresh run %s, before %s", second["mine/1"], fresh["mine/1"], first["mine/1"])
	}
}

// A shim whose exec line is computed (pyenv's libexec/pyenv) picks the
// program when it runs: the progress says that it is not in the key.
func TestStudySaysWhatItCannotKey(t *testing.T) {
	realPy, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	dir := t.TempDir()
	shim := filepath.Join(dir, "python3")
	os.WriteFile(shim, []byte("#!/bin/sh\nprog="+realPy+"\nexec \"$prog\" \"$@\"\n"), 0o755)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	study := reuseStudy(t, "unkeyed", "exec:python3 s.py", "")
	_, stderr := studyWaits(t, "unkeyed", study, t.TempDir())
	want := `unkeyed: not in the reuse key: mine: ` + shim + ` picks the program it runs when it runs (line 3: exec "$prog" "$@"); after changing it, run with --fresh`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

// Issue 30: a scheduler that reads an environment variable gave the old
// runs after its value changed. A study file's env names it, and its
// value (a digest of it) joins the key of the exec: scheduler's runs
// (a built-in one reads none: fcfs's are reused): the progress says
// which changed.
func TestStudyKeysDeclaredEnvironment(t *testing.T) {
	study := reuseStudy(t, "envknob", "exec:python3 s.py", `env = ["GRIDBENCH_TEST_KNOB"]`+"\n")
	out := t.TempDir()
	t.Setenv("GRIDBENCH_TEST_KNOB", "1")
	studyWaits(t, "envknob", study, out)
	_, stderr := studyWaits(t, "envknob", study, out)
	if !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("nothing changed, want every run reused:\n%s", stderr)
	}
	t.Setenv("GRIDBENCH_TEST_KNOB", "2")
	_, stderr = studyWaits(t, "envknob", study, out)
	if want := `envknob: recomputing 2 runs: an environment variable the runs read changed (env.GRIDBENCH_TEST_KNOB: "sha256:6b86b273ff34fce1" → "sha256:d4735e3a265e16ee")`; !strings.Contains(stderr, want) || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	os.Unsetenv("GRIDBENCH_TEST_KNOB")
	if _, stderr = studyWaits(t, "envknob", study, out); !strings.Contains(stderr, `(env.GRIDBENCH_TEST_KNOB: "sha256:d4735e3a265e16ee" → "unset")`) {
		t.Errorf("unset, stderr:\n%s", stderr)
	}
}

// Issue 30: a module in a subfolder of the scheduler's folder (pkg/sub.py)
// edited left 6 of 6 runs reused. The scheduler's folder tree is keyed:
// its runs are made again, fcfs's are reused; installed packages (a
// virtual environment, node_modules, hidden folders) are not walked.
func TestStudyKeysModulesBelowTheScheduler(t *testing.T) {
	study := reuseStudy(t, "subpkg", "exec:python3 s.py", "")
	dir := filepath.Dir(study)
	sub := filepath.Join(dir, "pkg", "sub.py")
	os.MkdirAll(filepath.Dir(sub), 0o755)
	os.WriteFile(sub, []byte("X = 1\n"), 0o644)
	venv := filepath.Join(dir, "venv")
	os.MkdirAll(filepath.Join(venv, "lib"), 0o755)
	os.WriteFile(filepath.Join(venv, "pyvenv.cfg"), nil, 0o644)
	os.WriteFile(filepath.Join(venv, "lib", "site.py"), []byte("A = 1\n"), 0o644)
	out := t.TempDir()
	studyWaits(t, "subpkg", study, out)
	os.WriteFile(sub, []byte("X = 2\n"), 0o644)
	_, stderr := studyWaits(t, "subpkg", study, out)
	if want := "subpkg: recomputing 2 runs: input " + sub + " changed"; !strings.Contains(stderr, want) || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("stderr lacks %q and 'reusing 2 of 4 runs':\n%s", want, stderr)
	}
	os.WriteFile(filepath.Join(venv, "lib", "site.py"), []byte("A = 2\n"), 0o644)
	if _, stderr = studyWaits(t, "subpkg", study, out); !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("a virtual environment's file is keyed:\n%s", stderr)
	}

	// Past the bound (more than 1024 .py files in the tree), only the
	// files beside s.py are keyed, and the progress says so.
	many := filepath.Join(dir, "gen")
	os.MkdirAll(many, 0o755)
	for i := range 1025 {
		os.WriteFile(filepath.Join(many, "m"+strconv.Itoa(i)+".py"), nil, 0o644)
	}
	_, stderr = studyWaits(t, "subpkg", study, out)
	want := "subpkg: not in the reuse key: mine: " + filepath.Join(dir, "s.py") + "'s folder tree holds more than 1024 .py files or 20000 entries: only the 0 .py files beside it are keyed, not those in its subfolders; after changing it, run with --fresh"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

// A file named in an exec: command beside the script (p.json, cfg.toml)
// had its folder walked as the script's is: the study's, whose out/ held
// gridbench's own outputs (out/results/outputs.json, out/paper/index.json,
// the manifests). verify --all after one clean run said "does not record
// input out/results/...", every later run said "recomputing 2 runs: input
// out/results/outputs.json changed", and cfg.toml keyed the study file
// itself, so that a title edited recomputed mine's runs. Only the script's
// folder is walked; the other files are keyed alone, each by its content.
func TestStudyKeysAConfigFileAlone(t *testing.T) {
	study := reuseStudy(t, "cfgfile", "exec:python3 s.py p.json cfg.toml", "")
	dir := filepath.Dir(study)
	os.WriteFile(filepath.Join(dir, "p.json"), []byte(`{"mode": "fcfs"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "cfg.toml"), []byte("mode = \"fcfs\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.json"), []byte("{}\n"), 0o644)
	out := filepath.Join(dir, "out")
	studyWaits(t, "cfgfile", study, out)
	if code, stdout, stderr := runCLI("verify", out, "--all"); code != 0 {
		t.Fatalf("verify --all after one run: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, stderr := studyWaits(t, "cfgfile", study, out); !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("run again, nothing changed: want every run reused:\n%s", stderr)
	}
	text, _ := os.ReadFile(study)
	os.WriteFile(study, append([]byte("title = \"Edited\"\n"), text...), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.json"), []byte("{\"a\": 1}\n"), 0o644)
	if _, stderr := studyWaits(t, "cfgfile", study, out); !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("the title and a .json file the command does not name edited: want every run reused:\n%s", stderr)
	}
	os.WriteFile(filepath.Join(dir, "p.json"), []byte(`{"mode": "other"}`+"\n"), 0o644)
	_, stderr := studyWaits(t, "cfgfile", study, out)
	if want := "cfgfile: recomputing 2 runs: input " + filepath.Join(dir, "p.json") + " changed"; !strings.Contains(stderr, want) || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("p.json edited: stderr lacks %q and 'reusing 2 of 4 runs':\n%s", want, stderr)
	}
	if code, stdout, stderr := runCLI("verify", out, "--all"); code != 0 {
		t.Fatalf("verify --all: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A study run from another folder recomputed its exec: runs ("input
// /abs/s1/s.py was not recorded with them"), and again from its own
// ("input s.py ..."): the files beside the study file were keyed by the
// path the working folder gave them. They are keyed by their absolute
// paths, the trace beside it too.
func TestStudyReusesRunsFromAnotherFolder(t *testing.T) {
	study := reuseStudy(t, "elsewhere", "exec:python3 s.py", "")
	dir := filepath.Dir(study)
	t.Chdir(dir)
	studyWaits(t, "elsewhere", "s.toml", "out")
	t.Chdir(t.TempDir())
	if _, stderr := studyWaits(t, "elsewhere", study, filepath.Join(dir, "out")); !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("run from another folder: want every run reused:\n%s", stderr)
	}
	t.Chdir(dir)
	if _, stderr := studyWaits(t, "elsewhere", "s.toml", "out"); !strings.Contains(stderr, "reusing 4 of 4 runs") {
		t.Errorf("run from its own folder again: want every run reused:\n%s", stderr)
	}
	if code, stdout, stderr := runCLI("verify", "out", "--all"); code != 0 {
		t.Fatalf("verify --all: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A module of an exec: scheduler deleted since its runs were made
// (helpers.py beside s.py) left every run reused: only the files that
// exist now were compared with those recorded, and a gone one is none of
// them. The files an exec: scheduler's runs read are in their part of
// the configuration (exec_files): one gone recomputes its runs, fcfs's
// are reused. The scheduler's own file gone makes its runs again too,
// which then fail, rather than reusing what a file no longer there made.
func TestStudyRecomputesWhenAFileIsGone(t *testing.T) {
	study := reuseStudy(t, "gone", "exec:python3 s.py", "")
	dir := filepath.Dir(study)
	helpers := filepath.Join(dir, "helpers.py")
	os.WriteFile(helpers, []byte("X = 1\n"), 0o644)
	out := t.TempDir()
	studyWaits(t, "gone", study, out)
	if err := os.Remove(helpers); err != nil {
		t.Fatal(err)
	}
	_, stderr := studyWaits(t, "gone", study, out)
	if want := "gone: recomputing 2 runs: the files an exec: scheduler reads changed, one gone or added (exec_files.mine.helpers.py: true → unset)"; !strings.Contains(stderr, want) || !strings.Contains(stderr, "reusing 2 of 4 runs") {
		t.Errorf("helpers.py deleted: stderr lacks %q and 'reusing 2 of 4 runs':\n%s", want, stderr)
	}
	if err := os.Remove(filepath.Join(dir, "s.py")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("study", "run", study, "--out", out)
	if code == 0 || !strings.Contains(stderr, "reusing 2 of 4 runs") || !strings.Contains(stderr, "gone: failed: mine on t reps 0-1") {
		t.Errorf("s.py deleted: exit %d, want 1 with mine's 2 runs made again (and failed), fcfs's reused:\n%s", code, stderr)
	}
}
