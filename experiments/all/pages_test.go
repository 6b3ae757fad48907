package all_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	_ "github.com/gridbench/gridbench/experiments/all"
	"github.com/gridbench/gridbench/internal/datadir"
)

// update rewrites the page goldens instead of comparing with them; the
// same flag name as cmd/gridbench's goldens, so `go test ./cmd/gridbench
// ./experiments/all -update` rewrites both.
var update = flag.Bool("update", false, "rewrite experiments/all/testdata/pages/*.md from the current output")

// TestQuickPagesGolden builds every study's page at --quick --reps 2 in
// process, as `gridbench reproduce --quick --reps 2` does, and compares it
// with testdata/pages/<study>.md: a changed number, sentence or table of
// any page shows in review. The pages are built from the data the
// repository ships (data/, given as --data; GRIDBENCH_DATA cleared), so a
// data set fetched elsewhere does not change them; one fetched into data/
// itself does, and shows here as a difference.
func TestQuickPagesGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("reproduces every study (about 15 s)")
	}
	t.Setenv(datadir.EnvVar, "")
	data, err := filepath.Abs(filepath.Join("..", "..", "data"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	outs, err := experiments.Reproduce(context.Background(), experiments.Options{
		Config:  experiments.Config{Reps: 2, Quick: true, DataDir: data},
		Out:     out,
		Workers: 2,
		Fresh:   true,
		Report:  true,
		Version: "test",
		Commit:  "test",
		Build:   "test",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) == 0 {
		t.Fatal("no study reproduced")
	}
	for _, o := range outs {
		t.Run(o.Name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(out, "paper", o.Name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "pages", o.Name+".md")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./experiments/all -run %s -update writes it)", err, t.Name())
			}
			if string(got) != string(want) {
				t.Errorf("page differs from %s (check it, then rerun with -update); first difference: %s", golden, firstDiff(string(got), string(want)))
			}
		})
	}
}

// firstDiff quotes the first line where got and want differ.
func firstDiff(got, want string) string {
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
			return "line " + strconv.Itoa(i+1) + ":\n--- got\n" + g + "\n--- want\n" + w
		}
	}
	return "none"
}
