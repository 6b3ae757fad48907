package datadir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFindOrder(t *testing.T) {
	flag, env := t.TempDir(), t.TempDir()
	for _, d := range []string{flag, env} {
		os.MkdirAll(filepath.Join(d, "x"), 0o755)
		os.WriteFile(filepath.Join(d, "x", "f.swf"), []byte("1"), 0o644)
	}
	t.Setenv(EnvVar, env)
	got, err := Find(flag, "x/f.swf", "")
	if err != nil || !strings.HasPrefix(got, flag) {
		t.Fatalf("flag should win: %q %v", got, err)
	}
	got, err = Find("", "x/f.swf", "")
	if err != nil || !strings.HasPrefix(got, env) {
		t.Fatalf("env should be next: %q %v", got, err)
	}
}

func TestFindMissingSaysWhereItLooked(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	_, err := Find(t.TempDir(), "nope/trace.swf", "get it from the archive")
	if !errors.Is(err, ErrMissing) {
		t.Fatalf("want ErrMissing, got %v", err)
	}
	for _, want := range []string{"nope/trace.swf", "--data flag", EnvVar, "../shared/data", "get it from the archive"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestFindMissingNamesLikeData: a path written from memory is answered
// with the catalogue's paths of a like name; a catalogue path, or a name
// like none, with none.
func TestFindMissingNamesLikeData(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	for _, c := range []struct{ rel, want string }{
		{"KTH-SP2.swf", "of a like name: KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz (kth-sp2), sc15-artefact/KTH-SP2 (sc15-kth-sp2);"},
		{"ricc.swf.gz", "of a like name: pwa-swf/RICC-2010-2.swf.gz (ricc-2010-2);"},
		{"traces/LCG.swf", "of a like name: LCG-2005-1/LCG.swf.gz (lcg-2005-1);"},
		{"foo.swf", ""},
		{"pwa-swf/CTC-SP2-1996-3.1-cln.swf.gz", ""},
	} {
		_, err := Find(t.TempDir(), c.rel, "")
		if !errors.Is(err, ErrMissing) {
			t.Fatalf("%s: want ErrMissing, got %v", c.rel, err)
		}
		if got := err.Error(); c.want == "" && strings.Contains(got, "like name") || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %s\nwant %q", c.rel, got, c.want)
		}
	}
}

func TestCatalogIsComplete(t *testing.T) {
	ids := map[string]bool{}
	for _, d := range Catalog() {
		if d.ID == "" || d.Rel == "" || d.Where == "" {
			t.Errorf("incomplete entry %+v", d)
		}
		if ids[d.ID] {
			t.Errorf("duplicate id %s", d.ID)
		}
		ids[d.ID] = true
	}
}

// TestCandidatesList: --data may be a list (verify passes the roots a
// results folder recorded so), searched in its order before the others;
// Roots makes every candidate absolute, each once; the binary's copy of
// the bundled data comes last.
func TestCandidatesList(t *testing.T) {
	t.Setenv(EnvVar, "")
	sep := string(os.PathListSeparator)
	got := Candidates("/a" + sep + sep + "/b")
	if len(got) != 5 || got[0] != (Candidate{"/a", FromFlag}) || got[1] != (Candidate{"/b", FromFlag}) || got[2].Source != FromCwd || got[4].Source != FromEmbedded {
		t.Errorf("Candidates: %v", got)
	}
	roots := Roots("/a" + sep + "/a")
	if len(roots) != 4 || roots[0] != "/a" || !filepath.IsAbs(roots[1]) || !filepath.IsAbs(roots[2]) || !filepath.IsAbs(roots[3]) {
		t.Errorf("Roots: %v", roots)
	}
}
