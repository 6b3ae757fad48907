package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
)

func TestOwner(t *testing.T) {
	names := []string{"dead", "deadline", "immediate"}
	for p, want := range map[string]string{
		"results/deadline/runs.csv":              "deadline",
		"results/x/tables/a.json":                "x",
		"paper/deadline.md":                      "deadline",
		"paper/deadline.claims.json":             "deadline",
		"paper/figures/deadline-fig1.png":        "deadline",
		"paper/figures/dead-fig1.png":            "dead",
		"paper/figures/immediate-example.svg":    "immediate",
		"paper/README.md":                        "",
		"paper/index.json":                       "",
		"results/gridbench.xlsx":                 "",
		"paper/deadlines.md":                     "",
		"paper/figures/deadlinefig.png":          "",
		"results/index.html":                     "",
		"paper/figures/immediate.extra-form.pdf": "immediate",
	} {
		if got := owner(p, names); got != want {
			t.Errorf("owner(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestFirstLineDiff(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"x\ny 1.5 z\n", "x\ny 1.6 z\n", `line 2: "y 1.5 z" on disk, "y 1.6 z" re-rendered`},
		{"x\n", "x\ny\n", `line 2: "" on disk, "y" re-rendered`},
		{"x\ny", "x", `line 2: "y", where its re-rendering ends`},
		{"x\ny\n", "x\n", `line 2: "y" on disk, "" re-rendered`},
		{"a", "a\nb", `line 2: the file ends, its re-rendering goes on with "b"`},
	} {
		if got := firstLineDiff([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("firstLineDiff(%q, %q) = %s, want %s", c.a, c.b, got, c.want)
		}
	}
}

// TestOutputsOnly: a reproduction of one study replaces its entry and
// keeps the others'; the shared files are re-recorded; a file deleted
// since is named by CheckOutputs, and so is a study folder gone.
func TestOutputsOnly(t *testing.T) {
	out := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(out, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p+".new", []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Rename(p+".new", p) // a new file, as an atomic write makes
	}
	round := func(name string, files ...string) {
		t.Helper()
		before := takeSnapshot(out)
		for _, f := range files {
			write(f, f+" of "+name)
		}
		write("paper/README.md", "index after "+name)
		write("results/"+name+"/.gridbench.lock", "") // hidden: never listed
		o := &Outcome{Name: name, Report: &experiments.ReportOutput{}}
		if err := writeOutputs(Options{Out: out, Report: true, Version: "v"}, before, []*Outcome{o}, []*Outcome{o}); err != nil {
			t.Fatal(err)
		}
	}
	round("alpha", "results/alpha/runs.csv", "paper/alpha.md", "paper/figures/alpha-f.png")
	// The workbook holds one run's studies: reproducing beta alone into
	// the folder leaves alpha out of it, and the progress says so.
	beta := []*Outcome{{Name: "beta"}}
	if lost := leftOutOfWorkbook(out, beta); !slices.Equal(lost, []string{"alpha"}) {
		t.Errorf("left out of the workbook %q, want [alpha]", lost)
	}
	round("beta", "results/beta/runs.csv", "paper/beta.md")
	if lost := leftOutOfWorkbook(out, beta); lost != nil {
		t.Errorf("left out of the workbook again %q, want none", lost)
	}
	o, ps := CheckOutputs(out)
	if len(ps) > 0 {
		t.Fatalf("untouched: %v", ps)
	}
	var got []string
	for _, s := range o.Studies {
		for _, f := range s.Files {
			got = append(got, s.Name+":"+f.Path)
		}
	}
	for _, f := range o.Shared {
		got = append(got, "shared:"+f.Path)
	}
	want := []string{"alpha:paper/alpha.md", "alpha:paper/figures/alpha-f.png", "alpha:results/alpha/runs.csv",
		"beta:paper/beta.md", "beta:results/beta/runs.csv", "shared:paper/README.md"}
	if !slices.Equal(got, want) || !slices.Equal(o.Workbook, []string{"beta"}) {
		t.Errorf("outputs %q, workbook %q; want %q, [beta]", got, o.Workbook, want)
	}

	os.Remove(filepath.Join(out, "paper", "alpha.md"))
	os.RemoveAll(filepath.Join(out, "results", "beta"))
	os.WriteFile(filepath.Join(out, "paper", "README.md"), []byte("edited"), 0o644)
	_, ps = CheckOutputs(out)
	var texts []string
	for _, p := range ps {
		rel, _ := filepath.Rel(out, p.File)
		texts = append(texts, filepath.ToSlash(rel)+": "+p.Text)
	}
	for _, w := range []string{"paper/alpha.md: missing", "results/beta: missing: study beta", "paper/README.md: does not match the outputs manifest"} {
		if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("no problem %q in %q", w, texts)
		}
	}
	if len(texts) != 3 {
		t.Errorf("%d problems, want 3: %q", len(texts), texts)
	}
}

// A manifest from a folder someone else wrote that names a file or a
// study outside it is refused as a whole: verify reads each file by its
// path and re-renders each study into a folder of its name.
func TestReadOutputsStaysBelow(t *testing.T) {
	ok := `{"studies": [{"name": "deadline", "report": true, "files": [{"path": "results/deadline/runs.csv", "sha256": "x"}]}], "shared": [{"path": "paper/README.md", "sha256": "y"}]}`
	for _, c := range []struct{ text, want string }{
		{ok, ""},
		{`{"studies": [{"name": "../../tmp/x", "files": []}]}`, `study "../../tmp/x": a study's name is the name of one folder`},
		{`{"studies": [{"name": "a/b", "files": []}]}`, `study "a/b"`},
		{`{"studies": [{"name": "", "files": []}]}`, `study ""`},
		{`{"studies": [{"name": "x", "files": [{"path": "../../etc/passwd"}]}]}`, `file "../../etc/passwd" lies outside the output folder`},
		{`{"studies": [], "shared": [{"path": "/etc/passwd"}]}`, `file "/etc/passwd" lies outside`},
	} {
		p := filepath.Join(t.TempDir(), "outputs.json")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := ReadOutputs(p)
		switch {
		case c.want == "" && (err != nil || len(o.Studies) != 1):
			t.Errorf("%s: %v", c.text, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "outputs.json: ")):
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestCheckOutputsUnlistedFigures: a figure file of a listed study that
// the outputs manifest does not list is named, with what to do: a PDF an
// older build left beside the PNG and SVG of a run without pdf (the LaTeX
// page showed that PDF, and verify passed), and a figure the study no
// longer draws. A study's own hidden files and the figures of a study the
// manifest does not list are not.
func TestCheckOutputsUnlistedFigures(t *testing.T) {
	out := t.TempDir()
	write := func(p string) {
		t.Helper()
		p = filepath.Join(out, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := takeSnapshot(out)
	for _, p := range []string{"results/alpha/runs.csv", "paper/alpha.md", "paper/figures/alpha-f.png", "paper/figures/alpha-f.svg"} {
		write(p)
	}
	o := &Outcome{Name: "alpha", Report: &experiments.ReportOutput{}}
	if err := writeOutputs(Options{Out: out, Report: true, Version: "v"}, before, []*Outcome{o}, []*Outcome{o}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"paper/figures/alpha-f.pdf", "paper/figures/alpha-dropped.png", "paper/figures/.alpha-f.png.tmp", "paper/figures/beta-f.pdf"} {
		write(p)
	}
	_, ps := CheckOutputs(out)
	var got []string
	for _, p := range ps {
		rel, _ := filepath.Rel(out, p.File)
		got = append(got, filepath.ToSlash(rel)+": "+p.Text)
	}
	mp := OutputsPath(out)
	want := []string{
		"paper/figures/alpha-dropped.png: not listed in " + mp + ": study alpha's last reproduce did not write it " +
			"(a figure it did not draw, or a file copied in); delete it",
		"paper/figures/alpha-f.pdf: not listed in " + mp + ": study alpha's last reproduce wrote this figure as png and svg only, " +
			"so this file is an earlier run's, which LaTeX may take for the figure (a .pdf before a .png); reproduce alpha again " +
			"(it writes each figure in exactly the formats it is given) or delete it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
}
