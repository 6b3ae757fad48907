package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// repoData is the repository's data/ folder, found before a test changes
// directory.
var repoData, _ = filepath.Abs(filepath.Join("..", "..", "data"))

// copyRepoDataFrom copies files of the repository's data/ below root.
func copyRepoDataFrom(t *testing.T, root string, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		b, err := os.ReadFile(filepath.Join(repoData, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDataCommand(t *testing.T) {
	root := t.TempDir()
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz", "braun-hcsp-512x16/u_c_hihi.0", "braun-hcsp-512x16/u_i_hihi.0")
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir()) // no ./data, no ../shared/data: only --data counts
	lcg := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	braun := filepath.Join(root, "braun-hcsp-512x16")

	code, stdout, stderr := runTrace(t, "data", "--data", root)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"1. " + root + " ",
		"(--data flag, present)",
		"lcg-2005-1     found    " + lcg + " (2.3 MiB; 1 sha256 verified)",
		"braun-512x16   found    " + braun + " (226.2 KiB in 2 files; 2 sha256 verified)",
		"auvergrid      MISSING  auvergrid/anon_jobs.gwf",
		"`gridbench data fetch auvergrid`",
		"http://gwa.ewi.tudelft.nl/ : data set GWA-T-4 AuverGrid, file anon_jobs.gwf inside anon_jobs_gwf.zip",
		"ricc-2010-2    MISSING  pwa-swf/RICC-2010-2.swf.gz",
		"https://www.cs.huji.ac.il/labs/parallel/workload/",
		"https://github.com/chgogos/hcsp",
		"2 of 11 data sets found; `gridbench data fetch NAME...` downloads missing ones into " + root,
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

	// A damaged file is listed as such and the command fails.
	if err := os.WriteFile(lcg, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runTrace(t, "data", "--data", root)
	if code != 1 || !strings.Contains(stdout, "lcg-2005-1     DAMAGED  "+lcg) || !strings.Contains(stdout, "checksum mismatch") ||
		!strings.Contains(stderr, "1 data set(s) damaged") {
		t.Errorf("damaged: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestDataFetchCommand(t *testing.T) {
	root := t.TempDir()
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz")
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir())
	// Present and intact: nothing is downloaded.
	code, stdout, stderr := runTrace(t, "data", "fetch", "--data", root, "lcg-2005-1")
	if code != 0 || !strings.Contains(stdout, "LCG.swf.gz: present") {
		t.Errorf("present: exit %d %q %q", code, stdout, stderr)
	}
	code, _, stderr = runTrace(t, "data", "fetch", "--data", root, "lcg", "kth-sp2")
	if code != 1 || !strings.Contains(stderr, `unknown data set "lcg" (valid: braun-512x16,`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("unknown name: exit %d %q", code, stderr)
	}
	code, _, stderr = runTrace(t, "data", "fetch", "kth-sp2", "--data", root)
	if code != 1 || !strings.Contains(stderr, "flags go before the names") {
		t.Errorf("flag after name: exit %d %q", code, stderr)
	}
	// AuverGrid has no pinned checksum: refused before any download.
	code, _, stderr = runTrace(t, "data", "fetch", "--data", root, "auvergrid")
	if code != 1 || !strings.Contains(stderr, "no pinned checksum for auvergrid/anon_jobs.gwf") || !strings.Contains(stderr, "--allow-unpinned") {
		t.Errorf("unpinned: exit %d %q", code, stderr)
	}
}
