package roundrobin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
)

// checkLaTeX compiles the page's LaTeX form (results/roundrobin/page/roundrobin.tex
// under out, with the figures of out's paper folder) inside a minimal
// document, when pdflatex is installed: a character or construct the
// renderer does not translate stops the run.
func checkLaTeX(t *testing.T, out string) {
	t.Helper()
	latex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Log("pdflatex not on PATH: the page's LaTeX form was not compiled")
		return
	}
	tex, err := os.ReadFile(filepath.Join(experiments.ResultsDir(out, Name), "page", Name+".tex"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(experiments.PaperDir(out), "figures"), filepath.Join(dir, "figures")); err != nil {
		t.Fatal(err)
	}
	doc := "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs,longtable,graphicx,hyperref}\n\\begin{document}\n" +
		string(tex) + "\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(latex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		lines := strings.Split(string(b), "\n")
		t.Fatalf("pdflatex on the page's LaTeX form: %v\n%s", err, strings.Join(lines[max(0, len(lines)-30):], "\n"))
	}
}
