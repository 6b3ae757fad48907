package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func TestDataCommand(t *testing.T) {
	root := t.TempDir()
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir()) // no ./data, no ../shared/data: only --data counts
	lcg := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	if err := os.MkdirAll(filepath.Dir(lcg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lcg, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	braun := filepath.Join(root, "braun-hcsp-512x16")
	os.MkdirAll(braun, 0o755)
	os.WriteFile(filepath.Join(braun, "u_c_hihi.0"), []byte("512 16 0\n"), 0o644)
	os.WriteFile(filepath.Join(braun, "u_i_hihi.0"), []byte("512 16 0\n"), 0o644)

	code, stdout, stderr := runTrace(t, "data", "--data", root)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"1. " + root + " ",
		"(--data flag, present)",
		"lcg-2005-1     found    " + lcg + " (2.0 KiB)",
		"braun-512x16   found    " + braun + " (18 B in 2 files)",
		"auvergrid      MISSING  auvergrid/anon_jobs.gwf",
		"http://gwa.ewi.tudelft.nl/ : data set GWA-T-4 AuverGrid, file anon_jobs.gwf inside anon_jobs_gwf.zip",
		"ricc-2010-2    MISSING  pwa-swf/RICC-2010-2.swf.gz",
		"https://www.cs.huji.ac.il/labs/parallel/workload/",
		"https://github.com/chgogos/hcsp",
		"2 of 11 data sets found",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if n := strings.Count(stdout, " found "); n != 2 {
		t.Errorf("%d found, want 2", n)
	}
	if code, _, stderr := runTrace(t, "data", "extra"); code != 1 || !strings.Contains(stderr, "data takes no arguments") {
		t.Errorf("extra argument: exit %d, %q", code, stderr)
	}
}
