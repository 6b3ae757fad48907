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
			name := rep.Model.ID + ".tex"
			opts := latexBeside(t.Out, dir, name, t.PaperDir(), PaperDir(t.Home))
			return writeFile(filepath.Join(dir, name), func(w io.Writer) error {
				return report.WritePageLaTeXWith(w, rep.Model, opts)
			})
		},
		TableExt: ".tex", Table: report.WriteLaTeX,
	})
}

// latexBeside is where the LaTeX fragment dir/name finds the figures of
// the Markdown page in paperDir: from the fragment's own folder, from the
// output folder out, and by the absolute path of homePaper, the paper
// folder the fragment belongs to.
func latexBeside(out, dir, name, paperDir, homePaper string) report.LaTeXOptions {
	var o report.LaTeXOptions
	rel := func(from, to string) string {
		r, err := filepath.Rel(from, to)
		if err != nil {
			return ""
		}
		return filepath.ToSlash(r)
	}
	o.Fragment = rel(out, filepath.Join(dir, name))
	if r := rel(dir, paperDir); r != "" {
		o.FromFragment = r + "/"
	}
	if r := rel(out, paperDir); r != "" {
		o.FromRoot = r + "/"
	}
	if abs, err := filepath.Abs(homePaper); err == nil {
		o.Home = filepath.ToSlash(abs) + "/"
	}
	return o
}
