package filestudy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
)

// inputsStudy writes files (path → content, relative to a folder of its
// own; a content starting "\x7fELF" is an executable) and a study file
// there whose algorithm mine is cmd, and returns the folder and mine's
// commandInputs.
func inputsStudy(t *testing.T, cmd string, files map[string]string) (string, []string, []string) {
	t.Helper()
	dir := t.TempDir()
	for p, text := range files {
		p = filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		mode := os.FileMode(0o644)
		if strings.HasPrefix(text, "\x7fELF") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	study := filepath.Join(dir, "s.toml")
	os.WriteFile(study, []byte(`name = "ins"
algorithms = ["fcfs", "mine"]
[aliases]
mine = "exec:`+cmd+`"
[[workload]]
kind = "deadline"
mean_inter_arrival = 2
jobs = 10
`), 0o644)
	s, err := Load(study)
	if err != nil {
		t.Fatal(err)
	}
	ins, unknown := s.commandInputs("mine")
	for i, p := range ins {
		if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			ins[i] = rel
		}
	}
	return dir, ins, unknown
}

// Only the script's folder tree is walked for its modules: a data file
// the command names (p.json) is keyed alone, the interpreter (a compiled
// program) is no script, and what gridbench writes into an output
// folder (one holding its lock file) is never keyed. A p.json once had
// its folder walked, the study's, and out/results/outputs.json and the
// manifests became inputs of the runs that wrote them.
func TestCommandInputsWalkTheScriptAlone(t *testing.T) {
	files := map[string]string{
		"bin/interp":               "\x7fELF compiled",
		"sched/param.py":           "import helper\n",
		"sched/helper.py":          "X = 1\n",
		"p.json":                   "{}\n",
		"other.json":               "{}\n",
		"cfg.toml":                 "a = 1\n",
		"out/" + bench.LockFile:    "1\n",
		"out/results/outputs.json": "{}\n",
		"out/results/gen.py":       "\n",
		"out/paper/index.json":     "{}\n",
		"pkg/sub.py":               "\n",
	}
	_, ins, unknown := inputsStudy(t, "bin/interp sched/param.py p.json cfg.toml", files)
	if want := []string{"bin/interp", "cfg.toml", "p.json", "sched/helper.py", "sched/param.py"}; !slices.Equal(ins, want) || len(unknown) != 0 {
		t.Errorf("inputs %q (not keyed: %q), want %q", ins, unknown, want)
	}

	// A script beside the study file walks the study's folder: the
	// results and paper folders of out/ are not, a folder of modules is.
	files["s.py"] = "\n"
	_, ins, _ = inputsStudy(t, "bin/interp s.py p.json", files)
	if want := []string{"bin/interp", "p.json", "pkg/sub.py", "s.py", "sched/helper.py", "sched/param.py"}; !slices.Equal(ins, want) {
		t.Errorf("inputs %q, want %q", ins, want)
	}

	// A file of an output folder named in the command is not keyed, and
	// the progress says so.
	_, ins, unknown = inputsStudy(t, "bin/interp s.py out/results/outputs.json", files)
	if slices.Contains(ins, "out/results/outputs.json") || len(unknown) != 1 || !strings.Contains(unknown[0], "is in an output folder") {
		t.Errorf("inputs %q, not keyed %q: want out/results/outputs.json named as not keyed", ins, unknown)
	}

	// A compiled scheduler run itself has no modules: the .json after it
	// is no script.
	_, ins, _ = inputsStudy(t, "bin/interp other.json", files)
	if want := []string{"bin/interp", "other.json"}; !slices.Equal(ins, want) {
		t.Errorf("inputs %q, want %q", ins, want)
	}
}

// The inputs are named by absolute paths, whatever the working folder:
// a study run from another folder once recomputed its exec: runs.
func TestCommandInputsAreAbsolute(t *testing.T) {
	dir, ins, _ := inputsStudy(t, "bin/interp s.py", map[string]string{"bin/interp": "\x7fELF", "s.py": "\n"})
	t.Chdir(dir)
	s, err := Load("s.toml")
	if err != nil {
		t.Fatal(err)
	}
	here, _ := s.commandInputs("mine")
	want := []string{filepath.Join(dir, "bin/interp"), filepath.Join(dir, "s.py")}
	if !slices.Equal(here, want) || !slices.Equal(ins, []string{"bin/interp", "s.py"}) {
		t.Errorf("from the study's folder %q, from another %q; want %q both", here, ins, want)
	}
}

