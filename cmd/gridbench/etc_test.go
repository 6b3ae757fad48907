package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runEtc(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), append([]string{"gridbench", "etc", "eval"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEtcEvalGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"small.csv.golden", []string{"testdata/etc/small.etc"}},
		{"small_mct_kpb.csv.golden", []string{"--heuristics", "MCT,kPB,SA", "--sa-low", "0.3", "--sa-high", "0.6", "--k", "50", "testdata/etc/small.etc"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			code, out, errs := runEtc(t, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			path := filepath.Join("testdata", "etc", tc.golden)
			if *update {
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/gridbench -run EtcEval -update to create it)", err)
			}
			if out != string(want) {
				t.Fatalf("stdout differs from %s:\n%s\nwant:\n%s", path, out, want)
			}
		})
	}
}

// A header-less CRLF copy with one matrix row per line gives the same
// numbers as the Braun-layout file.
func TestEtcEvalNoHeader(t *testing.T) {
	_, want, _ := runEtc(t, "testdata/etc/small.etc")
	code, out, errs := runEtc(t, "--jobs", "16", "--machines", "4", "testdata/etc/noheader.etc")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.ReplaceAll(out, "noheader.etc", "small.etc") != want {
		t.Fatalf("header-less output\n%s\ndiffers from\n%s", out, want)
	}
}

func TestEtcEvalErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--heuristics", "MCT,FCFS", "testdata/etc/small.etc"}, `unknown heuristic "FCFS" (valid: OLB, MCT, MET, SA, kPB, MinMin, MaxMin, Sufferage)`},
		{[]string{"testdata/etc/bad.etc"}, "bad.etc:4: value 3 (job 1, machine 0) is negative"},
		{[]string{"testdata/etc/noheader.etc"}, "noheader.etc:1: no header"},
		{[]string{"--sa-low", "0.9", "--sa-high", "0.5", "testdata/etc/small.etc"}, "SA thresholds need 0 ≤ low < high ≤ 1"},
		{[]string{"--k", "0", "testdata/etc/small.etc"}, "kPB's k is a percentage in (0, 100]"},
		{[]string{"--heuristics", "MCT,MinMin", "--sa-high", "0.8", "--k", "20", "testdata/etc/small.etc"}, "--sa-high is SA's, which --heuristics leaves out"},
		{[]string{"--heuristics", "sa", "--k", "20", "testdata/etc/small.etc"}, "--k is kPB's, which --heuristics leaves out"},
		{[]string{"--heuristics", "MCT,minmin, mct", "testdata/etc/small.etc"}, `etc eval: --heuristics names MCT twice ("MCT", "mct"); keep one`},
		{nil, "give at least one ETC instance file"},
		{[]string{"testdata/etc/small.etc", "testdata/etc/../etc/small.etc"}, "etc eval: testdata/etc/../etc/small.etc names the file testdata/etc/small.etc names; give each instance once"},
	} {
		code, out, errs := runEtc(t, tc.args...)
		if code == 0 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a non-zero exit and one line containing %q", tc.args, code, out, errs, tc.want)
		}
	}
}
