package datadir

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/data"
)

// awayFromRepo leaves no data root on disk: no GRIDBENCH_DATA, a working
// folder without ./data or ../shared/data, and a cache folder of the
// test's own where the embedded sets are written out.
func awayFromRepo(t *testing.T) (cache string) {
	t.Helper()
	t.Setenv(EnvVar, "")
	cache = t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Chdir(t.TempDir())
	return cache
}

// Every file git tracks under data/ is compiled in, found by pattern, so
// a set added to the repository needs no edit in data/data.go.
func TestEmbeddedHoldsEveryTrackedFile(t *testing.T) {
	root := moduleRoot()
	out, err := exec.Command("git", "-C", root, "ls-files", "data").Output()
	if err != nil || root == "" {
		t.Skipf("skipping: no git checkout to list data/ from (%v)", err)
	}
	files := strings.Fields(string(out))
	if len(files) < 10 {
		t.Fatalf("git ls-files data listed %d files: %q", len(files), files)
	}
	for _, f := range files {
		rel := strings.TrimPrefix(f, "data/")
		want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.ReadFile(data.Files, rel)
		if err != nil {
			t.Errorf("%s is tracked but not embedded: %v", f, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: embedded bytes differ from the file", f)
		}
	}
}

func TestFindFallsBackToEmbedded(t *testing.T) {
	cache := awayFromRepo(t)
	const kth = "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
	p, err := Find("", kth, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p, cache) || !strings.HasSuffix(p, filepath.FromSlash(kth)) {
		t.Fatalf("found %s, want it below the cache folder %s", p, cache)
	}
	// A Braun instance comes out with the .sol files of its folder, which
	// the immediate study lists beside it.
	inst, err := Find("", "braun-hcsp-512x16/u_c_lolo.0", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(inst), "u_c_lolo.0_CPR_5138,0.sol")); err != nil {
		t.Errorf("the instance's .sol file was not written out: %v", err)
	}
	// A copy damaged on disk is written out again, not used or refused.
	os.Truncate(p, 100)
	if p2, err := Find("", kth, ""); err != nil || p2 != p {
		t.Fatalf("after damage: %q %v", p2, err)
	}
	if err := VerifyFile(p, kth); err != nil {
		t.Fatal(err)
	}
	// Hidden, the same file is missing, and the error says where to get it.
	HideEmbeddedForTest(t)
	if _, err := Find("", kth, ""); !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "gridbench data fetch kth-sp2") {
		t.Fatalf("hidden: %v", err)
	}
}

// A folder on disk wins over the binary's copy, and is checked against
// the same manifest: a damaged file there is an error, never replaced by
// the embedded one.
func TestDiskWinsOverEmbedded(t *testing.T) {
	const lcg = "LCG-2005-1/LCG.swf.gz"
	root := copyBundled(t, lcg)
	awayFromRepo(t)
	p, err := Find(root, lcg, "")
	if err != nil || !strings.HasPrefix(p, root) {
		t.Fatalf("want the --data copy, got %q %v", p, err)
	}
	os.Truncate(filepath.Join(root, filepath.FromSlash(lcg)), 1000)
	if _, err := Find(root, lcg, ""); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged --data copy: %v", err)
	}
	// Not in the binary: missing, and the error names the binary as a
	// place looked in.
	_, err = Find("", "pwa-swf/RICC-2010-2.swf.gz", "")
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), string(FromEmbedded)) {
		t.Fatalf("not embedded: %v", err)
	}
}

func TestLocateFindsEmbeddedSets(t *testing.T) {
	awayFromRepo(t)
	found := map[string]bool{}
	errs := map[string]error{}
	for _, l := range Locate("") {
		errs[l.ID] = l.Err
		if l.Found() {
			// A set the repository ships only part of (sc15-kth-sp2: its
			// EASY schedule) is found, and its other files are missing.
			if l.Err != nil && !errors.Is(l.Err, ErrMissing) {
				t.Errorf("%s: %v", l.ID, l.Err)
			}
			found[l.ID] = true
		}
	}
	for _, id := range []string{"braun-512x16", "lcg-2005-1", "kth-sp2"} {
		if !found[id] || errs[id] != nil {
			t.Errorf("%s not found in the binary", id)
		}
	}
}
