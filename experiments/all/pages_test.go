package all_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	_ "github.com/gridbench/gridbench/experiments/all"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/golden"
	"github.com/gridbench/gridbench/internal/latextest"
	"github.com/gridbench/gridbench/pipeline"
)

// TestQuickPagesGolden builds every study's page at --quick --reps 2 in
// process, as `gridbench reproduce --quick --reps 2` does, and compares it
// with testdata/pages/<study>.md: a changed number, sentence or table of
// any page shows in review. The pages are built from the data the
// repository ships (data/, given as --data; GRIDBENCH_DATA cleared), so a
// data set fetched elsewhere does not change them; one fetched into data/
// itself does, and shows here as a difference. Each page's LaTeX form is
// typeset with pdflatex when it is installed.
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
	outs, err := pipeline.Reproduce(context.Background(), pipeline.Options{
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
			golden.Check(t, filepath.Join("testdata", "pages", o.Name+".md"), string(got))
			// The page's LaTeX form, \input by a document in another
			// folder, must typeset with its figures, its tables within
			// the line (when pdflatex is installed).
			tex := filepath.Join(pipeline.ResultsDir(out, o.Name), "page", o.Name+".tex")
			if _, err := os.Stat(tex); err != nil {
				t.Fatal(err)
			}
			log := latextest.Compile(t, t.TempDir(), latextest.Document("\\input{"+filepath.ToSlash(tex)+"}\n"))
			if strings.Contains(log, "in alignment at lines") {
				t.Errorf("a table of %s is wider than the line:\n%s", o.Name, log)
			}
		})
	}
	var names []string
	for _, o := range outs {
		names = append(names, o.Name)
	}
	checkHTMLPages(t, out, names)
}
