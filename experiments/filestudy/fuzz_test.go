package filestudy_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
)

// FuzzLoad feeds study files to Load and, when one loads, plans it: no
// input may panic, and an error is one line naming the file. The seeds are
// the examples and the files of this package's tests; the corpus grows
// from there.
func FuzzLoad(f *testing.F) {
	examples, _ := filepath.Glob("../../examples/*.toml")
	for _, p := range examples {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{good, goodETC, goodTS, goodLublin, mixedDeadline} {
		f.Add(s)
	}
	// One file per fuzzing process, written over for each input: a folder
	// made and removed per input kept the file system, not the loader,
	// busy.
	p := filepath.Join(f.TempDir(), "s.toml")
	f.Fuzz(func(t *testing.T, text string) {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := filestudy.Load(p)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, p) || strings.Contains(msg, "\n") {
				t.Fatalf("error not one line naming the file: %q", msg)
			}
			return
		}
		s.Plan(experiments.Config{Reps: 2}) // an error is fine; a panic is not
	})
}
