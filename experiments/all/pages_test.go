package all_test

import (
	"context"
	"encoding/json"
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
	checkQuickMarks(t, out, outs)
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

// checkQuickMarks checks that everything a quick run writes apart from
// the pages says it is the smoke test: every study's headline (in the
// index: paper/README.md, paper/index.json, results/index.html) ends with
// the quick mark, and every figure's note line starts with its own.
// Federation's and immediate's headlines did not, and federation's,
// roundrobin's, immediate's and backfilling's figures did not: "Table 4:
// 0/15 …" read as the reproduction's result.
func checkQuickMarks(t *testing.T, out string, outs []*pipeline.Outcome) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "paper", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var idx map[string]struct{ Headline string }
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(out, "paper", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if h := o.Report.Headline; !strings.HasSuffix(h, experiments.QuickHeadlineMark) {
			t.Errorf("%s: the quick headline is not marked: %q", o.Name, h)
		}
		if h := idx[o.Name].Headline; !strings.HasSuffix(h, experiments.QuickHeadlineMark) {
			t.Errorf("%s: index.json's quick headline is not marked: %q", o.Name, h)
		}
		row := "| [" + o.Name + "](" + o.Name + ".md) |"
		_, rest, ok := strings.Cut(string(readme), row)
		if rest, _, _ = strings.Cut(rest, "\n"); !ok || !strings.HasSuffix(rest, experiments.QuickHeadlineMark+" |") {
			t.Errorf("%s: README.md's row does not end with the quick mark: %q", o.Name, row+rest)
		}
	}
	svgs, err := filepath.Glob(filepath.Join(out, "paper", "figures", "*.svg"))
	if err != nil || len(svgs) == 0 {
		t.Fatalf("no SVG figures (%v)", err)
	}
	for _, f := range svgs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), experiments.QuickFigureMark) {
			t.Errorf("%s does not say it is the quick configuration", filepath.Base(f))
		}
	}
}
