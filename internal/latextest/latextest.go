// Package latextest typesets LaTeX in tests with pdflatex, when it is
// installed (Debian: texlive-latex-base texlive-latex-recommended), so that
// what gridbench writes as LaTeX is checked by LaTeX itself.
package latextest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Preamble is the minimal document the page renderers' fragments and the
// table files need (pdflscape for a table set on landscape pages).
const Preamble = "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n" +
	"\\usepackage{booktabs,longtable,graphicx,hyperref,pdflscape}\n"

// Document wraps a fragment in Preamble and a document environment.
func Document(fragment string) string {
	return Preamble + "\\begin{document}\n" + fragment + "\\end{document}\n"
}

// Compile writes doc as dir/doc.tex and runs pdflatex on it twice
// (longtable settles its column widths on the second run). It fails tb on
// a LaTeX error, naming the last lines of the log, and on a character the
// fonts lack; it returns pdflatex's output of the second run. Without
// pdflatex on PATH it logs that the LaTeX was not typeset and returns "".
func Compile(tb testing.TB, dir, doc string) string {
	tb.Helper()
	latex, err := exec.LookPath("pdflatex")
	if err != nil {
		tb.Log("pdflatex not on PATH: the LaTeX was checked as text only")
		return ""
	}
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		tb.Fatal(err)
	}
	var out []byte
	for range 2 {
		cmd := exec.Command(latex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
		cmd.Dir = dir
		if out, err = cmd.CombinedOutput(); err != nil {
			lines := strings.Split(string(out), "\n")
			tb.Fatalf("pdflatex: %v\n%s", err, strings.Join(lines[max(0, len(lines)-30):], "\n"))
		}
	}
	if log, _ := os.ReadFile(filepath.Join(dir, "doc.log")); strings.Contains(string(log), "Missing character") {
		tb.Errorf("pdflatex dropped characters:\n%s", log)
	}
	return string(out)
}
