// Package golden is the one -update flag of every golden-file test
// (cmd/gridbench's help pages and outputs, experiments/all's quick pages)
// and the comparison they share. Only tests import it: `go test
// ./cmd/gridbench ./experiments/all -update` rewrites every golden file
// from the current output, to be reviewed as a diff. (A package whose
// tests do not import it rejects the flag, so `go test ./... -update`
// does not work; name the packages.)
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Update is the -update flag: rewrite the golden files instead of
// comparing with them.
var Update = flag.Bool("update", false, "rewrite the golden files under testdata from the current output")

// Check compares got with the golden file at path, or writes it with
// -update. A difference is reported with the first differing line.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run '%s' -update writes it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("output differs from %s (check it, then rerun with -update); %s", path, FirstDiff(got, string(want)))
	}
}

// FirstDiff quotes the first line where got and want differ.
func FirstDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n--- got\n" + g + "\n--- want\n" + w
		}
	}
	return "no line differs"
}
