package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gunzipFile returns the text of the gzip file at path, failing the test
// when it is not gzip data.
func gunzipFile(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: not gzip data: %v", filepath.Base(path), err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return string(b)
}

// Every data file a command writes is gzip-compressed when its name ends
// in .gz, and holds what the plain name gets; gridbench reads its own .gz
// files back (a trace, a Batsim workload, an ETC instance), and pandas
// reads the CSV files where python3 imports it. They were plain text
// under a .gz name, which pandas.read_csv refused (BadGzipFile).
func TestOutputsNamedGzAreGzip(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	tiny := "testdata/simulate/tiny.swf"
	for _, tc := range []struct {
		args  []string
		files [][2]string // plain, .gz: the same text
	}{
		{[]string{"simulate", tiny, "--cpus", "4", "--algo", "easy", "--jobs-out", "J", "--swf-out", "S"}, [][2]string{{"j.csv", "j.csv.gz"}, {"s.swf", "s.swf.gz"}}},
		{[]string{"simulate", tiny, "--cpus", "4", "--algo", "easy", "--jobs-out", "J", "--jobs-format", "short"}, [][2]string{{"js.csv", "js.csv.gz"}}},
		{[]string{"workload", "generate", "lublin", "--jobs", "50", "-o", "J"}, [][2]string{{"g.swf", "g.swf.gz"}}},
		{[]string{"workload", "convert", tiny, "--to", "J"}, [][2]string{{"w.json", "w.json.gz"}}},
		{[]string{"timeshare", tiny, "--slaves", "2", "--algo", "fcfs", "--jobs-out", "J"}, [][2]string{{"t.csv", "t.csv.gz"}}},
		{[]string{"trace", "stats", tiny, "--counts-out", "J"}, [][2]string{{"c.csv", "c.csv.gz"}}},
		{[]string{"etc", "generate", "--type", "u_i_hilo", "--jobs", "10", "--machines", "3", "--seed", "9", "-o", "J"}, [][2]string{{"e.etc", "e.etc.gz"}}},
	} {
		for k := range 2 {
			args := append([]string(nil), tc.args...)
			for i, a := range args {
				switch a {
				case "J":
					args[i] = p(tc.files[0][k])
				case "S":
					args[i] = p(tc.files[1][k])
				}
			}
			if code, _, stderr := runCLI(args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
		}
		for _, f := range tc.files {
			plain, err := os.ReadFile(p(f[0]))
			if err != nil {
				t.Fatal(err)
			}
			if got := gunzipFile(t, p(f[1])); got != string(plain) {
				t.Errorf("%s: gunzipped, not what %s holds", f[1], f[0])
			}
		}
	}
	// gridbench reads them back.
	for _, args := range [][]string{
		{"simulate", p("g.swf.gz"), "--algo", "easy"},
		{"simulate", p("s.swf.gz"), "--cpus", "4", "--algo", "easy"},
		{"simulate", p("w.json.gz"), "--algo", "easy"},
		{"trace", "stats", p("g.swf.gz")},
		{"etc", "eval", p("e.etc.gz")},
	} {
		if code, _, stderr := runCLI(args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping the pandas check: no python3 on PATH")
	}
	if out, err := exec.Command(py, "-c", "import pandas").CombinedOutput(); err != nil {
		t.Skipf("skipping the pandas check: python3 cannot import pandas: %s", bytes.TrimSpace(out))
	}
	script := "import sys, pandas as pd\nfor f in sys.argv[1:]:\n    print(f, pd.read_csv(f).equals(pd.read_csv(f + '.gz')))"
	args := []string{"-c", script}
	for _, f := range []string{"j.csv", "js.csv", "t.csv", "c.csv"} {
		args = append(args, p(f))
	}
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil || strings.Count(string(out), " True\n") != 4 {
		t.Errorf("pandas on the .gz files: %v:\n%s", err, out)
	}
}