// The configuration shows a trace beside the study file by its path from
// there, whatever the working folder: it was the path from the working
// folder, so that a study run from another folder had another
// configuration, and results made from the study's folder verify as they
// did (traces.t.swf: "t.swf").
func TestConfigShowsTracesFromTheStudyFolder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "traces"), 0o755)
	os.WriteFile(filepath.Join(dir, "traces", "t.swf"), []byte("1 0 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 1 -1 -1\n2 5 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 1 -1 -1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "s.toml"), []byte("name = \"shown\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"traces/t.swf\"\ncpus = 2\njobs = 1\n"), 0o644)
	config := func(study string) (string, []string) {
		s, err := Load(study)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := s.Plan(experiments.Config{Reps: 2})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(pl.Bench().Config)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), pl.Bench().Runs[0].Inputs
	}
	there, ins := config(filepath.Join(dir, "s.toml"))
	t.Chdir(dir)
	here, _ := config("s.toml")
	if !strings.Contains(here, `"traces":{"traces/t.swf":"traces/t.swf"}`) || here != there {
		t.Errorf("from the study's folder %s\nfrom another %s\nwant both to show traces/t.swf", here, there)
	}
	if want := []string{filepath.Join(dir, "traces", "t.swf")}; !slices.Equal(ins, want) {
		t.Errorf("a run's inputs %q, want %q", ins, want)
	}
}

// A module reached through a symbolic link (helpers.py linked to a file
// elsewhere, a folder of modules linked in) was no input: the walk took
// only regular files and did not enter a linked folder, so editing the
// file linked to reused the runs. Both are keyed by the link's path,
// whose content is the target's; a link that leads nowhere is not, and
// a link back up the tree is walked once.
func TestCommandInputsFollowLinks(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	write := func(p, text string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Skipf("skipping: cannot make a symbolic link: %v", err)
		}
	}
	write(filepath.Join(dir, "s.py"), "import helpers\n")
	write(filepath.Join(elsewhere, "helpers.py"), "X = 1\n")
	write(filepath.Join(elsewhere, "pkg", "sub.py"), "Y = 1\n")
	link(filepath.Join(elsewhere, "helpers.py"), filepath.Join(dir, "helpers.py"))
	link(filepath.Join(elsewhere, "pkg"), filepath.Join(dir, "pkg"))
	link(filepath.Join(elsewhere, "gone.py"), filepath.Join(dir, "dead.py"))
	link(dir, filepath.Join(dir, "loop"))
	ins, unknown := shScriptInputs(t, dir)
	for _, want := range []string{filepath.Join(dir, "helpers.py"), filepath.Join(dir, "pkg", "sub.py"), filepath.Join(dir, "s.py")} {
		if !slices.Contains(ins, want) {
			t.Errorf("inputs %q (not keyed: %q) lack %s", ins, unknown, want)
		}
	}
	for _, p := range ins {
		if strings.Contains(p, "dead.py") || strings.Contains(p, string(filepath.Separator)+"loop"+string(filepath.Separator)) {
			t.Errorf("inputs %q hold %s", ins, p)
		}
	}
	before, err := bench.InputSHA256(filepath.Join(dir, "helpers.py"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(elsewhere, "helpers.py"), "X = 22\n")
	if now, err := bench.InputSHA256(filepath.Join(dir, "helpers.py")); err != nil || now == before {
		t.Errorf("the file linked to edited: its link's sha256 %s, before %s (%v)", now, before, err)
	}
}

// A script that is itself a symbolic link imports from the folder of the
// file it leads to (Python puts that folder first on its path): the
// modules there are keyed (an edit of one recomputes its runs).
func TestCommandInputsScriptLinked(t *testing.T) {
	dir, lib := t.TempDir(), t.TempDir()
	write := func(p, text string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(lib, "s.py"), "import helpers\n")
	write(filepath.Join(lib, "helpers.py"), "X = 1\n")
	if err := os.Symlink(filepath.Join(lib, "s.py"), filepath.Join(dir, "s.py")); err != nil {
		t.Skipf("skipping: cannot make a symbolic link: %v", err)
	}
	ins, unknown := shScriptInputs(t, dir)
	want := filepath.Join(lib, "helpers.py")
	if real, err := filepath.EvalSymlinks(want); err == nil && !slices.Contains(ins, want) {
		want = real // (a temporary folder reached through a link itself)
	}
	if !slices.Contains(ins, want) || !slices.Contains(ins, filepath.Join(dir, "s.py")) {
		t.Errorf("inputs %q (not keyed: %q) lack %s or the script", ins, unknown, want)
	}
}

// shScriptInputs writes dir/s.toml, a study whose scheduler "mine" runs
// dir/s.py, and returns that scheduler's inputs and what is not keyed.
func shScriptInputs(t *testing.T, dir string) ([]string, []string) {
	t.Helper()
	study := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(study, []byte(`name = "links"
algorithms = ["mine"]
[aliases]
mine = "exec:/bin/sh s.py"
[[workload]]
kind = "deadline"
mean_inter_arrival = 2
jobs = 10
`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(study)
	if err != nil {
		t.Fatal(err)
	}
	return s.commandInputs("mine")
}
