package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func TestWorkloadGenerateLublin(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "l.swf")
	var stdout, stderr bytes.Buffer
	args := []string{"gridbench", "workload", "generate", "--jobs", "200", "--cpus", "64", "--seed", "3", "-o", out, "lublin"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, ";") {
			lines++
		}
	}
	if lines != 200 {
		t.Errorf("%d job lines, want 200", lines)
	}
	if want := "workload: 200 Lublin-Feitelson jobs for 64 CPUs (seed 3) written to " + out + "\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	code, _, one := runCLI("workload", "generate", "--jobs", "1", "--cpus", "1", "-o", filepath.Join(dir, "one.swf"), "lublin")
	if want := "workload: 1 Lublin-Feitelson job for 1 CPU (seed 1)"; code != 0 || !strings.HasPrefix(one, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, one, want)
	}
	// Simulating it works like any trace.
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"gridbench", "simulate", "--swf", out, "--cpus", "64", "--algo", "cons", "--jobs-out", filepath.Join(dir, "j.csv")}, &stdout, &stderr); code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, stderr.String())
	}
	// And a study file takes it as a trace workload: the baselines on
	// windows of the generated log.
	study := filepath.Join(dir, "lublin.toml")
	toml := "name = \"lublin-baselines\"\nalgorithms = [\"easy\", \"cons\", \"easypp-reqtime\"]\nreps = 2\n" +
		"[[workload]]\nkind = \"trace\"\ntrace = \"l.swf\"\ncpus = 64\njobs = 100\n"
	if err := os.WriteFile(study, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"gridbench", "study", "run", "-j", "1", "--out", filepath.Join(dir, "out"), study}, &stdout, &stderr); code != 0 {
		t.Fatalf("study run: exit %d: %s", code, stderr.String())
	}
	runs, err := os.ReadFile(filepath.Join(dir, "out", "results", "lublin-baselines", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{",easy,", ",cons,", ",easypp-reqtime,"} {
		if !strings.Contains(string(runs), a) {
			t.Errorf("runs.csv has no %s row", a)
		}
	}
	for _, bad := range [][]string{
		{"gridbench", "workload", "generate", "-o", out, "feitelson"},
		{"gridbench", "workload", "generate", "--cpus", "0", "-o", out, "lublin"},
	} {
		stderr.Reset()
		if code := run(context.Background(), bad, &stdout, &stderr); code == 0 || strings.Count(strings.TrimSpace(stderr.String()), "\n") > 2 {
			t.Errorf("%v: exit %d, stderr %q: want a short error", bad, code, stderr.String())
		}
	}
}

// TestBatsimRoundTrip: SWF -> Batsim JSON (delay profiles, and
// parallel_homogeneous at a speed) -> simulate gives the starts the SWF
// gives, on the first 3000 jobs of KTH-SP2 under EASY and FCFS.
func TestBatsimRoundTrip(t *testing.T) {
	kth := datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	dir := t.TempDir()
	for _, speed := range []string{"", "1e9"} {
		js := filepath.Join(dir, "kth"+speed+".json")
		args := []string{"workload", "convert", kth, "--to", js}
		if speed != "" {
			args = append(args, "--speed", speed)
		}
		if code, _, stderr := runCLI(args...); code != 0 || !strings.Contains(stderr, "profiles written to") {
			t.Fatalf("convert: exit %d: %s", code, stderr)
		}
		b, err := os.ReadFile(js)
		if err != nil {
			t.Fatal(err)
		}
		wantType := map[bool]string{true: `"type": "parallel_homogeneous"`, false: `"type": "delay"`}[speed != ""]
		if !strings.Contains(string(b), wantType) || strings.Contains(string(b), "msg_par_hg") {
			t.Errorf("speed %q: the workload lacks %s", speed, wantType)
		}
		for _, algo := range []string{"easy", "fcfs"} {
			var files [2]string
			for k, in := range []string{kth, js} {
				out := filepath.Join(dir, fmt.Sprintf("%s-%d.csv", algo, k))
				args := []string{"simulate", in, "--max-jobs", "3000", "--cpus", "100", "--algo", algo, "--jobs-out", out, "--jobs-format", "short"}
				if speed != "" && in == js { // (an SWF trace refuses it)
					args = append(args, "--speed", speed)
				}
				if code, _, stderr := runCLI(args...); code != 0 {
					t.Fatalf("simulate %s: exit %d: %s", in, code, stderr)
				}
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				files[k] = string(b)
			}
			if strings.Count(files[0], "\n") != 3001 {
				t.Fatalf("%d lines", strings.Count(files[0], "\n"))
			}
			if files[0] != files[1] {
				t.Errorf("speed %q, %s: the Batsim workload's schedule differs from the SWF's", speed, algo)
			}
		}
	}
	// parallel_homogeneous without --speed: a one-line error naming the profile and its type
	js := filepath.Join(dir, "kth1e9.json")
	code, _, stderr := runCLI("simulate", js, "--algo", "easy", "--max-jobs", "10")
	// The flag, not the library's speed argument (spaceshared.LoadWorkload's error).
	if code == 0 || !strings.Contains(stderr, "kth1e9.json:") || !strings.Contains(stderr, `uses profile "ph`) ||
		!strings.HasSuffix(stderr, ": a parallel_homogeneous profile runs cpu / speed seconds: give the CPU speed in flop/s (simulate --speed, a study workload's batsim_speed)\n") ||
		strings.Count(stderr, "\n") != 1 {
		t.Errorf("no --speed: exit %d, %q", code, stderr)
	}
}

// workload convert and simulate on a Batsim workload: nb_res stands in for
// --cpus, a workload without one needs --cpus, and bad flags are one line.
func TestBatsimCLIErrors(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "tiny.json")
	if code, _, stderr := runCLI("workload", "convert", "testdata/simulate/tiny.swf", "--to", js); code != 0 || !strings.Contains(stderr, "5 jobs with delay profiles") || !strings.Contains(stderr, "left out 2") {
		t.Fatalf("convert: exit %d: %s", code, stderr)
	}
	// The file named as workload generate names its own (--output, -o).
	for _, flag := range []string{"--output", "-o"} {
		if code, _, stderr := runCLI("workload", "convert", "testdata/simulate/tiny.swf", flag, filepath.Join(dir, "x.json")); code != 0 || !strings.Contains(stderr, "5 jobs with delay profiles") {
			t.Errorf("convert %s: exit %d: %s", flag, code, stderr)
		}
	}
	// nb_res is 9, the widest job: job 6 (9 CPUs) runs too
	if code, _, stderr := runCLI("simulate", js, "--algo", "fcfs", "--swf-out", filepath.Join(dir, "o.swf")); code != 0 || !strings.Contains(stderr, "5 jobs with fcfs on 9 CPUs") {
		t.Errorf("simulate without --cpus: exit %d: %s", code, stderr)
	}
	noRes := filepath.Join(dir, "nores.json")
	if err := os.WriteFile(noRes, []byte(`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "d"}], "profiles": {"d": {"type": "delay", "delay": 3}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", noRes, "--algo", "fcfs"}, "nores.json: the workload gives no nb_res: give the machine's CPUs (--cpus N)"},
		{[]string{"simulate", js, "--algo", "fcfs", "--speed", "-3"}, "--speed -3"},
		{[]string{"simulate", js, "--algo", "easy", "--artefact"}, "--artefact: " + filepath.Base(js) + " is a Batsim workload; --artefact reads an SC'15 artefact schedule"},
		{[]string{"simulate", "testdata/simulate/tiny.swf", "--cpus", "9", "--algo", "fcfs", "--speed", "5"}, "--speed 5: tiny.swf is not a Batsim workload (.json)"},
		{[]string{"workload", "convert", "testdata/simulate/tiny.swf", "--to", js, "--speed", "0"}, "--speed 0"},
		{[]string{"workload", "convert", "testdata/simulate/tiny.swf", "--to", js, "--nb-res", "0"}, "--nb-res 0"},
		{[]string{"workload", "convert", "--to", js}, "want one SWF trace"},
		{[]string{"workload", "convert", "testdata/simulate/tiny.swf", "--to", filepath.Join(dir, "w.txt")}, "w.txt: name the workload FILE.json"},
		{[]string{"workload", "convert", "testdata/simulate/bad.swf", "--to", js}, "bad.swf:2:"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code == 0 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want one line with %q", tc.args, code, stderr, tc.want)
		}
	}
	// The trace is streamed into the file: a torn last line, or no job to
	// write, leaves what --to held before, and says why.
	swf, err := os.ReadFile("testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	torn := filepath.Join(dir, "torn.swf")
	noJob := filepath.Join(dir, "nojob.swf")
	for path, text := range map[string]string{torn: string(swf[:len(swf)-8]), noJob: "; MaxProcs: 4\n1 -1 0 5 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ in, want string }{{torn, "torn.swf:"}, {noJob, "nojob.swf: all 1 job records were skipped"}} {
		kept := filepath.Join(dir, "kept.json")
		if err := os.WriteFile(kept, []byte("before"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI("workload", "convert", tc.in, "--to", kept)
		if b, _ := os.ReadFile(kept); code == 0 || !strings.Contains(stderr, tc.want) || string(b) != "before" {
			t.Errorf("convert %s: exit %d, stderr %q, --to holds %q; want an error with %q and the file as it was", filepath.Base(tc.in), code, stderr, b, tc.want)
		}
	}
}

// An SWF log whose job numbers repeat (partial executions have a line per
// part) is refused by workload convert, naming the trace's line, rather
// than written as a workload Batsim refuses ("duplication of job id");
// nothing is written.
func TestWorkloadConvertRefusesRepeatedJobNumbers(t *testing.T) {
	dir := t.TempDir()
	swf, js := filepath.Join(dir, "p.swf"), filepath.Join(dir, "p.json")
	os.WriteFile(swf, []byte("; MaxProcs: 4\n1 0 -1 10 1 -1 -1 1 10 -1 2 1 1 -1 -1 -1 -1 -1\n2 1 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n1 20 -1 10 1 -1 -1 1 10 -1 3 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	code, _, stderr := runCLI("workload", "convert", swf, "--to", js)
	if want := "gridbench: " + swf + ":4: job 1 repeats the id of a job written before it: Batsim refuses"; code != 1 || !strings.HasPrefix(stderr, want) || !strings.HasSuffix(stderr, "; nothing written to "+js+"\n") {
		t.Errorf("exit %d, stderr %q, want %q...", code, stderr, want)
	}
	if _, err := os.Stat(js); !os.IsNotExist(err) {
		t.Errorf("%s was written (%v)", js, err)
	}
}

// workload convert counts the jobs that run as long as they requested or
// longer (Batsim kills them at their walltime, even one that ends at that
// instant; gridbench runs them whole), and those exactly as long, and
// --walltime max writes their run time + 1 s; --nb-res below the widest
// job is refused, naming the first such job, and writes nothing.
func TestWorkloadConvertWalltimeAndNbRes(t *testing.T) {
	dir := t.TempDir()
	swf := filepath.Join(dir, "w.swf")
	os.WriteFile(swf, []byte("; MaxProcs: 4\n"+
		"1 0 -1 50 1 -1 -1 1 100 -1 1 1 1 -1 -1 -1 -1 -1\n"+
		"2 1 -1 150 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"+
		"3 2 -1 30 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1\n"+
		"4 3 -1 60 1 -1 -1 1 60 -1 1 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	for _, tc := range []struct{ mode, stderr, walltimes string }{
		{"", "3 jobs run as long as they requested or longer (1 exactly as long): Batsim will kill them at their walltime (COMPLETED_WALLTIME_REACHED) where gridbench runs them to their end; --walltime max keeps them whole\n", "100 100 20 60"},
		{"requested", "3 jobs run as long as they requested or longer (1 exactly as long): Batsim will kill them", "100 100 20 60"},
		{"max", "3 jobs run as long as they requested or longer (1 exactly as long): their walltime is their run time + 1 s (--walltime max), so Batsim runs them whole\n", "100 151 31 61"},
	} {
		js := filepath.Join(dir, "w"+tc.mode+".json")
		args := []string{"workload", "convert", swf, "--to", js}
		if tc.mode != "" {
			args = append(args, "--walltime", tc.mode)
		}
		code, _, stderr := runCLI(args...)
		if code != 0 || !strings.Contains(stderr, "workload convert: "+tc.stderr) {
			t.Errorf("--walltime %q: exit %d, stderr %q, want %q", tc.mode, code, stderr, tc.stderr)
		}
		b, _ := os.ReadFile(js)
		var got []string
		for _, m := range regexp.MustCompile(`"walltime": ([0-9.]+)`).FindAllSubmatch(b, -1) {
			got = append(got, string(m[1]))
		}
		if strings.Join(got, " ") != tc.walltimes {
			t.Errorf("--walltime %q: walltimes %q, want %q", tc.mode, got, tc.walltimes)
		}
	}
	// Every job within its request: no such line.
	ok := filepath.Join(dir, "ok.swf")
	os.WriteFile(ok, []byte("; MaxProcs: 4\n1 0 -1 50 1 -1 -1 1 100 -1 1 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	if code, _, stderr := runCLI("workload", "convert", ok, "--to", filepath.Join(dir, "ok.json")); code != 0 || strings.Contains(stderr, "or longer") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCLI("workload", "convert", swf, "--to", filepath.Join(dir, "x.json"), "--walltime", "run"); code == 0 || !strings.Contains(stderr, `--walltime "run": want requested`) {
		t.Errorf("--walltime run: exit %d, stderr %q", code, stderr)
	}
	js := filepath.Join(dir, "narrow.json")
	code, _, stderr := runCLI("workload", "convert", swf, "--to", js, "--nb-res", "1")
	if want := swf + ":3: job 2 asks for 2 resources, more than the workload's nb_res 1, and Batsim rejects a workload with such a job (2 jobs of the trace do, the widest 2: give nb_res 2 or more); nothing written to " + js + "\n"; code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("--nb-res 1: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if _, err := os.Stat(js); !os.IsNotExist(err) {
		t.Errorf("%s was written (%v)", js, err)
	}
}

// A directory given as the trace is named as one, whatever its name, not
// "not a recognised trace: name it .swf or .gwf".
func TestTraceArgIsADirectory(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"runs", "logs.swf", "w.json"} {
		d := filepath.Join(dir, name)
		os.Mkdir(d, 0o755)
		want := d + ": is a directory, not a file: give the path of a trace in it\n"
		if name == "w.json" {
			want = d + ": is a directory, not a file: give the path of a Batsim workload in it\n"
		}
		for _, args := range [][]string{
			{"simulate", d, "--algo", "easy", "--cpus", "4"},
			{"trace", "stats", d},
			{"workload", "convert", d, "--to", filepath.Join(dir, "x.json")},
			{"timeshare", d, "--slaves", "2", "--algo", "fcfs"},
		} {
			if name == "w.json" && args[0] != "simulate" {
				continue // (the others read traces only)
			}
			if code, _, stderr := runCLI(args...); code != 1 || stderr != "gridbench: "+want {
				t.Errorf("%v: exit %d, stderr %q, want %q", args, code, stderr, want)
			}
		}
	}
}

// TestLublinSaysWhenSizesCollapse: on a small machine the model's size
// ranges shrink to a point, and the command says so; at the 128 CPUs it
// was fitted for it says nothing.
func TestLublinSaysWhenSizesCollapse(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		cpus string
		note bool
	}{{"16", true}, {"128", false}} {
		var stdout, stderr bytes.Buffer
		args := []string{"gridbench", "workload", "generate", "lublin", "--jobs", "2000", "--cpus", tc.cpus, "-o", filepath.Join(dir, tc.cpus+".swf")}
		if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		if got := strings.Contains(stderr.String(), "of the jobs ask 1 CPU: the model's sizes are fitted for 128 CPUs"); got != tc.note {
			t.Errorf("--cpus %s: note %v, want %v:\n%s", tc.cpus, got, tc.note, stderr.String())
		}
	}
}

// workload convert gives the jobs of run time 0 the profile ph0
// (parallel_homogeneous, cpu 0), as Batsim refuses a delay of 0 s, and
// counts them on stderr; simulate reads the workload back without --speed,
// and refuses a workload of a 0-s delay profile, saying to reconvert it.
func TestWorkloadConvertZeroRun(t *testing.T) {
	dir := t.TempDir()
	swf, js := filepath.Join(dir, "z.swf"), filepath.Join(dir, "z.json")
	os.WriteFile(swf, []byte("; MaxProcs: 4\n"+
		"1 0 -1 0 1 -1 -1 1 100 -1 1 1 1 -1 -1 -1 -1 -1\n"+
		"2 1 -1 50 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"+
		"3 2 -1 0 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	code, _, stderr := runCLI("workload", "convert", swf, "--to", js)
	if want := "workload convert: 2 jobs of run time 0 get the profile ph0 (parallel_homogeneous, cpu 0, com 0), as Batsim refuses a delay of 0 s\n"; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
	b, _ := os.ReadFile(js)
	if !strings.Contains(string(b), `"ph0": {"type": "parallel_homogeneous", "cpu": 0, "com": 0}`) || strings.Contains(string(b), `"delay": 0`) {
		t.Errorf("workload:\n%s", b)
	}
	if code, _, stderr := runCLI("simulate", js, "--algo", "fcfs"); code != 0 || !strings.Contains(stderr, "3 jobs") {
		t.Errorf("simulate: exit %d, stderr %q", code, stderr)
	}
	old := filepath.Join(dir, "old.json")
	// (as workload convert wrote it before)
	before := strings.NewReplacer(`"ph0"`, `"delay0"`, `{"type": "parallel_homogeneous", "cpu": 0, "com": 0}`, `{"type": "delay", "delay": 0}`).Replace(string(b))
	os.WriteFile(old, []byte(before), 0o644)
	code, _, stderr = runCLI("simulate", old, "--algo", "fcfs")
	if want := `old.json:`; code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, `profile "delay0": delay 0: Batsim refuses a delay profile of 0 s; reconvert the workload with gridbench workload convert`) {
		t.Errorf("old workload: exit %d, stderr %q", code, stderr)
	}
}
