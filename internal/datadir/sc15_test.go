package datadir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSC15Catalog: each artefact log is a set of its five pinned
// schedules, fetched from the artefact's commit; a folder holding only
// the bundled EASY schedule is found but incomplete, naming the command
// that completes it.
func TestSC15Catalog(t *testing.T) {
	for _, log := range SC15Logs {
		d, ok := Lookup("sc15-" + strings.ToLower(log))
		if !ok || d.Rel != SC15Dir(log) {
			t.Fatalf("%s: catalogue entry %+v", log, d)
		}
		dls := d.Downloads()
		if len(dls) != 5 {
			t.Fatalf("%s: %d downloads, want the 5 pinned schedules", log, len(dls))
		}
		for _, dl := range dls {
			want := "https://raw.githubusercontent.com/dinesh121991/predictsim/2e5e2d1b8789e9a8feda88504cbdc7ae78e5f89b/experiments/data/" + log + "/simulations/" + filepath.Base(dl.Rel)
			if _, pinned := Pinned(dl.Rel); !pinned || len(dl.URLs) != 1 || dl.URLs[0] != want {
				t.Errorf("%s: %+v (pinned %v), want from %s", log, dl, pinned, want)
			}
		}
	}

	easy := SC15Dir("KTH-SP2") + "/res_easy_backfill_scheduler_None_None.swf.gz"
	src := ForTest(t, easy)
	root := t.TempDir()
	dst := filepath.Join(root, filepath.FromSlash(easy))
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvVar, "")
	t.Chdir(root) // no ./data or ../shared/data beside it
	for _, l := range Locate(root) {
		if l.ID != "sc15-kth-sp2" {
			continue
		}
		var me *MissingError
		if !l.Found() || !errors.As(l.Err, &me) || me.ID != "sc15-kth-sp2" || !strings.Contains(l.Err.Error(), "4 of 5 files of sc15-kth-sp2 are in no data root") || l.Verified != 1 {
			t.Errorf("partial KTH-SP2 folder: found %v, verified %d, error %v", l.Found(), l.Verified, l.Err)
		}
		return
	}
	t.Fatal("sc15-kth-sp2 not located")
}
