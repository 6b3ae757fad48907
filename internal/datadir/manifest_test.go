package datadir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/data"
)

// repoData is the repository's data/ folder: the bundled sets.
func repoData(t *testing.T) string {
	t.Helper()
	root := moduleRoot()
	if root == "" {
		t.Fatal("no go.mod above the working directory")
	}
	return filepath.Join(root, "data")
}

// bundled lists the data sets shipped in data/, which the studies need.
var bundled = []string{"braun-hcsp-512x16", "LCG-2005-1/LCG.swf.gz", "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"}

func TestManifestParses(t *testing.T) {
	m, err := parseManifest(data.SHA256SUMS)
	if err != nil {
		t.Fatal(err)
	}
	// 12 instances + 24 .sol + licence, the LCG trace: at least these.
	if n := len(PinnedUnder("braun-hcsp-512x16")); n != 37 {
		t.Errorf("braun-hcsp-512x16: %d pinned files, want 37", n)
	}
	if _, ok := m["LCG-2005-1/LCG.swf.gz"]; !ok {
		t.Error("LCG-2005-1/LCG.swf.gz not pinned")
	}
	for _, bad := range []string{"abc  x\n", "  x\n", strings.Repeat("0", 64) + " x\n",
		strings.Repeat("0", 64) + "  x\n" + strings.Repeat("1", 64) + "  x\n"} {
		if _, err := parseManifest(bad); err == nil || !strings.Contains(err.Error(), ManifestName+":") {
			t.Errorf("manifest %q: want an error naming the line, got %v", bad, err)
		}
	}
}

// Every file of the bundled sets is in the repository and matches its pin;
// every file in data/ (but the documentation) is pinned.
func TestBundledDataVerifies(t *testing.T) {
	root := repoData(t)
	for _, rel := range bundled {
		n, err := VerifyAt(root, rel)
		if err != nil {
			t.Fatal(err)
		}
		want := len(scope(rel))
		if n != want {
			t.Errorf("%s: %d files verified, want all %d pinned ones present", rel, n, want)
		}
	}
	err := filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if _, ok := Pinned(rel); !ok && bundledRel(rel) && !strings.HasSuffix(rel, "/PROVENANCE.md") {
			t.Errorf("%s is in data/ but not pinned in %s", rel, ManifestName)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func bundledRel(rel string) bool {
	for _, b := range bundled {
		if rel == b || strings.HasPrefix(rel, b+"/") {
			return true
		}
	}
	return false
}

// copyBundled copies the bundled data into a fresh root the test may damage.
func copyBundled(t *testing.T, rels ...string) string {
	t.Helper()
	src, dst := repoData(t), t.TempDir()
	for _, rel := range rels {
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dst, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestFindRefusesDamagedFile(t *testing.T) {
	const inst, sol = "braun-hcsp-512x16/u_c_lolo.0", "braun-hcsp-512x16/u_c_lolo.0_CPR_5138,0.sol"
	root := copyBundled(t, inst, sol)
	t.Setenv(EnvVar, "")
	if p, err := Find(root, inst, ""); err != nil || !strings.HasSuffix(p, filepath.FromSlash(inst)) {
		t.Fatalf("intact copy: %q %v", p, err)
	}
	// A changed digit in the best-known solution beside the instance: the
	// instance is refused too, and the error names the damaged file.
	p := filepath.Join(root, filepath.FromSlash(sol))
	b, _ := os.ReadFile(p)
	b[0] ^= 1
	os.WriteFile(p, b, 0o644)
	_, err := Find(root, inst, "")
	if !errors.Is(err, ErrCorrupt) || errors.Is(err, ErrMissing) {
		t.Fatalf("want ErrCorrupt (and not ErrMissing), got %v", err)
	}
	for _, want := range []string{p, sol, ManifestName, "gridbench data fetch braun-512x16"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error is not one line: %q", err)
	}
	// A truncated trace.
	root = copyBundled(t, "LCG-2005-1/LCG.swf.gz")
	lcg := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	os.Truncate(lcg, 1000)
	if _, err := Find(root, "LCG-2005-1/LCG.swf.gz", ""); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), lcg) {
		t.Fatalf("truncated LCG: %v", err)
	}
}

// A file not in the manifest (a user's own trace below a data root) is
// used as it is.
func TestUnpinnedFileIsUsed(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "mine"), 0o755)
	os.WriteFile(filepath.Join(root, "mine", "t.swf"), []byte("1 0 0 1 1\n"), 0o644)
	if _, err := Find(root, "mine/t.swf", ""); err != nil {
		t.Fatal(err)
	}
}

func TestMissingNamesFetchCommand(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	HideEmbeddedForTest(t)
	_, err := Find(t.TempDir(), "LCG-2005-1/LCG.swf.gz", "")
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "gridbench data fetch lcg-2005-1") {
		t.Fatalf("got %v", err)
	}
}

func TestLocateReportsDamage(t *testing.T) {
	root := copyBundled(t, "LCG-2005-1/LCG.swf.gz")
	os.Truncate(filepath.Join(root, "LCG-2005-1", "LCG.swf.gz"), 10)
	t.Setenv(EnvVar, "")
	t.Chdir(t.TempDir())
	for _, l := range Locate(root) {
		switch l.ID {
		case "lcg-2005-1":
			if !l.Found() || !errors.Is(l.Err, ErrCorrupt) || l.Verified != 0 {
				t.Errorf("lcg: found %v err %v verified %d", l.Found(), l.Err, l.Verified)
			}
		case "auvergrid":
			if l.Pinned || l.Found() || !errors.Is(l.Err, ErrMissing) {
				t.Errorf("auvergrid: pinned %v found %v err %v", l.Pinned, l.Found(), l.Err)
			}
		}
	}
}

func TestIgnorePinsForTest(t *testing.T) {
	root := copyBundled(t, "LCG-2005-1/LCG.swf.gz")
	os.Truncate(filepath.Join(root, "LCG-2005-1", "LCG.swf.gz"), 10)
	t.Run("ignored", func(t *testing.T) {
		IgnorePinsForTest(t)
		if _, err := Find(root, "LCG-2005-1/LCG.swf.gz", ""); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := Find(root, "LCG-2005-1/LCG.swf.gz", ""); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("pins still ignored after the test: %v", err)
	}
}
