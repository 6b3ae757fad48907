package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
)

func TestVerify(t *testing.T) {
	out, data := t.TempDir(), t.TempDir()
	if code, _, stderr := runCLI("reproduce", "--quick", "--reps", "2", "--data", data, "--only", "immediate,deadline", "--out", out); code != 0 {
		t.Fatalf("reproduce: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runCLI("verify", "--all", "--data", data, out)
	if code != 0 || !strings.HasSuffix(stdout, " runs re-computed, all identical\n") {
		t.Fatalf("--all on untouched results: exit %d\n%s%s", code, stdout, stderr)
	}
	all, _ := strconv.Atoi(strings.Fields(stdout)[0])

	// The default sample: a few runs, at least one per experiment × algorithm.
	code, stdout, stderr = runCLI("verify", "--data", data, out)
	if code != 0 {
		t.Fatalf("sample: exit %d: %s%s", code, stdout, stderr)
	}
	sampled, _ := strconv.Atoi(strings.Fields(stdout)[0])
	groups := map[string]bool{}
	for _, exp := range []string{"immediate", "deadline"} {
		b, _ := os.ReadFile(filepath.Join(out, "results", exp, "runs.csv"))
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
			f := strings.Split(line, ",")
			groups[f[0]+"/"+f[2]] = true
		}
	}
	if sampled < len(groups) || sampled >= all {
		t.Errorf("the default sample re-computed %d of %d runs; want at least one per experiment × algorithm (%d)", sampled, all, len(groups))
	}

	// Tamper with one value of deadline's runs.csv.
	runs := filepath.Join(out, "results", "deadline", "runs.csv")
	b, _ := os.ReadFile(runs)
	lines := strings.Split(string(b), "\n")
	f := strings.Split(lines[3], ",")
	orig := f[len(f)-1]
	f[len(f)-1] = "12345.5"
	lines[3] = strings.Join(f, ",")
	os.WriteFile(runs, []byte(strings.Join(lines, "\n")), 0o644)
	code, stdout, stderr = runCLI("verify", "--all", "--data", data, out)
	key := strings.Join(f[:3], "/") + "/" + f[3] + " " + f[5]
	if code != 1 || !strings.Contains(stdout, key+": recorded 12345.5, re-computed "+orig) || strings.Count(stdout, "recorded") != 1 {
		t.Errorf("tampered runs.csv: exit %d, want a line for %s\n%s%s", code, key, stdout, stderr)
	}
	if !strings.Contains(stderr, "1 differences") {
		t.Errorf("stderr: %s", stderr)
	}
	os.WriteFile(runs, b, 0o644)

	// A manifest of another version or configuration.
	mpath := filepath.Join(out, "results", "immediate", "manifest.json")
	m, _ := os.ReadFile(mpath)
	os.WriteFile(mpath, []byte(strings.Replace(string(m), `"version": "`+version+`"`, `"version": "9.9.9"`, 1)), 0o644)
	if code, stdout, _ := runCLI("verify", "--data", data, out); code != 1 || !strings.Contains(stdout, "made by gridbench 9.9.9") {
		t.Errorf("other version: exit %d: %s", code, stdout)
	}
	os.WriteFile(mpath, []byte(strings.Replace(string(m), `"config_hash": "`, `"config_hash": "0`, 1)), 0o644)
	if code, stdout, _ := runCLI("verify", "--data", data, out); code != 1 || !strings.Contains(stdout, "is not one this build plans") {
		t.Errorf("other configuration: exit %d: %s", code, stdout)
	}

	if code, _, stderr := runCLI("verify", t.TempDir()); code == 0 || !strings.Contains(stderr, "no results/<experiment>/runs.csv") {
		t.Errorf("empty folder: exit %d: %s", code, stderr)
	}
}

// TestVerifySeries: a recorded series sample that the re-computation does
// not reproduce, or a missing one, is a problem naming the run and sample.
func TestVerifySeries(t *testing.T) {
	var b strings.Builder
	v := &verifier{w: &b}
	run := bench.NewRun("fed", "paper", "SO", 0)
	rec := []analysis.Point{{Series: "u2_dsa_done", T: 0, Value: 0}, {Series: "u2_dsa_done", T: 300, Value: 4}}
	v.compareSeries("series.csv", run, rec, []bench.Sample{{Series: "u2_dsa_done", T: 0, Value: 0}, {Series: "u2_dsa_done", T: 300, Value: 4}})
	if v.problems != 0 {
		t.Fatalf("identical series: %s", b.String())
	}
	v.compareSeries("series.csv", run, rec, []bench.Sample{{Series: "u2_dsa_done", T: 0, Value: 0}, {Series: "u2_dsa_done", T: 300, Value: 5}})
	v.compareSeries("series.csv", run, rec, []bench.Sample{{Series: "u2_dsa_done", T: 0, Value: 0}})
	want := []string{"fed/paper/SO/0 sample 2: recorded u2_dsa_done at 300 = 4, re-computed u2_dsa_done at 300 = 5",
		"fed/paper/SO/0: 2 series samples recorded, 1 re-computed"}
	for _, w := range want {
		if !strings.Contains(b.String(), w) {
			t.Errorf("missing %q in:\n%s", w, b.String())
		}
	}
	if v.problems != 2 {
		t.Errorf("%d problems, want 2", v.problems)
	}
}
