package pipeline

import (
	"io"
	"path/filepath"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The page as a LaTeX fragment, results/<study>/page/<page>.tex, and each
// table as results/<study>/tables/<id>.tex.
func init() {
	RegisterFormat("latex", Format{
		Study: func(t Target, rep *experiments.ReportOutput) error {
			dir := t.PageDir()
			opts := latexBeside(dir, t.PaperDir(), PaperDir(t.Home))
			return writeFile(filepath.Join(dir, rep.Model.ID+".tex"), func(w io.Writer) error {
				return report.WritePageLaTeXWith(w, rep.Model, opts)
			})
		},
		TableExt: ".tex", Table: report.WriteLaTeX,
	})
}

// latexBeside is where the LaTeX fragment in dir finds the figures of the
// Markdown page in paperDir: by absolute path (of homePaper, the paper
// folder the fragment belongs to), for a document anywhere that \input's
// it, and relative to dir, for one compiled beside it.
func latexBeside(dir, paperDir, homePaper string) report.LaTeXOptions {
	var o report.LaTeXOptions
	if abs, err := filepath.Abs(homePaper); err == nil {
		o.GraphicsPath = append(o.GraphicsPath, filepath.ToSlash(abs)+"/")
	}
	if rel, err := filepath.Rel(dir, paperDir); err == nil {
		o.GraphicsPath = append(o.GraphicsPath, filepath.ToSlash(rel)+"/")
	}
	return o
}
